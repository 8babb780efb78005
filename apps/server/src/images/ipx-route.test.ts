import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

describe('GET /_ipx', () => {
  it('resizes a repository image to webp with the requested width', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/_ipx/w_320&f_webp&q_100/landing/dashboard.png' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    const meta = await sharp(response.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 320 });
  });

  it('answers 404 for a missing file and does not fetch remote URLs', async () => {
    expect((await test.app.inject({ method: 'GET', url: '/_ipx/w_320/landing/missing.png' })).statusCode).toBe(404);
    const remote = await test.app.inject({ method: 'GET', url: '/_ipx/_/http://127.0.0.1:1/x.png' });
    expect(remote.statusCode).toBeGreaterThanOrEqual(400);
  });
});
