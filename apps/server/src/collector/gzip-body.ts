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

/** Counts the bytes passing through and fails the stream (413 with `detail`) as soon as they pass `limit`. */
function sizeCap(limit: number, detail: string): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      seen += chunk.length;
      if (seen > limit) return callback(payloadTooLarge(detail));
      callback(null, chunk);
    },
  });
}

/** `source` gunzipped into a size cap; an error anywhere fails the returned stream (what the reader sees). */
function gunzipInto(source: NodeJS.ReadableStream, cap: Transform): Transform {
  const gunzip = createGunzip();
  source.on('error', (error) => gunzip.destroy(error as Error));
  gunzip.on('error', (error) => cap.destroy(error));
  source.pipe(gunzip).pipe(cap);
  return cap;
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
  return gunzipInto(payload, sizeCap(limit, TOO_EXPANDED));
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toLocaleString('de-DE')} MB`;

/**
 * preParsing hook of routes that read their body as a stream (snapshot parts): at most `limits.sent` bytes as sent (413
 * at once when Content-Length announces more, else as soon as more arrived) and, when gzip, at most `limits.unpacked`
 * bytes unpacked. No expansion ratio here: the body is never held whole, so only its absolute size matters.
 */
export function cappedStreamBody(limits: { sent: number; unpacked: number }) {
  const tooLarge = `Ein Teil darf gesendet höchstens ${mb(limits.sent)} groß sein; nichts davon wurde gespeichert. Bitte in kleineren Teilen senden.`;
  const unpackedTooLarge = `Ein Teil darf entpackt höchstens ${mb(limits.unpacked)} groß sein; nichts davon wurde gespeichert. Bitte in kleineren Teilen senden.`;
  return async (request: FastifyRequest, _reply: unknown, payload: NodeJS.ReadableStream) => {
    if (Number(request.headers['content-length']) > limits.sent) throw payloadTooLarge(tooLarge);
    const sent = sizeCap(limits.sent, tooLarge);
    payload.on('error', (error) => sent.destroy(error as Error));
    payload.pipe(sent);
    const encoding = String(request.headers['content-encoding'] ?? '').toLowerCase();
    const body = encoding === 'gzip' ? gunzipInto(sent, sizeCap(limits.unpacked, unpackedTooLarge)) : sent;
    // The handler may still be busy (a database lookup) when the body fails: the error is kept in the stream and thrown
    // to the handler when it reads; as an event without a listener it would end the process.
    body.on('error', () => undefined);
    return body;
  };
}
