import { createServer, request as httpRequest, type Server } from 'node:http';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { type Snapshot, snapshotLines } from '@burgwall/shared';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { issueCollectorKey } from '../../../server/src/collector/collector-keys';
import { SNAPSHOT_PARTS_AT_ONCE } from '../../../server/src/collector/upload-slots';
import { clientDb } from '../../../server/src/db/client-db';
import { freePort } from '../../../../test-support/free-port';
import { syntheticSnapshot } from '../../../../test-support/synthetic-snapshot';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { KillingProxy, killProcess, startServerProcess } from '../integration/server-process';
import { ApiClient } from './api-client';
import { HEAD_FILE, packParts, type PartLimits } from './snapshot-parts';
import { Spool } from './spool';

// A full collection leaves the collector in parts: packed line by line within the part limits, spooled as a folder,
// sent (begin → parts → commit) to a real server over real HTTP, resumed after failures.

const SMALL: PartLimits = { compressed: 12 * 1024, unpacked: 1024 * 1024 };

async function pack(snapshot: Snapshot, limits: PartLimits): Promise<Buffer[]> {
  const parts: Buffer[] = [];
  const count = await packParts(snapshotLines(snapshot), async (partNo, gzipped) => void (parts[partNo - 1] = gzipped), limits);
  expect(count).toBe(parts.length);
  return parts;
}
const linesOf = (parts: Buffer[]) => parts.flatMap((part) => gunzipSync(part).toString('utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as unknown));

describe('packParts', () => {
  it('fills parts up to the gzip limit, never over it, and loses or reorders no line', async () => {
    const snapshot = syntheticSnapshot(3000);
    const parts = await pack(snapshot, SMALL);
    expect(parts.length).toBeGreaterThan(3);
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(SMALL.compressed);
    // Full parts, not a cautious fraction: a part ends only when the next line could not have been added even stored
    // uncompressed (its unpacked size plus deflate's worst-case overhead) after a flush measured the part exactly.
    for (const [index, part] of parts.slice(0, -1).entries()) {
      const next = gunzipSync(parts[index + 1] as Buffer).indexOf(0x0a) + 1;
      expect(part.length + next + (next >> 10) + 64).toBeGreaterThan(SMALL.compressed);
    }
    expect(linesOf(parts)).toEqual(JSON.parse(JSON.stringify([...snapshotLines(snapshot)])));
  });

  it('keeps parts within the unpacked limit when that is reached first', async () => {
    const limits = { compressed: 10 * 1024 * 1024, unpacked: 200 * 1024 };
    const parts = await pack(syntheticSnapshot(2000), limits);
    expect(parts.length).toBeGreaterThan(3);
    for (const part of parts) expect(gunzipSync(part).length).toBeLessThanOrEqual(limits.unpacked);
    expect(linesOf(parts)).toHaveLength(2000);
  });

  it('sends one empty part for a snapshot without objects', async () => {
    const parts = await pack({ ...syntheticSnapshot(20), users: [], computers: [], groups: [] }, SMALL);
    expect(parts.map((part) => gunzipSync(part).length)).toEqual([0]);
  });
});

let testApp: TestApp;
let serverUrl: string;
let clientId: string;
let apiKey: string;
let work: string;

beforeAll(async () => {
  testApp = await createTestApp();
  serverUrl = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  ({ clientId } = await insertProviderWithClient(testApp.services.db, { name: 'Spool Teile GmbH' }));
  apiKey = (await issueCollectorKey(testApp.services.db, clientId)).key;
}, 60_000);
afterAll(() => testApp.close(), 120_000);
beforeEach(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'burgwall-parts-'));
});
afterEach(() => rm(work, { recursive: true, force: true }));

const apiAt = (url: string) => new ApiClient({ serverUrl: url, clientId, apiKey, collectorVersion: '2.0.0', machineCode: 'parts-machine-01' });

/**
 * A proxy in front of the real server that logs every call, answers 503 to the calls `fail` picks and counts the most
 * parts (PUT) in flight at one time.
 */
