import { useGermanValidationMessages } from '@burgwall/shared';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { conflict, registerProblemHandlers } from './problem';

const app = Fastify({ genReqId: () => 'req-1234' }).withTypeProvider<ZodTypeProvider>();

beforeAll(async () => {
  useGermanValidationMessages();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerProblemHandlers(app);
  app.post('/exceptions', { schema: { body: z.object({ reason: z.string().max(200) }), response: { 200: z.object({ ok: z.boolean() }) } } }, () => ({ ok: true }));
  app.post('/batch', { schema: { body: z.object({ rows: z.array(z.number()) }) } }, () => ({ ok: true }));
  app.get('/broken', () => {
    throw new Error('relation "client_9f.finding" does not exist at Parser.parseErrorMessage (/app/node_modules/pg/lib/parser.js:1)');
  });
  app.get('/database-down', () => {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  });
  app.get('/taken', () => {
    throw conflict('Diese E-Mail-Adresse ist bereits vergeben.');
  });
  await app.ready();
});
afterAll(() => app.close());

describe('problem details', () => {
  it('answers a validation error with the field named in German', async () => {
    const response = await app.inject({ method: 'POST', url: '/exceptions', payload: { reason: 'x'.repeat(201) } });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json()).toEqual({
      type: 'urn:burgwall:problem:validation',
      title: 'Ungültige Eingabe',
      status: 400,
      detail: 'Der Grund darf höchstens 200 Zeichen lang sein.',
      instance: '/exceptions',
      errors: [{ path: 'body.reason', message: 'Der Grund darf höchstens 200 Zeichen lang sein.' }],
    });
  });

  it('lists at most 20 field errors, so a rejected large batch gets a small answer', async () => {
    const response = await app.inject({ method: 'POST', url: '/batch', payload: { rows: Array.from({ length: 5000 }, () => 'x') } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveLength(20);
    expect(response.json().detail).toMatch(/^Die Anfrage enthält 5000 ungültige Angaben: .* … und 4995 weitere\.$/);
    expect(response.body.length).toBeLessThan(5000);
  });

  it('answers malformed JSON in German', async () => {
    const response = await app.inject({ method: 'POST', url: '/exceptions', headers: { 'content-type': 'application/json' }, payload: '{"reason":' });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('Der Inhalt der Anfrage ist kein gültiges JSON.');
  });

  it('never shows database or stack text in a 500, only the request id', async () => {
    const response = await app.inject({ url: '/broken' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toMatch(/relation|client_9f|node_modules|Parser/);
    expect(response.json()).toMatchObject({ status: 500, requestId: 'req-1234', detail: expect.stringContaining('req-1234') });
  });

  it('answers 503 while the database is unreachable', async () => {
    const response = await app.inject({ url: '/database-down' });
    expect(response.statusCode).toBe(503);
    expect(response.body).not.toContain('ECONNREFUSED');
    expect(response.json().detail).toContain('vorübergehend nicht erreichbar');
  });

  it('passes a thrown problem through with its status and detail, and names unknown routes', async () => {
    const taken = await app.inject({ url: '/taken' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ type: 'urn:burgwall:problem:conflict', title: 'Konflikt', detail: 'Diese E-Mail-Adresse ist bereits vergeben.' });
    const unknown = await app.inject({ url: '/gibt-es-nicht?x=1' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('Die Adresse GET /gibt-es-nicht gibt es nicht.');
  });
});
