import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../../test-support/test-app';
import { VERSION } from '../../version';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

describe('GET /services/health', () => {
  it('answers ok with the package version', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/services/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', version: VERSION });
    expect(VERSION).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const unknown = await test.app.inject({ method: 'GET', url: '/services/nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Route GET /services/nope not found');
  });
});