async function proxy(fail: (call: string) => boolean): Promise<{ url: string; calls: string[]; server: Server; mostPartsAtOnce: () => number }> {
  const calls: string[] = [];
  const target = new URL(serverUrl);
  let partsInFlight = 0;
  let mostPartsAtOnce = 0;
  const server = createServer((request, response) => {
    const call = `${request.method} ${(request.url ?? '').replace(/^\/client\/[^/]+\/collector\//, '')}`;
    calls.push(call);
    if (request.method === 'PUT') {
      mostPartsAtOnce = Math.max(mostPartsAtOnce, ++partsInFlight);
      response.once('close', () => partsInFlight--);
    }
    if (fail(call)) {
      request.resume();
      request.on('end', () => response.writeHead(503, { 'content-type': 'application/problem+json' }).end('{"detail":"Wartung"}'));
      return;
    }
    const upstream = httpRequest({ host: target.hostname, port: target.port, path: request.url, method: request.method, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, calls, server, mostPartsAtOnce: () => mostPartsAtOnce };
}

const stored = async (batchId: string) => {
  const own = clientDb(testApp.services.db, clientId);
  const snapshot = await own.selectFrom('snapshot').select(['snapshot_id_pk', 'state', 'object_counts']).where('batch_id', '=', batchId).executeTakeFirstOrThrow();
  const rows = await own.selectFrom('directory_object').select((eb) => eb.fn.countAll<string>().as('count')).where('snapshot_fk', '=', snapshot.snapshot_id_pk).executeTakeFirstOrThrow();
  return { state: snapshot.state, counts: snapshot.object_counts, rows: Number(rows.count) };
};

describe('a spooled snapshot', () => {
  it('survives a restart and is sent in parts: the server stores every object', async () => {
    const snapshot = syntheticSnapshot(2000);
    const batchId = await new Spool(work).addSnapshot(snapshot, SMALL);
    const [folder] = await new Spool(work).pending();
    const files = await readdir(path.join(work, 'spool', folder as string));
    expect(files).toContain(HEAD_FILE);
    expect(files.filter((file) => file.endsWith('.ndjson.gz')).length).toBeGreaterThan(3);

    // A new Spool: what a restarted collector finds on disk.
    const result = await new Spool(work).flush(apiAt(serverUrl), { retries: 0 });
    expect(result).toMatchObject({ sent: 1, pending: 0, rejected: 0 });
    expect(await stored(batchId)).toEqual({ state: 'complete', rows: 2000, counts: expect.objectContaining({ users: snapshot.users.length, computers: snapshot.computers.length, groups: snapshot.groups.length }) });
    expect(await new Spool(work).pending()).toEqual([]);
  });

  it('resends after a failure only the parts the server does not have', async () => {
    const batchId = await new Spool(work).addSnapshot(syntheticSnapshot(1500), SMALL);
    let failed = false;
    const front = await proxy((call) => {
      if (failed || !call.startsWith('PUT ') || !call.endsWith('/parts/3')) return false;
      return (failed = true);
    });
    try {
      const result = await new Spool(work).flush(apiAt(front.url), { retries: 1, retryDelayMs: 1 });
      expect(result).toMatchObject({ sent: 1, pending: 0 });
    } finally {
      await new Promise((resolve) => front.server.close(resolve));
    }
    const puts = front.calls.filter((call) => call.startsWith('PUT ')).map((call) => Number(call.split('/').at(-1)));
    const partCount = Math.max(...puts);
    // Part 3 twice (503, then again after the second begin named the parts received); every other part once: the parts
    // in flight beside the refused one were answered and are not sent again, and none was started after the 503.
    const times = (partNo: number) => puts.filter((sent) => sent === partNo).length;
    expect(times(3)).toBe(2);
    for (let partNo = 1; partNo <= partCount; partNo++) if (partNo !== 3) expect(times(partNo)).toBe(1);
    expect(front.calls.filter((call) => call === 'POST snapshots')).toHaveLength(2);
    expect(front.calls.filter((call) => call.endsWith('/commit'))).toHaveLength(1);
    expect(await stored(batchId)).toMatchObject({ state: 'complete', rows: 1500 });
  });

  it(`sends as many parts at once as the server allows (${SNAPSHOT_PARTS_AT_ONCE}), never more`, async () => {
    const batchId = await new Spool(work).addSnapshot(syntheticSnapshot(3000), SMALL);
    const front = await proxy(() => false);
    try {
      expect(await new Spool(work).flush(apiAt(front.url), { retries: 0 })).toMatchObject({ sent: 1, pending: 0 });
    } finally {
      await new Promise((resolve) => front.server.close(resolve));
    }
    expect(front.calls.filter((call) => call.startsWith('PUT ')).length).toBeGreaterThan(SNAPSHOT_PARTS_AT_ONCE * 2);
    expect(front.mostPartsAtOnce()).toBe(SNAPSHOT_PARTS_AT_ONCE);
    expect(await stored(batchId)).toMatchObject({ state: 'complete', rows: 3000 });
  });

  it('keeps the snapshot while the server is unreachable and sends it later', async () => {
    const batchId = await new Spool(work).addSnapshot(syntheticSnapshot(300), SMALL);
    const down = await new Spool(work).flush(apiAt('http://127.0.0.1:9'), { retries: 0 });
    expect(down).toMatchObject({ sent: 0, pending: 1 });
    expect(await new Spool(work).flush(apiAt(serverUrl), { retries: 0 })).toMatchObject({ sent: 1, pending: 0 });
    expect(await stored(batchId)).toMatchObject({ state: 'complete', rows: 300 });
  });

  it('loses and doubles nothing when the server is killed (kill -9) right after it stored a part', async () => {
    const batchId = await new Spool(work).addSnapshot(syntheticSnapshot(1500), SMALL);
    const [serverPort, proxyPort] = [await freePort(), await freePort()];
    let child = await startServerProcess(testApp.database.url, serverPort);
    const killer = new KillingProxy(serverPort, /^PUT \/client\/[^ ]+\/collector\/snapshots\/[^ ]+\/parts\/2 /, () => killProcess(child));
    await killer.listen(proxyPort);
    try {
      killer.armed = true;
      // Part 2 reaches the database, its answer never arrives, the server is gone: the snapshot stays spooled.
      expect(await new Spool(work).flush(apiAt(`http://127.0.0.1:${proxyPort}`), { retries: 0 })).toMatchObject({ sent: 0, pending: 1 });
      expect(killer.triggered).toBe(1);
      expect(await stored(batchId)).toMatchObject({ state: 'receiving' });
      child = await startServerProcess(testApp.database.url, serverPort);
      expect(await new Spool(work).flush(apiAt(`http://127.0.0.1:${proxyPort}`), { retries: 0 })).toMatchObject({ sent: 1, pending: 0 });
    } finally {
      await killer.close();
      await killProcess(child);
    }
    expect(await stored(batchId)).toMatchObject({ state: 'complete', rows: 1500 });
    expect(await clientDb(testApp.services.db, clientId).selectFrom('snapshot').select('batch_id').where('batch_id', '=', batchId).execute()).toHaveLength(1);
  }, 180_000);

  it('moves a snapshot the server refuses (a bad object) to spool-rejected and goes on with the queue', async () => {
    const bad = syntheticSnapshot(300);
    (bad.users[5] as { objectSid: string }).objectSid = 'keine-SID';
    const spool = new Spool(work);
    await spool.addSnapshot(bad, SMALL);
    await spool.addChanges([], null, 10);
    const log: string[] = [];
    const result = await spool.flush(apiAt(serverUrl), { retries: 2, retryDelayMs: 1, log: (line) => log.push(line) });
    expect(result).toMatchObject({ sent: 1, rejected: 1, pending: 0 });
    expect(log.join('\n')).toMatch(/abgelehnt: PUT .*: 400 Teil 1, Zeile \d+: object\.objectSid: Die Objekt-SID muss eine SID/);
    const [rejected] = await readdir(path.join(work, 'spool-rejected'));
    expect(rejected).toMatch(/-snapshot-.*\.parts$/);
  });

  it('still sends a snapshot an older collector spooled whole (one gzip JSON file) through the single-request route', async () => {
    const dir = path.join(work, 'spool');
    await mkdir(dir, { recursive: true });
    const batchId = 'old-format-batch-0001';
    await writeFile(path.join(dir, `000000000000001-000000-snapshot-${batchId}.json.gz`), gzipSync(JSON.stringify({ batchId, snapshot: syntheticSnapshot(200) })));
    expect(await new Spool(work).flush(apiAt(serverUrl), { retries: 0 })).toMatchObject({ sent: 1 });
    expect(await stored(batchId)).toMatchObject({ state: 'complete', rows: 200 });
  });
});
