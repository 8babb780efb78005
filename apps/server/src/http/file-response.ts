import type { Readable } from 'node:stream';
import { z } from 'zod';

/** What a download handler sends: Fastify passes these through without the JSON serializer. */
type FileBody = Buffer | Readable | string;

/**
 * Response schema of a file download (installer zip, PDF report, certificate) for a route's `schema.response`:
 * OpenAPI shows the media type and a binary body; the handler sends a Buffer, a stream or text.
 */
export function fileResponse(contentType: string, description: string) {
  // Typed as the body the handler sends; documented as OpenAPI's binary string.
  const binary = z.string().meta({ format: 'binary' }) as unknown as z.ZodType<FileBody>;
  return { description, content: { [contentType]: { schema: binary } } };
}
