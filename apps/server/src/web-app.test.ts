import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/test-app';

let test: TestApp;
const HASHED_SOURCE = 'export const seite = "Übersicht";'.repeat(100);
beforeAll(async () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'burgwall-web-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Burgwall</title>');
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'assets', 'small.css'), 'body{margin:0}');
  const hashed = path.join(dist, 'assets', 'page-Ab12Cd34.js');
  writeFileSync(hashed, HASHED_SOURCE);
  writeFileSync(`${hashed}.br`, brotliCompressSync(HASHED_SOURCE));
  writeFileSync(`${hashed}.gz`, gzipSync(HASHED_SOURCE));
  test = await createTestApp({ WEB_DIST: dist });
});
afterAll(() => test.close());

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('web app and API on one port', () => {
  it('serves the web app for browser navigations, also where an API route has the same path', async () => {
    for (const url of ['/', '/client/0f8fad5b-d9cb-469f-a165-70867728950e/ioe/exceptions', '/provider/x/monitoring']) {
      const response = await test.app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
    }
  });

  it('answers API calls (JSON, errors as problem details) from the API, here the real exceptions route refusing a call without token', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/client/0f8fad5b-d9cb-469f-a165-70867728950e/ioe/exceptions',
      headers: { accept: 'application/json' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toContain('application/problem+json');
  });

  it('answers the unsubscribe links of mails with the server’s page, not the app, when a browser opens them', async () => {
    const token = `0f8fad5b-d9cb-469f-a165-70867728950e.${'A'.repeat(43)}`;
    for (const url of [`/user/email-subscription/update?token=${token}`, `/saas/user/email-subscription/update?token=${token}`]) {
      const response = await test.app.inject({ method: 'GET', url, headers: { ...html, 'sec-fetch-mode': 'navigate' } });
      expect(response.statusCode, url).toBe(400);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.body, url).toContain('Dieser Abmeldelink ist ungültig oder unvollständig.');
    }
  });

  it('serves build files as they are and never the app for /api paths', async () => {
    const asset = await test.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.body).toBe('console.log(1)');
    // A file too small for a compressed copy stays as it is, also for a browser (the API's compression skips them).
    const small = await test.app.inject({ method: 'GET', url: '/assets/small.css', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('body{margin:0}');
    const api = await test.app.inject({ method: 'GET', url: '/api/nothing', headers: html });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(api.json().detail).toBe('Die Adresse GET /api/nothing gibt es nicht.');
  });
});

describe('pre-compressed, cached build files', () => {
  it('sends the brotli copy with Content-Encoding and a year of immutable caching to a browser that accepts it', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/assets/page-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(HASHED_SOURCE);
  });

  it('falls back to gzip, and to the plain file for a client that accepts neither', async () => {
    const gzip = await test.app.inject({ method: 'GET', url: '/assets/page-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await test.app.inject({ method: 'GET', url: '/assets/page-Ab12Cd34.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(HASHED_SOURCE);
  });

  it('has index.html asked for again on every visit (it names the current hashed files)', async () => {
    const page = await test.app.inject({ method: 'GET', url: '/client/x/dashboard', headers: html });
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});
