import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { createDb } from '../db/database';
import type { Services } from '../services';
import { VERSION } from '../version';
import { registerHealthRoute } from './health-route';

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

  it('answers error (503) with the version when the database does not answer', async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const db = createDb('postgres://burgwall@127.0.0.1:1/unreachable', 1);
    registerHealthRoute(app, { db } as Services);
    try {
      const response = await app.inject({ method: 'GET', url: '/services/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'error', version: VERSION });
    } finally {
      await app.close();
      await db.destroy();
    }
  });

  it('answers unknown API paths with a German problem 404', async () => {
    const unknown = await test.app.inject({ method: 'GET', url: '/services/nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(unknown.json().detail).toBe('Die Adresse GET /services/nope gibt es nicht.');
  });
});
