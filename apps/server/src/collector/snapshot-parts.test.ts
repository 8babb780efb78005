import { gzipSync } from 'node:zlib';
import { SNAPSHOT_PART_MAX_COMPRESSED_BYTES } from '@burgwall/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { jobsOf, waitForJobs } from '../../../../test-support/jobs';
import { fixtureGuid, fixtureHead, fixtureUser } from '../../../../test-support/snapshot-fixtures';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { clientDb } from '../db/client-db';
import { clientSchemaName } from '../db/client-schema';
import { IOE_EVALUATION_JOB } from '../ioe/evaluation-jobs';
import { SNAPSHOT_PRUNE_JOB } from '../snapshots/snapshot-prune-job';
import { partitionName } from '../snapshots/directory-partition';
import { latestSnapshotId } from '../snapshots/snapshot-store';
import { issueCollectorKey } from './collector-keys';

// Snapshot uploads in parts through real HTTP (a listening server, fetch): begin → parts → commit.

let test: TestApp;
let baseUrl: string;
let clientId: string;
let key: string;

beforeAll(async () => {
  test = await createTestApp();
  ({ clientId } = await insertProviderWithClient(test.services.db, { name: 'Teile GmbH' }));
  ({ key } = await issueCollectorKey(test.services.db, clientId));
  baseUrl = await test.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(() => test.close(), 120_000);

const userLines = (from: number, to: number, description?: string) => Array.from({ length: to - from }, (_, i) => ({ kind: 'users', object: fixtureUser(from + i, description) }));
const ndjson = (lines: unknown[]) => gzipSync(lines.map((line) => `${JSON.stringify(line)}\n`).join(''));

const headers = (extra: Record<string, string> = {}) => ({ authorization: `ApiKey ${key}`, ...extra });
const url = (path: string) => `${baseUrl}/client/${clientId}/collector/${path}`;

async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(url(path), { method, headers: headers(body === undefined ? {} : { 'content-type': 'application/json' }), body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { detail?: string } };
}
const begin = (batchId: string, collectedAt?: string) => call('POST', 'snapshots', { batchId, head: fixtureHead(collectedAt) });
const commit = (batchId: string, partCount: number) => call('POST', `snapshots/${batchId}/commit`, { partCount });
async function putPart(batchId: string, partNo: number | string, gzipped: Buffer, extra: Record<string, string> = {}) {
  const response = await fetch(url(`snapshots/${batchId}/parts/${partNo}`), {
    method: 'PUT',
    headers: headers({ 'content-type': 'application/x-ndjson', 'content-encoding': 'gzip', ...extra }),
    body: new Uint8Array(gzipped),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { detail?: string; errors?: unknown } };
}

const own = () => clientDb(test.services.db, clientId);
async function objectsOf(batchId: string) {
  const snapshot = await own().selectFrom('snapshot').select('snapshot_id_pk').where('batch_id', '=', batchId).executeTakeFirstOrThrow();
  return own().selectFrom('directory_object').select(['object_guid', 'part_no', 'data']).where('snapshot_fk', '=', snapshot.snapshot_id_pk).orderBy('part_no').orderBy('seq').execute();
}

describe('snapshot upload in parts', () => {
  it('begin → 3 parts → commit stores every object, queues one evaluation, and the score becomes readable', async () => {
    const first = await begin('parts-batch-0001');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ batchId: 'parts-batch-0001', state: 'receiving', parts: [] });
    // Parts may arrive in any order.
    expect((await putPart('parts-batch-0001', 2, ndjson(userLines(100, 200)))).body).toEqual({ batchId: 'parts-batch-0001', partNo: 2, objects: 100 });
    expect((await putPart('parts-batch-0001', 1, ndjson(userLines(0, 100)))).status).toBe(200);
    const again = await begin('parts-batch-0001');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ state: 'receiving', parts: [1, 2], snapshotId: first.body.snapshotId });
    expect((await putPart('parts-batch-0001', 3, ndjson(userLines(200, 250)))).body).toMatchObject({ objects: 50 });
    // Nothing is current (nor evaluated, nor reported as a finished collection) before the commit.
    expect(await latestSnapshotId(test.services.db, clientId)).toBeNull();
    expect((await call('GET', 'audit/status')).body).toEqual({ status: 'waiting', lastSnapshotAt: null });
    expect(await jobsOf(test.services.db, [IOE_EVALUATION_JOB])).toEqual([]);

    const committed = await commit('parts-batch-0001', 3);
    expect(committed.status).toBe(201);
    expect(committed.body).toEqual({ batchId: 'parts-batch-0001', snapshotId: first.body.snapshotId, created: true, counts: { users: 250, computers: 0, groups: 0, organizationalUnits: 0, gpos: 0 } });
    expect(await latestSnapshotId(test.services.db, clientId)).toBe(first.body.snapshotId);
    expect((await call('GET', 'audit/status')).body).toEqual({ status: 'completed', lastSnapshotAt: '2026-11-23T10:00:00.000Z' });
    const stored = await objectsOf('parts-batch-0001');
    expect(stored.map((row) => row.object_guid)).toEqual(Array.from({ length: 250 }, (_, n) => fixtureGuid(n)));
    expect(stored[0]?.data).toMatchObject({ sAMAccountName: 'benutzer0', memberOf: [], adminCount: null });

    // The commit recorded the collector and the domain like a snapshot sent whole, and queued exactly one evaluation.
    const status = await own().selectFrom('status_collector').select(['version', 'last_data_at']).executeTakeFirstOrThrow();
    expect(status.version).toBe('2.0.0');
    expect(status.last_data_at).toBeInstanceOf(Date);
    expect(await own().selectFrom('domain').select('domain_name').execute()).toEqual([{ domain_name: 'lab.example' }]);
    expect((await jobsOf(test.services.db, [IOE_EVALUATION_JOB])).map((job) => job.data)).toEqual([{ clientId }]);
    await test.app.ready();
    await waitForJobs(test.services.db, [IOE_EVALUATION_JOB, SNAPSHOT_PRUNE_JOB], 60_000);
    const states = await test.app.inject({ url: `/client/${clientId}/ioe/states`, headers: await test.headersFor('client', clientId) });
    expect(states.statusCode).toBe(200);
    expect(states.json().score).toMatchObject({ score: expect.any(Number) });
    // The jobs vacuumed the new objects and the rewritten findings (their pages skip offsets by index alone, 0312).
    const vacuumed = await sql<{ relname: string }>`
      SELECT relname FROM pg_stat_user_tables WHERE schemaname = ${clientSchemaName(clientId)} AND last_vacuum IS NOT NULL AND last_analyze IS NOT NULL ORDER BY relname`.execute(test.services.db);
    const snapshotId = (await latestSnapshotId(test.services.db, clientId)) as string;
    expect(vacuumed.rows.map((row) => row.relname)).toEqual([partitionName(snapshotId), 'finding']);
    // The explorer's indexes of the snapshot's partition, built by the evaluation job after the score (0360).
    const indexes = await sql<{ indexname: string }>`
      SELECT indexname FROM pg_indexes WHERE schemaname = ${clientSchemaName(clientId)} AND tablename = ${partitionName(snapshotId)} ORDER BY indexname`.execute(test.services.db);
    expect(indexes.rows.map((row) => row.indexname.replace(partitionName(snapshotId), 'p'))).toEqual(
      expect.arrayContaining(['p_alias', 'p_dn', 'p_kind_name', 'p_sam', 'p_search', 'p_sid']),
    );
    expect(indexes.rows).toHaveLength(8);

    // Sent again: begin says complete (the collector stops), a commit answers 200 with the stored counts, a part 409.
    expect((await begin('parts-batch-0001')).body).toMatchObject({ state: 'complete' });
    const recommitted = await commit('parts-batch-0001', 3);
    expect(recommitted.status).toBe(200);
    expect(recommitted.body).toMatchObject({ created: false, counts: { users: 250 } });
    const late = await putPart('parts-batch-0001', 1, ndjson(userLines(0, 1)));
    expect(late.status).toBe(409);
    expect(late.body.detail).toMatch(/bereits abgeschlossen/);
    expect((await jobsOf(test.services.db, [IOE_EVALUATION_JOB])).length).toBe(1);
  }, 120_000);

  it('replaces the rows of a part sent again instead of adding to them', async () => {
    await begin('parts-batch-0002', '2026-11-24T10:00:00.000Z');
    await putPart('parts-batch-0002', 1, ndjson(userLines(0, 30)));
    await putPart('parts-batch-0002', 2, ndjson(userLines(30, 60)));
    // Part 1 again, now with 20 objects (different descriptions): its 30 rows become these 20, part 2 is untouched.
    expect((await putPart('parts-batch-0002', 1, ndjson(userLines(0, 20, 'neu')))).body).toMatchObject({ objects: 20 });
    const rows = await objectsOf('parts-batch-0002');
    expect(rows).toHaveLength(50);
    expect(rows.filter((row) => row.part_no === 1).map((row) => (row.data as { description: string }).description)).toEqual(Array(20).fill('neu'));
    expect(rows.filter((row) => row.part_no === 2)).toHaveLength(30);
    expect((await commit('parts-batch-0002', 2)).body).toMatchObject({ created: true, counts: { users: 50 } });
  });

  it('stores an object a collector sent in two parts once, as the later part has it', async () => {
    await begin('parts-batch-0007', '2026-11-24T11:00:00.000Z');
    await putPart('parts-batch-0007', 1, ndjson(userLines(0, 30)));
    // Users 25–29 again in part 2 (listed twice while the directory changed under the read).
    expect((await putPart('parts-batch-0007', 2, ndjson(userLines(25, 40, 'zweimal')))).body).toMatchObject({ objects: 15 });
    const rows = await objectsOf('parts-batch-0007');
    expect(rows.map((row) => row.object_guid)).toEqual(Array.from({ length: 40 }, (_, n) => fixtureGuid(n)));
    expect(rows.filter((row) => (row.data as { description?: string }).description === 'zweimal').map((row) => [row.object_guid, row.part_no])).toEqual(
      Array.from({ length: 15 }, (_, n) => [fixtureGuid(25 + n), 2]),
    );
    // Left open (not committed): the snapshot of batch 2 stays the current one for the tests below.
  });

  it('refuses a commit with a missing part (409 naming it) and nothing becomes current', async () => {
    const current = await latestSnapshotId(test.services.db, clientId);
    await begin('parts-batch-0003', '2026-11-25T10:00:00.000Z');
    await putPart('parts-batch-0003', 1, ndjson(userLines(0, 10)));
    await putPart('parts-batch-0003', 3, ndjson(userLines(20, 30)));
    const jobsBefore = (await jobsOf(test.services.db, [IOE_EVALUATION_JOB])).length;
    const refused = await commit('parts-batch-0003', 3);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe('Der Snapshot ist unvollständig: es fehlen 1 von 3 Teilen (Teil 2). Bitte die fehlenden Teile senden und erneut abschließen.');
    expect(await latestSnapshotId(test.services.db, clientId)).toBe(current);
    expect((await jobsOf(test.services.db, [IOE_EVALUATION_JOB])).length).toBe(jobsBefore);
    const state = await own().selectFrom('snapshot').select('state').where('batch_id', '=', 'parts-batch-0003').executeTakeFirstOrThrow();
    expect(state.state).toBe('receiving');
  });

  it('refuses a part with a bad line (400 naming line and field) and keeps nothing of it', async () => {
    await begin('parts-batch-0004');
    await putPart('parts-batch-0004', 1, ndjson(userLines(0, 10)));
    const lines: unknown[] = userLines(10, 3010);
    (lines[2500] as { object: { objectSid: string } }).object.objectSid = 'keine-SID';
    const refused = await putPart('parts-batch-0004', 2, ndjson(lines));
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe('Teil 2, Zeile 2501: object.objectSid: Die Objekt-SID muss eine SID wie S-1-5-21-… sein. Von diesem Teil wurde nichts gespeichert.');
    expect(refused.body.errors).toEqual([{ path: 'Zeile 2501: object.objectSid', message: 'Die Objekt-SID muss eine SID wie S-1-5-21-… sein.' }]);
    // The first 2,000 lines of the part had been inserted already: rolled back with the rest.
    expect((await objectsOf('parts-batch-0004')).map((row) => row.part_no)).toEqual(Array(10).fill(1));

    const notJson = await putPart('parts-batch-0004', 2, gzipSync(`${JSON.stringify(userLines(10, 11)[0])}\n{kaputt\n`));
    expect(notJson.status).toBe(400);
    expect(notJson.body.detail).toMatch(/^Teil 2, Zeile 2: kein gültiges JSON/);
    const unknownKind = await putPart('parts-batch-0004', 2, ndjson([{ kind: 'printers', object: {} }]));
    expect(unknownKind.status).toBe(400);
    expect(unknownKind.body.detail).toMatch(/^Teil 2, Zeile 1: kind: /);
    const notGzip = await putPart('parts-batch-0004', 2, Buffer.from('kein gzip'));
    expect(notGzip.status).toBe(400);
    expect(notGzip.body.detail).toMatch(/gzip-Daten von Teil 2 sind beschädigt/);
    expect(await objectsOf('parts-batch-0004')).toHaveLength(10);
  }, 60_000);

  it('refuses a part above 10 MB as sent or 128 MB unpacked with 413, storing nothing of it', async () => {
    await begin('parts-batch-0005');
    // Content-Length above the limit: refused before anything is read.
    const tooLarge = await putPart('parts-batch-0005', 1, Buffer.alloc(SNAPSHOT_PART_MAX_COMPRESSED_BYTES + 1));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.detail).toBe('Ein Teil darf gesendet höchstens 10 MB groß sein; nichts davon wurde gespeichert. Bitte in kleineren Teilen senden.');
    // Valid lines that unpack to more than 128 MB (well-compressible descriptions, ~40 KB each): cut off after 128 MB.
    const filler = 'Abteilung Vertrieb Nord '.repeat(1700);
    const big = ndjson(userLines(0, 3300, filler));
    expect(big.length).toBeLessThan(SNAPSHOT_PART_MAX_COMPRESSED_BYTES);
    const unpacked = await putPart('parts-batch-0005', 1, big);
    expect(unpacked.status).toBe(413);
    expect(unpacked.body.detail).toBe('Ein Teil darf entpackt höchstens 128 MB groß sein; nichts davon wurde gespeichert. Bitte in kleineren Teilen senden.');
    expect(await objectsOf('parts-batch-0005')).toEqual([]);
    // The server still takes the next part.
    expect((await putPart('parts-batch-0005', 1, ndjson(userLines(0, 5)))).body).toMatchObject({ objects: 5 });
  }, 120_000);

  it('answers a part or commit of an unknown batch with 404, a bad part number with 400, another format with 415', async () => {
    expect((await putPart('parts-unknown-0001', 1, ndjson(userLines(0, 1)))).status).toBe(404);
    expect((await commit('parts-unknown-0001', 1)).status).toBe(404);
    await begin('parts-batch-0006');
    const zero = await putPart('parts-batch-0006', 0, ndjson(userLines(0, 1)));
    expect(zero.status).toBe(400);
    expect(zero.body.detail).toBe('Die Teilnummer muss mindestens 1 sein.');
    const json = await fetch(url('snapshots/parts-batch-0006/parts/1'), { method: 'PUT', headers: headers({ 'content-type': 'application/json' }), body: '[]' });
    expect(json.status).toBe(415);
  });

  it('prunes the rows of the snapshot a newer commit superseded (a job), keeping the current one', async () => {
    await waitForJobs(test.services.db, [IOE_EVALUATION_JOB, SNAPSHOT_PRUNE_JOB], 60_000);
    const current = await latestSnapshotId(test.services.db, clientId);
    const withRows = await own().selectFrom('directory_object').select('snapshot_fk').distinct().execute();
    // The current snapshot (batch 2, the newest committed) and the open uploads keep their rows; batch 1's are gone.
    const batchOf = async (id: string) => (await own().selectFrom('snapshot').select('batch_id').where('snapshot_id_pk', '=', id).executeTakeFirstOrThrow()).batch_id;
    expect((await Promise.all(withRows.map((row) => batchOf(row.snapshot_fk)))).sort()).toEqual(['parts-batch-0002', 'parts-batch-0003', 'parts-batch-0004', 'parts-batch-0005', 'parts-batch-0007']);
    expect(await batchOf(current as string)).toBe('parts-batch-0002');
  }, 90_000);
});
