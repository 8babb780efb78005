/**
 * Compressed answers for callers that accept them (every browser does): JSON and text above 1 KB in Brotli or gzip.
 * The dashboard's IoE states (~76 KB) come pre-compressed (`precompressed-json.ts`) with their Content-Encoding, which
 * this plugin leaves alone; the web app's build files are compressed at build time (`web-app.ts`) and served by routes
 * registered before this plugin (app.ts), so those too small for a compressed copy stay as they are. Request
 * bodies are not touched here: the collector's gzip uploads are decompressed by their routes, as a stream with a cap
 * (`collector/gzip-body.ts`).
 */
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

// JSON of any kind (problem+json, graphql-response+json), text except event streams, XML. Not octet-stream, ZIP, PDF
// or XLSX: downloads keep their length, and those formats are compressed already.
const COMPRESSIBLE = /^(?:application\/(?:[\w.+-]+\+)?(?:json|xml)|text\/(?!event-stream))/u;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
    // Per answer, so cheap levels: on JSON (the client list of 1,000 cards, 400 KB) Brotli 1 takes half the time of the
    // plugin's default 4 for a 2 % larger result, gzip 3 less than half of gzip 6 for 6 %.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } },
    zlibOptions: { level: 3 },
    // On a machine whose cores the server shares with PostgreSQL there is no spare core for the stream path to overlap
    // with (see the plugin's README): answers up to 64 KB are compressed in one call.
    syncThreshold: 65_536,
  });
}
