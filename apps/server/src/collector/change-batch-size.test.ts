import { gzipSync } from 'node:zlib';
import { cleanSnapshot, user } from '@burgwall/checks/testing';
import type { AttributeChange, DirectoryUser } from '@burgwall/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobsOf } from '../../../../test-support/jobs';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { clientDb } from '../db/client-db';
import { IOA_EVALUATION_JOB, IOE_EVALUATION_JOB } from '../ioe/evaluation-jobs';
import { saveSnapshot } from '../snapshots/snapshot-store';
import { issueCollectorKey } from './collector-keys';
import { MAX_CHANGES_PER_BATCH } from './upload-schemas';

// A change batch above 5,461 rows once answered 500 (one INSERT with more than 65,535 bind parameters) and the
// collector resent it forever. Real HTTP, real PostgreSQL.

let test: TestApp;
let baseUrl: string;
let clientId: string;
let key: string;

beforeAll(async () => {
  test = await createTestApp();
  ({ clientId } = await insertProviderWithClient(test.services.db, { name: 'Viele Änderungen GmbH' }));
  ({ key } = await issueCollectorKey(test.services.db, clientId));
  baseUrl = await test.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => test.close());

const changes = (count: number, usnFrom: number): AttributeChange[] =>
  Array.from({ length: count }, (_, i) => ({
    objectGuid: `40000000-0000-4000-8000-${(i % 5000).toString(16).padStart(12, '0')}`,
    objectClass: 'user',
    distinguishedName: `CN=Benutzer ${i % 5000},OU=Mitarbeiter,DC=lab,DC=local`,
    propertyName: 'description',
    oldValue: null,
    newValue: `Beschreibung ${i}`,
    timestamp: '2026-11-25T09:00:00.000Z',
    usn: usnFrom + i,
  }));

const upload = (batchId: string, batch: AttributeChange[], objects?: { users: DirectoryUser[] }) =>
  fetch(`${baseUrl}/client/${clientId}/collector/changes`, {
    method: 'POST',
    headers: { authorization: `ApiKey ${key}`, 'content-type': 'application/json', 'content-encoding': 'gzip' },
    body: new Uint8Array(gzipSync(JSON.stringify({ batchId, changes: batch, objects }))),
  });

const storedCount = async () =>
  Number((await clientDb(test.services.db, clientId).selectFrom('change').select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow()).count);

describe('change batch size', () => {
  it('stores a batch of the largest accepted size completely and queues its IoA evaluation', { timeout: 300_000 }, async () => {
    const response = await upload('big-batch-00000001', changes(MAX_CHANGES_PER_BATCH, 1));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ received: MAX_CHANGES_PER_BATCH, stored: MAX_CHANGES_PER_BATCH });
    expect(await storedCount()).toBe(MAX_CHANGES_PER_BATCH);
    const [job] = await jobsOf(test.services.db, [IOA_EVALUATION_JOB]);
    expect((job?.data.changeIds as string[]).length).toBe(MAX_CHANGES_PER_BATCH);
  });

  it('refuses a 60,000-change batch with 413 and a German reason, storing none of it', { timeout: 300_000 }, async () => {
    const response = await upload('huge-batch-0000001', changes(60_000, 100_000));
    expect(response.status).toBe(413);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect((await response.json()).detail).toBe(
      'Der Batch enthält 60.000 Änderungen; höchstens 50.000 je Batch werden angenommen. Bitte in kleineren Batches senden – nichts davon wurde gespeichert.',
    );
    expect(await storedCount()).toBe(MAX_CHANGES_PER_BATCH);
  });

  it('applies a batch with 50,000 changed objects to the stored directory completely and queues the checks', { timeout: 300_000 }, async () => {
    // 25,000 accounts in the snapshot; the batch changes them and brings 25,000 more.
    const accounts = Array.from({ length: MAX_CHANGES_PER_BATCH }, (_, i) => user({ sAMAccountName: `konto${i}`, usnChanged: 10 }));
    const base = cleanSnapshot();
    const { snapshotId } = await saveSnapshot(test.services.db, clientId, 'big-batch-snapshot', { ...base, users: [...base.users, ...accounts.slice(0, 25_000)] });
    const changed = accounts.map((account) => ({ ...account, description: 'per Änderung', usnChanged: 200_000 }));
    const response = await upload('big-batch-00000003', changes(MAX_CHANGES_PER_BATCH, 200_000), { users: changed });
    expect(response.status).toBe(200);
    const rows = await clientDb(test.services.db, clientId)
      .selectFrom('directory_object')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('snapshot_fk', '=', snapshotId)
      .where(sql<boolean>`data->>'description' = 'per Änderung'`)
      .executeTakeFirstOrThrow();
    expect(Number(rows.count)).toBe(MAX_CHANGES_PER_BATCH);
    expect((await jobsOf(test.services.db, [IOE_EVALUATION_JOB])).some((job) => job.data.afterChanges === true)).toBe(true);
  });
});
