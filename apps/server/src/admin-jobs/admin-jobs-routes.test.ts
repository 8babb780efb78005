/**
 * /admin/jobs on real PostgreSQL with the real pg-boss queue: a job that throws appears with its error and its client,
 * „Erneut versuchen“ queues it again and the next attempt runs; only admins see or retry jobs.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminJobsAnswer } from '@burgwall/shared';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { errorTextOf } from './admin-jobs-service';

const FLAKY_JOB = 'test.flaky';
let testApp: TestApp;
let clientId: string;
let providerId: string;
/** The flaky job fails while this is true (its first attempt), then succeeds. */
let failing = true;
const attempts: string[] = [];
const LONG_REASON = 'Verbindung zum LDAP-Server abgelehnt: '.padEnd(900, 'x');

async function jobState(id: string): Promise<string | undefined> {
  const result = await sql<{ state: string }>`SELECT state::text AS state FROM pgboss.job WHERE id = ${id}::uuid`.execute(testApp.database.db);
  return result.rows[0]?.state;
}

async function waitForState(id: string, state: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while ((await jobState(id)) !== state) {
    if (Date.now() > deadline) throw new Error(`job ${id} is ${await jobState(id)}, not ${state}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function jobIdOf(marker: string): Promise<string> {
  const result = await sql<{ id: string }>`SELECT id FROM pgboss.job WHERE name = ${FLAKY_JOB} AND data->>'marker' = ${marker}`.execute(testApp.database.db);
  const id = result.rows[0]?.id;
  if (!id) throw new Error(`no job ${marker}`);
  return id;
}

async function asAdmin(method: 'GET' | 'POST', url: string) {
  return testApp.app.inject({ method, url, headers: await testApp.headersFor('admin', null) });
}

beforeAll(async () => {
  testApp = await createTestApp();
  // A job kind of the test's own, defined before the workers start: it throws like a real job does.
  testApp.services.jobs.define<{ clientId?: string; marker: string; long?: boolean }>({
    name: FLAKY_JOB,
    retryLimit: 0,
    handler: async ({ marker, long }) => {
      attempts.push(marker);
      if (failing) throw new Error(long ? LONG_REASON : `Auftrag ${marker} absichtlich fehlgeschlagen`);
    },
  });
  await testApp.app.ready();
  ({ clientId, providerId } = await insertProviderWithClient(testApp.database.db, { name: 'Kunde Jobtest AG' }));
}, 60_000);

afterAll(async () => {
  await testApp?.close();
});

describe('GET /admin/jobs and POST /admin/jobs/{queue}/{id}/retry', () => {
  it('shows a failed job with its error and client, and retry runs it again', async () => {
    await testApp.services.jobs.enqueue(FLAKY_JOB, { clientId, marker: 'eins' });
    await testApp.services.jobs.enqueue(FLAKY_JOB, { marker: 'lang', long: true });
    const id = await jobIdOf('eins');
    const longId = await jobIdOf('lang');
    await waitForState(id, 'failed');
    await waitForState(longId, 'failed');

    const response = await asAdmin('GET', '/admin/jobs');
    expect(response.statusCode).toBe(200);
    const answer = response.json<AdminJobsAnswer>();
    const queue = answer.queues.find((entry) => entry.queue === FLAKY_JOB);
    expect(queue?.counts.failed).toBe(2);
    // The product's own queues are listed too, with their German labels.
    expect(answer.queues.find((entry) => entry.queue === 'ioe-evaluate')?.label).toBe('Auswertung der Prüfungen');
    // Every queue of the product has one (the page showed `snapshot-prune` by its name); only the test's own has none.
    expect(answer.queues.filter((entry) => entry.label === entry.queue).map((entry) => entry.queue)).toEqual([FLAKY_JOB]);
    expect(answer.totals.failed).toBeGreaterThanOrEqual(2);

    const failure = answer.failures.find((entry) => entry.id === id);
    expect(failure).toMatchObject({
      queue: FLAKY_JOB,
      state: 'failed',
      error: 'Auftrag eins absichtlich fehlgeschlagen',
      errorTruncated: false,
      clientId,
      clientName: 'Kunde Jobtest AG',
    });
    const long = answer.failures.find((entry) => entry.id === longId);
    expect(long).toMatchObject({ errorTruncated: true, clientId: null, clientName: null });
    expect(long?.error.length).toBe(500);
    expect(long?.error.startsWith('Verbindung zum LDAP-Server abgelehnt')).toBe(true);
    // No stack trace (it names the server's files).
    expect(response.body).not.toContain('admin-jobs-routes.test.ts');
    expect(answer.clients).toContainEqual({ clientId, clientName: 'Kunde Jobtest AG', waiting: 0, active: 0, failed: 1 });

    failing = false;
    const retried = await asAdmin('POST', `/admin/jobs/${FLAKY_JOB}/${id}/retry`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({ id, queue: FLAKY_JOB, state: 'retry' });
    await waitForState(id, 'completed');
    expect(attempts.filter((marker) => marker === 'eins')).toHaveLength(2);

    const after = (await asAdmin('GET', '/admin/jobs')).json<AdminJobsAnswer>();
    expect(after.failures.map((entry) => entry.id)).not.toContain(id);
    expect(after.queues.find((entry) => entry.queue === FLAKY_JOB)?.counts).toMatchObject({ failed: 1, completed: 1 });
  }, 60_000);

  it('refuses to retry a job that is not failed (409) or unknown (404), and bad ids (400), in German', async () => {
    const done = await jobIdOf('eins');
    const again = await asAdmin('POST', `/admin/jobs/${FLAKY_JOB}/${done}/retry`);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toContain('Nur fehlgeschlagene Aufträge');
    const unknown = await asAdmin('POST', `/admin/jobs/${FLAKY_JOB}/00000000-0000-4000-8000-000000000000/retry`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toContain('Der Auftrag wurde nicht gefunden');
    const wrongQueue = await asAdmin('POST', `/admin/jobs/ioe-evaluate/${done}/retry`);
    expect(wrongQueue.statusCode).toBe(404);
    const bad = await asAdmin('POST', `/admin/jobs/${FLAKY_JOB}/keine-uuid/retry`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain('UUID');
  });

  it('is for admins only: providers and client users get 403, and cannot retry', async () => {
    const failed = await jobIdOf('lang');
    for (const [role, org] of [
      ['serviceprovider', providerId],
      ['client', clientId],
    ] as const) {
      const headers = await testApp.headersFor(role, org);
      const list = await testApp.app.inject({ method: 'GET', url: '/admin/jobs', headers });
      expect(list.statusCode).toBe(403);
      const retry = await testApp.app.inject({ method: 'POST', url: `/admin/jobs/${FLAKY_JOB}/${failed}/retry`, headers });
      expect(retry.statusCode).toBe(403);
    }
    expect(await jobState(failed)).toBe('failed');
    const anonymous = await testApp.app.inject({ method: 'GET', url: '/admin/jobs' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('errorTextOf', () => {
  it('reads the message of the ways pg-boss stores a failure', () => {
    expect(errorTextOf({ name: 'Error', message: 'kaputt', stack: 'Error: kaputt\n    at x' })).toBe('kaputt');
    expect(errorTextOf({ value: { message: 'job failed by timeout in active state' } })).toBe('job failed by timeout in active state');
    expect(errorTextOf({ value: 'pg-boss shut down while active' })).toBe('pg-boss shut down while active');
    expect(errorTextOf(null)).toBe('Keine Fehlermeldung gespeichert.');
  });
});
