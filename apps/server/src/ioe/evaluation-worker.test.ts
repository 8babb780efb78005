import { cleanSnapshot, findGroup, group, sid, user } from '@burgwall/checks/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../test-support/test-database';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { clientDb } from '../db/client-db';
import { saveSnapshot } from '../snapshots/snapshot-store';
import { runIoeEvaluation } from './evaluation-jobs';
import { domainObjectCount, evaluateWithHeapFallback, workerHeapMb } from './evaluation-worker';

// Large domains are evaluated in a worker thread (the server's event loop stays free); it must store exactly what the
// inline evaluation stores, and a worker that runs out of its heap must fail the job, not the server.

let test: TestDatabase;
let inlineClient: string;
let workerClient: string;

/** A small domain with real findings: a kerberoastable user, a group controlling Domain Admins. */
function domain() {
  const snapshot = cleanSnapshot();
  snapshot.users.push(user({ sAMAccountName: 'svc-sql', servicePrincipalNames: ['MSSQLSvc/sql01.test.local'] }));
  const helpers = group({ sAMAccountName: 'Helfer', objectSid: sid(4711) });
  snapshot.groups.push(helpers);
  findGroup(snapshot, 512).securityDescriptor = { owner: sid(512), aces: [{ type: 'allow', trustee: helpers.objectSid, accessMask: 0x10000000, objectType: null, inheritedObjectType: null, flags: 0 }] };
  return snapshot;
}

async function stored(clientId: string) {
  const findings = await clientDb(test.db, clientId)
    .selectFrom('finding')
    .innerJoin('ioe', 'ioe.ioe_id_pk', 'finding.ioe_fk')
    .select(['ioe.ioe_type', 'finding.object_key', 'finding.object_name', 'finding.evidence'])
    .orderBy('ioe.ioe_type')
    .orderBy('finding.object_key')
    .execute();
  const checks = await clientDb(test.db, clientId).selectFrom('ioe').select(['ioe_type', 'total_findings_count', 'skipped_reason']).orderBy('ioe_type').execute();
  const score = await test.db.selectFrom('client').select('client_security_score').where('client_id_pk', '=', clientId).executeTakeFirstOrThrow();
  return { findings, checks, score: score.client_security_score };
}

beforeAll(async () => {
  test = await createTestDatabase();
  inlineClient = (await insertProviderWithClient(test.db, { name: 'Inline GmbH' })).clientId;
  workerClient = (await insertProviderWithClient(test.db, { name: 'Worker GmbH' })).clientId;
  // One snapshot for both (the fixtures number their GUIDs, so a second call would differ).
  const snapshot = domain();
  for (const clientId of [inlineClient, workerClient]) {
    await saveSnapshot(test.db, clientId, 'b0000000-0000-4000-8000-000000000001', snapshot);
    // What the upload's requestIoeEvaluation records next to its job (the job itself is run by hand here).
    await clientDb(test.db, clientId).updateTable('status_collector').set({ evaluation_requested: sql`evaluation_requested + 1` }).execute();
  }
});
afterAll(() => test.drop());

describe('evaluation in a worker thread', () => {
  it('counts the objects of the newest snapshot to decide where to evaluate', async () => {
    const snapshot = domain();
    expect(await domainObjectCount(test.db, workerClient)).toBe(snapshot.users.length + snapshot.computers.length + snapshot.groups.length + snapshot.organizationalUnits.length + snapshot.gpos.length + snapshot.trusts.length + snapshot.passwordSettings.length);
  });

  it('stores the same findings, counts and score as the evaluation in the server thread', async () => {
    expect(await runIoeEvaluation(test.db, inlineClient)).toMatchObject({ newCheck: true });
    expect(await runIoeEvaluation(test.db, workerClient, { workerMinObjects: 0, workerMaxHeapMb: 1024 })).toMatchObject({ newCheck: true });
    const inline = await stored(inlineClient);
    const worker = await stored(workerClient);
    expect(inline.findings.length).toBeGreaterThan(0);
    expect(inline.findings.some((finding) => finding.ioe_type === 'attack-path-to-tier0')).toBe(true);
    expect(worker).toEqual(inline);
    // The run is recorded as done, as after an inline run (a second job finds nothing to do).
    const state = await clientDb(test.db, workerClient).selectFrom('status_collector').select(['evaluation_requested', 'evaluation_done']).executeTakeFirstOrThrow();
    expect(state.evaluation_done).toBe(state.evaluation_requested);
    // A worker compiles the evaluation's modules with tsx when it starts: seconds on a loaded machine.
  }, 120_000);

  it('fails the run with a German reason when the worker exceeds its heap, and the server thread goes on', async () => {
    // First limit = ceiling: no second try.
    await expect(evaluateWithHeapFallback(test.db, workerClient, 4, 4)).rejects.toThrow(/Auswertung abgebrochen: mehr als 4 MB Speicher/);
    // The server's own connections are untouched by the worker's end.
    expect(await domainObjectCount(test.db, workerClient)).toBeGreaterThan(0);
  });

  it('sizes the heap to the domain, within the configured ceiling', () => {
    expect(workerHeapMb(60_000, 4096)).toBe(768);
    expect(workerHeapMb(1_000_000, 4096)).toBe(1000);
    expect(workerHeapMb(5_000_000, 4096)).toBe(4096);
  });

  it('evaluates once more with the ceiling when the sized heap is too small', async () => {
    expect(await evaluateWithHeapFallback(test.db, workerClient, 4, 1024)).toMatchObject({ checks: expect.any(Number) });
    await expect(evaluateWithHeapFallback(test.db, workerClient, 4, 4)).rejects.toThrow(/Auswertung abgebrochen: mehr als 4 MB Speicher/);
  }, 120_000);
});
