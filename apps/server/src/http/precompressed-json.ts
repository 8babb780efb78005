/**
 * A JSON answer that many requests receive unchanged (the dashboard's IoE states, ~76 KB): compressed once per encoding
 * when first asked for, then sent as it is. Compressing it per request would cost more CPU than the rest of the request;
 * sending it uncompressed costs the most of all (bench/api: writing 76 KB to the socket took ~0.6 ms per answer).
 * `@fastify/compress` leaves an answer alone that already carries a Content-Encoding.
 */
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

type Encoding = 'br' | 'gzip';

// Brotli first, as `@fastify/compress` prefers it; its negotiation honours the caller's q-values.
const negotiator = new Negotiator<Encoding | 'identity'>({ supportedValues: ['br', 'gzip', 'identity'] });

const compressors: Record<Encoding, (json: string) => Buffer> = {
  // Quality 5: one compression serves many answers, so a little more effort than the per-request default (4) pays.
  br: (json) => brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(json) } }),
  gzip: (json) => gzipSync(json),
};

/** Smaller answers are sent as they are, as `@fastify/compress` does with others (its default threshold). */
const COMPRESSED_FROM_BYTES = 1024;

export class PrecompressedJson {
  readonly #encoded = new Map<Encoding, Buffer>();
  /** Whether the answer is large enough to be worth compressing. */
  readonly compressible: boolean;

  constructor(readonly json: string) {
    this.compressible = Buffer.byteLength(json) >= COMPRESSED_FROM_BYTES;
  }

  encoded(encoding: Encoding): Buffer {
    let body = this.#encoded.get(encoding);
    if (!body) {
      body = compressors[encoding](this.json);
      this.#encoded.set(encoding, body);
    }
    return body;
  }
}

/** Sends the answer in the best encoding the caller accepts (none: the JSON text as it is). */
export function sendPrecompressedJson(request: FastifyRequest, reply: FastifyReply, answer: PrecompressedJson): FastifyReply {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const accepted = request.headers['accept-encoding'];
  const encoding = accepted && answer.compressible ? negotiator.negotiate(accepted) : null;
  if (encoding === null || encoding === 'identity') return reply.send(answer.json);
  return reply.header('content-encoding', encoding).send(answer.encoded(encoding));
}
