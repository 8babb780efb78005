import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { issueCollectorKey } from './collector-keys';

// Regression tests of the penetration test's findings: parallel gzip bombs exhausted the server's memory, a NUL
// character in an upload answered 500.

let test: TestApp;
let baseUrl: string;
let clientId: string;
let key: string;

beforeAll(async () => {
  test = await createTestApp();
  ({ clientId } = await insertProviderWithClient(test.services.db, { name: 'Upload GmbH' }));
  ({ key } = await issueCollectorKey(test.services.db, clientId));
  baseUrl = await test.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => test.close());

const upload = (path: 'snapshot' | 'changes', body: Buffer, gzip: boolean) =>
  fetch(`${baseUrl}/client/${clientId}/collector/${path}`, {
    method: 'POST',
    headers: { authorization: `ApiKey ${key}`, 'content-type': 'application/json', ...(gzip ? { 'content-encoding': 'gzip' } : {}) },
    body: new Uint8Array(body),
  });

const domainSid = 'S-1-5-21-1-2-3';
const snapshot = (userName: string) => ({
  schemaVersion: 1,
  collectedAt: '2026-11-23T08:00:00.000Z',
  collectorVersion: '1.0.0',
  highestUsn: 1,
  domain: {
    distinguishedName: 'DC=lab,DC=local', dnsName: 'lab.local', objectSid: domainSid, objectGuid: '20000000-0000-4000-8000-000000000000',
    minPasswordLength: 7, passwordHistoryLength: 24, maxPasswordAgeDays: 42, minPasswordAgeDays: 1, passwordProperties: 1,
    lockoutThreshold: 0, lockoutDurationMinutes: null, lockoutObservationWindowMinutes: null, machineAccountQuota: 10,
    domainFunctionalLevel: 7, forestFunctionalLevel: 7,
  },
  users: [{ objectGuid: '20000000-0000-4000-8000-000000000001', distinguishedName: 'CN=Eva,CN=Users,DC=lab,DC=local', name: userName, objectSid: `${domainSid}-1101`, sAMAccountName: 'eva', userAccountControl: 512, primaryGroupId: 513 }],
  computers: [],
  groups: [],
  organizationalUnits: [],
  gpos: [],
});

describe('gzip bombs', () => {
  it('are cut off with 413 (or wait with 503) and the server stays within 100 MB', async () => {
    // ~250 KB of gzip that would expand to 256 MB of spaces inside a JSON string.
    const bomb = gzipSync(Buffer.concat([Buffer.from('{"batchId":"bomb","snapshot":{"x":"'), Buffer.alloc(256 * 1024 * 1024, 0x20), Buffer.from('"}}')]), { level: 9 });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    const answers = await Promise.all(Array.from({ length: 8 }, () => upload('snapshot', bomb, true)));
    clearInterval(sampler);
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.every((status) => status === 413 || status === 503)).toBe(true);
    expect(statuses).toContain(413);
    const tooLarge = await answers[statuses.indexOf(413)]?.json();
    expect(tooLarge.detail).toMatch(/^Die gzip-Daten entpacken sich auf mehr als das 50-Fache/);
    const refused = answers.find((answer) => answer.status === 503);
    if (refused) expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(peak - before).toBeLessThan(100 * 1024 * 1024);
  });

  it('still lets a normal gzip upload through afterwards', async () => {
    const response = await upload('snapshot', gzipSync(JSON.stringify({ batchId: 'normal-batch-0001', snapshot: snapshot('Eva Muster') })), true);
    expect(response.status).toBe(201);
  });
});

describe('NUL characters', () => {
  it('are refused with a German 400, not a 500', async () => {
    const response = await upload('snapshot', Buffer.from(JSON.stringify({ batchId: 'nul-batch-0001', snapshot: snapshot('Eva\u0000Muster') })), false);
    expect(response.status).toBe(400);
    expect((await response.json()).detail).toMatch(/NUL-Zeichen/);
  });
});
