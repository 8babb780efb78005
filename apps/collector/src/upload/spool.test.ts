import { createServer, type Server } from 'node:http';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { AttributeChange } from '@burgwall/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from './api-client';
import { Spool } from './spool';

const CLIENT = '6f1c2a47-52a4-4d3c-9a55-0c7e9b3f1a01';
let dir: string;
let server: Server;
let port: number;
/** Status codes the fake server answers with, in order (then 200). */
let answers: number[];
let received: { url: string; batchId: string; changes: number; authorization: string | undefined; objectUsers: number }[];

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'spool-test-'));
  answers = [];
  received = [];
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const status = answers.shift() ?? 200;
      if (status === 200) {
        const body = JSON.parse(gunzipSync(Buffer.concat(chunks)).toString('utf8'));
        received.push({ url: request.url ?? '', batchId: body.batchId, changes: body.changes?.length ?? -1, authorization: request.headers.authorization, objectUsers: body.objects?.users?.length ?? 0 });
      }
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ message: `status ${status}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  port = (server.address() as { port: number }).port;
});
afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

const api = () => new ApiClient({ serverUrl: `http://127.0.0.1:${port}`, clientId: CLIENT, apiKey: 'bwc_key', collectorVersion: '0.1.0', machineCode: 'test-machine-0001' });
const change = (usn: number): AttributeChange => ({
  objectGuid: CLIENT,
  objectClass: 'user',
  distinguishedName: 'CN=x',
  propertyName: 'description',
  oldValue: null,
  newValue: String(usn),
  timestamp: '2026-11-23T12:00:00.000Z',
  usn,
});

describe('Spool', () => {
  it('sends batches in order with the key and deletes them only after the server confirmed', async () => {
    const spool = new Spool(dir);
    const ids = await spool.addChanges([1, 2, 3, 4, 5].map(change), null, 2);
    expect(ids).toHaveLength(3);
    answers = [503]; // first attempt fails, retry succeeds
    const result = await spool.flush(api(), { retries: 2, retryDelayMs: 1 });
    expect(result).toMatchObject({ sent: 3, pending: 0, rejected: 0 });
    expect(received.map((r) => r.batchId)).toEqual(ids);
    expect(received.map((r) => r.changes)).toEqual([2, 2, 1]);
    expect(received[0]?.url).toBe(`/client/${CLIENT}/collector/changes`);
    expect(received[0]?.authorization).toBe('ApiKey bwc_key');
    expect(await spool.pending()).toEqual([]);
  });

  it('keeps everything (same batch ids) while the server is down and resends later', async () => {
    const spool = new Spool(dir);
    const ids = await spool.addChanges([change(1), change(2)], null, 1);
    answers = [500, 500, 500];
    const down = await spool.flush(api(), { retries: 2, retryDelayMs: 1 });
    expect(down).toMatchObject({ sent: 0, pending: 2 });
    expect(down.lastError).toContain('500');
    expect(await spool.pending()).toHaveLength(2);
    const up = await spool.flush(api(), { retries: 0 });
    expect(up).toMatchObject({ sent: 2, pending: 0 });
    expect(received.map((r) => r.batchId)).toEqual(ids);
  });

  it('moves a batch the server refuses (400) aside instead of blocking the queue', async () => {
    const spool = new Spool(dir);
    await spool.addChanges([change(1)], null, 1);
    const second = await spool.addChanges([change(2)], null, 1);
    answers = [400];
    const result = await spool.flush(api(), { retries: 3, retryDelayMs: 1 });
    expect(result).toMatchObject({ sent: 1, rejected: 1, pending: 0 });
    expect(received.map((r) => r.batchId)).toEqual(second);
    expect(await readdir(path.join(dir, 'spool-rejected'))).toHaveLength(1);
  });

  it('splits a change batch the server finds too large (413) into halves and sends them in order, never resending the whole', async () => {
    const spool = new Spool(dir);
    await spool.addChanges([1, 2, 3, 4, 5].map(change), null, 5);
    await spool.addChanges([6].map(change), null, 5);
    answers = [413, 413];
    const result = await spool.flush(api(), { retryDelayMs: 1 });
    expect(result).toMatchObject({ sent: 4, pending: 0, rejected: 0 });
    // 5 → 413 → 3 + 2; 3 → 413 → 2 + 1; then 2, 2, and the next batch (1).
    expect(received.map((batch) => batch.changes)).toEqual([2, 1, 2, 1]);
    expect(new Set(received.map((batch) => batch.batchId)).size).toBe(4);
    expect(await spool.pending()).toEqual([]);
  });

  it('sends the changed objects once, with the last batch, and keeps them with the last half of a split', async () => {
    const spool = new Spool(dir);
    const objects = { users: [{ objectGuid: CLIENT, distinguishedName: 'CN=x', objectSid: 'S-1-5-21-1-2-3-1104', sAMAccountName: 'x', userAccountControl: 512, primaryGroupId: 513 }] };
    await spool.addChanges([1, 2, 3, 4, 5].map(change), null, 5, objects);
    answers = [413];
    await spool.flush(api(), { retries: 0 });
    // 5 → 413 → 3 + 2: the objects travel with the 2, the batch that completes the changes.
    expect(received.map((batch) => [batch.changes, batch.objectUsers])).toEqual([
      [3, 0],
      [2, 1],
    ]);
  });

  it('turns an empty change list into one heartbeat batch', async () => {
    const spool = new Spool(dir);
    expect(await spool.addChanges([], null, 100)).toHaveLength(1);
    await spool.flush(api());
    expect(received.map((r) => r.changes)).toEqual([0]);
  });
});
