import { createGunzip } from 'node:zlib';
import type { FastifyRequest } from 'fastify';

/**
 * preParsing hook: accepts 'Content-Encoding: gzip' request bodies. The route's bodyLimit then applies
 * to the decompressed size, so a small gzip bomb cannot expand without bound.
 */
export async function gunzipRequestBody(request: FastifyRequest, _reply: unknown, payload: NodeJS.ReadableStream) {
  const encoding = String(request.headers['content-encoding'] ?? '').toLowerCase();
  if (encoding !== 'gzip') return payload;
  delete request.headers['content-length'];
  const gunzip = createGunzip();
  payload.pipe(gunzip);
  payload.on('error', (error) => gunzip.destroy(error as Error));
  return gunzip;
}
