import { Transform, type TransformCallback } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import { payloadTooLarge } from '../http/problem';

/**
 * How much larger than its compressed form a body may become. Collector JSON compresses 10–30 fold; a gzip bomb
 * (zeros) a thousand fold, so the bomb is cut off after a few dozen megabytes instead of the route's full bodyLimit.
 */
export const MAX_EXPANSION = 50;
/** Headroom for small bodies, whose ratio says little. */
const SMALL_BODY_BYTES = 1024 * 1024;

const TOO_EXPANDED = `Die gzip-Daten entpacken sich auf mehr als das ${MAX_EXPANSION}-Fache ihrer Größe – so stark komprimieren Verzeichnisdaten nicht. Die Übertragung wurde abgebrochen.`;

/** Counts the decompressed bytes and fails the stream (413) as soon as they pass `limit`. */
function sizeCap(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      seen += chunk.length;
      if (seen > limit) return callback(payloadTooLarge(TOO_EXPANDED));
      callback(null, chunk);
    },
  });
}

/**
 * preParsing hook: accepts 'Content-Encoding: gzip' request bodies, decompressed as a stream with a cap of
 * MAX_EXPANSION times the compressed size (Content-Length, which the collector always sends) and at most the route's
 * bodyLimit, which Fastify applies to the decompressed size too.
 */
export async function gunzipRequestBody(request: FastifyRequest, _reply: unknown, payload: NodeJS.ReadableStream) {
  const encoding = String(request.headers['content-encoding'] ?? '').toLowerCase();
  if (encoding !== 'gzip') return payload;
  const compressed = Number(request.headers['content-length']);
  delete request.headers['content-length'];
  const limit = Number.isFinite(compressed) && compressed > 0 ? compressed * MAX_EXPANSION + SMALL_BODY_BYTES : SMALL_BODY_BYTES * MAX_EXPANSION;
  const gunzip = createGunzip();
  const cap = sizeCap(limit);
  payload.on('error', (error) => gunzip.destroy(error as Error));
  gunzip.on('error', (error) => cap.destroy(error));
  payload.pipe(gunzip).pipe(cap);
  return cap;
}
