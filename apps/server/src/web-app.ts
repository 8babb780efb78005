import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Server-rendered or machine paths that are never part of the single-page app. */
const NON_SPA_PREFIXES = [
  '/api/',
  '/api-docs',
  '/openapi.json',
  '/oidc',
  '/account/',
  '/cdn/',
  '/content/',
  '/_ipx/',
  '/assets/',
  '/your-endpoint-url',
  // The unsubscribe links of mails are opened in a browser and answer server-rendered pages; /saas is API only.
  '/user/email-subscription/',
  '/saas/',
];

/**
 * Browser navigations (Accept: text/html) get the web app, even where the
 * REST API has a route of the same path (SPEC §2 pages and SPEC §7 calls share
 * prefixes like /client/{id}/…); API calls ask for JSON and reach the API.
 */
export function isPageNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '/';
  if (NON_SPA_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return false;
  if (request.headers['sec-fetch-mode'] === 'navigate') return true;
  const accept = request.headers.accept ?? '';
  return accept.startsWith('text/html');
}

/** Vite puts a content hash into every file name under /assets/, so a changed file is a new URL. */
const HASHED_ASSETS = `${path.sep}assets${path.sep}`;
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/** Hashed build files are cached for a year; everything else (index.html, build meta) is asked for again each time. */
function setCacheHeaders(response: { setHeader(name: string, value: string): unknown }, file: string): void {
  response.setHeader('cache-control', file.includes(HASHED_ASSETS) ? IMMUTABLE_CACHE : 'no-cache');
  response.setHeader('vary', 'Accept-Encoding');
}

/**
 * Serves the built web app from `webDist` (if built) with the SPA navigation rule above.
 * The build writes .br and .gz next to each file; they are sent as they are with Content-Encoding.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<boolean> {
  const indexHtml = path.join(webDist, 'index.html');
  if (!existsSync(indexHtml)) return false;
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: setCacheHeaders,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!isPageNavigation(request)) return;
    const file = request.url.split('?')[0] ?? '/';
    // Real files of the build (favicon, meta JSON) are served as they are.
    if (file !== '/' && existsSync(path.join(webDist, path.normalize(file)))) return;
    return reply.type('text/html').sendFile('index.html');
  });
  return true;
}
