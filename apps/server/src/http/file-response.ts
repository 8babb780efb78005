import { z } from 'zod';

/**
 * Response schema of a file download (installer zip, PDF report, certificate) for a route's `schema.response`:
 * OpenAPI shows the media type and a binary body; the handler sends a Buffer or stream, which Fastify passes through
 * without the JSON serializer.
 */
export function fileResponse(contentType: string, description: string) {
  return {
    description,
    content: { [contentType]: { schema: z.string().meta({ format: 'binary' }) } },
  };
}
