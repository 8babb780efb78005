// @vitest-environment node
/**
 * The image fetch to a base64 data URL over real HTTP against the server's /_ipx proxy, which converts the content image with the
 * placeholder's modifiers, and the data URL carries exactly the bytes the proxy served.
 */
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerImageProxy } from '../../../server/src/images/ipx-route';
import { fetchImageDataUrl } from './image-data-url';
import { ipxUrl } from './ipx-url';

let server: FastifyInstance;
let origin: string;

beforeAll(async () => {
  // The server's real image proxy over its real content folder (no database needed), plus a JSON route.
  server = Fastify();
  registerImageProxy(server, path.resolve(import.meta.dirname, '../../../server/content'));
  server.get('/services/health', async () => ({ status: 'ok' }));
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}, 60_000);
afterAll(() => server?.close());

describe('fetchImageDataUrl', () => {
  it('inlines the /_ipx placeholder of a content image as a webp data URL', async () => {
    const url = ipxUrl('landing/dashboard.png', { width: 24, format: 'webp', quality: 40 });
    const dataUrl = await fetchImageDataUrl(url, { origin });
    expect(dataUrl).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/]+=*$/);
    const served = Buffer.from(await (await fetch(`${origin}${url}`)).arrayBuffer());
    const inlined = Buffer.from(dataUrl.split(',')[1]!, 'base64');
    expect(inlined.equals(served)).toBe(true);
    expect(inlined.subarray(8, 12).toString('ascii')).toBe('WEBP');
    expect(inlined.byteLength).toBeLessThan(2000);
  });

  it('refuses other hosts, missing images, non-images and images too large, in German', async () => {
    await expect(fetchImageDataUrl('https://evil.example/x.png', { origin })).rejects.toThrow('Bilder werden nur vom eigenen Server geladen, nicht von evil.example.');
    await expect(fetchImageDataUrl('//169.254.169.254/latest', { origin })).rejects.toThrow(/nur vom eigenen Server/);
    await expect(fetchImageDataUrl('/_ipx/_/landing/gibt-es-nicht.png', { origin })).rejects.toThrow(/konnte nicht geladen werden \(HTTP 404\)/);
    await expect(fetchImageDataUrl('/services/health', { origin })).rejects.toThrow('/services/health ist kein Bild (application/json).');
    await expect(fetchImageDataUrl('/_ipx/_/landing/dashboard.png', { origin, maxBytes: 100 })).rejects.toThrow(/ist zu groß für eine Daten-URL/);
  });
});
