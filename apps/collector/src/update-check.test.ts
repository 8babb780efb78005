/**
 * The collector's update check against an older server that does not know /saas/services/collector/version/update:
 * it answers 404 there, and the collector asks GET /client/{id}/collector/update instead. (Against the real server:
 * apps/server/src/saas/saas-services.test.ts.)
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTOR_VERSION } from './collector-version';
import { checkForUpdate } from './update-check';
import { ApiClient } from './upload/api-client';

const CLIENT = '7b0c8f0e-1d2a-4c3b-9e4f-5a6b7c8d9e0f';
let server: Server;
let base: string;
const seen: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push(`${request.method} ${request.url} ${request.headers.authorization}`);
    if (request.method === 'GET' && request.url?.startsWith(`/client/${CLIENT}/collector/update?`)) {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'update-available', newestVersion: '9.9.9', path: `/client/${CLIENT}/collector/installer` }));
      return;
    }
    response.writeHead(404, { 'content-type': 'application/problem+json' }).end(JSON.stringify({ status: 404, detail: 'Route nicht gefunden' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('checkForUpdate', () => {
  it('falls back to the client route when the SaaS route is unknown (404)', async () => {
    const api = new ApiClient({ serverUrl: base, clientId: CLIENT, apiKey: 'bwc_test', collectorVersion: COLLECTOR_VERSION, machineCode: 'mc-1' });
    expect(await checkForUpdate(api, CLIENT)).toEqual({ status: 'update-available', newestVersion: '9.9.9', path: `/client/${CLIENT}/collector/installer` });
    expect(seen).toEqual([
      'POST /saas/services/collector/version/update ApiKey bwc_test',
      `GET /client/${CLIENT}/collector/update?currentVersion=${encodeURIComponent(COLLECTOR_VERSION)} ApiKey bwc_test`,
    ]);
  });
});
