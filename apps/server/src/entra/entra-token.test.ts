import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeEntra, type FakeEntra } from '../../../../test-support/fake-entra';
import { FAKE_IDS } from '../../../../test-support/fake-graph-tenant';
import type { OutgoingPolicy } from '../http/outgoing';
import { createClientCertificate, type ClientCertificate } from './entra-certificate';
import { type EntraCredentials, fetchGraphToken } from './entra-token';
import { GraphClient } from './graph-client';

// The token comes from msal-node over real HTTPS (the fake's certificate is from a CA made for this run) and every
// request goes through the outgoing SSRF guard: without the server's permission for internal hosts, or without the
// extra CA, there is no token.

const TENANT = '0d9c8b7a-6f5e-4d3c-8b2a-1f0e9d8c7b6a';
const APP = '5e4d3c2b-1a09-4f8e-9d7c-6b5a4f3e2d1c';

let entra: FakeEntra;
let certificate: ClientCertificate;
let credentials: EntraCredentials;
let trusted: OutgoingPolicy;

beforeAll(async () => {
  entra = await startFakeEntra(0, { tenantId: TENANT, pageSize: 3 });
  certificate = createClientCertificate('token-test');
  credentials = { applicationId: APP, tenantId: TENANT, ...certificate };
  entra.registrations.set(TENANT, { applicationId: APP, certificatePem: certificate.certificatePem });
  trusted = { allowInternal: true, connectTimeoutMs: 2_000, extraCaPem: readFileSync(entra.caFile, 'utf8') };
}, 60_000);
afterAll(() => entra?.close());

const endpoints = (outgoing: OutgoingPolicy) => ({ authorityUrl: entra.url, graphBaseUrl: entra.url, outgoing });

describe('Graph token through msal-node', () => {
  it('gets a token with the certificate credential; the fake verified the PS256 assertion with the registered certificate', async () => {
    const token = await fetchGraphToken(credentials, endpoints(trusted));
    expect(token).toEqual({ ok: true, accessToken: expect.stringMatching(/^[0-9a-f]{48}$/) });
  });

  it('is refused with Entra\'s reason when another certificate is registered', async () => {
    entra.registrations.set(TENANT, { applicationId: APP, certificatePem: createClientCertificate('other').certificatePem });
    try {
      expect(await fetchGraphToken(credentials, endpoints(trusted))).toEqual({
        ok: false,
        message: 'Entra ID hat die Anmeldung abgelehnt: AADSTS700027: The certificate with identifier used to sign the client assertion is not registered on application.',
      });
    } finally {
      entra.registrations.set(TENANT, { applicationId: APP, certificatePem: certificate.certificatePem });
    }
  });

  it('obeys the SSRF guard: an internal authority is not reached without OUTGOING_ALLOW_INTERNAL_HOSTS', async () => {
    const before = entra.tokenRequests();
    expect(await fetchGraphToken(credentials, endpoints({ ...trusted, allowInternal: false }))).toEqual({
      ok: false,
      message: 'Der Anmeldedienst von Entra ID ist nicht erreichbar. Bitte Netzwerk und ENTRA_AUTHORITY_URL prüfen.',
    });
    expect(entra.tokenRequests()).toBe(before);
  });

  it('trusts the fake\'s certificate only with the extra CA', async () => {
    const { extraCaPem: _ca, ...withoutCa } = trusted;
    const before = entra.tokenRequests();
    expect(await fetchGraphToken(credentials, endpoints(withoutCa))).toMatchObject({ ok: false, message: expect.stringContaining('nicht erreichbar') });
    expect(entra.tokenRequests()).toBe(before);
  });
});

describe('Graph $batch', () => {
  it('reads 25 groups\' members in two batches (≤ 20 each), following a member list\'s next page', async () => {
    const token = await fetchGraphToken(credentials, endpoints(trusted));
    if (!token.ok) throw new Error(token.message);
    for (let index = 0; index < 25; index++) entra.tenant.groupMembers[`bg-${index}`] = index === 7 ? [FAKE_IDS.u1, FAKE_IDS.u2, FAKE_IDS.u3, FAKE_IDS.u4] : [FAKE_IDS.u1];
    const graph = new GraphClient(entra.url, token.accessToken, trusted);
    const paths = Array.from({ length: 25 }, (_, index) => `/v1.0/groups/bg-${index}/members?$select=id`);
    const before = entra.graphRequests.length;
    const members = await graph.batchList<{ id: string }>(paths);
    const requests = entra.graphRequests.slice(before);
    expect(requests.filter((line) => line.startsWith('$batch '))).toEqual(['$batch 20', '$batch 5']);
    expect(members.get(paths[0] ?? '')).toEqual([{ id: FAKE_IDS.u1 }]);
    // bg-7 has four members in pages of three: the second page comes through its @odata.nextLink.
    expect(members.get(paths[7] ?? '')?.map((member) => member.id)).toEqual([FAKE_IDS.u1, FAKE_IDS.u2, FAKE_IDS.u3, FAKE_IDS.u4]);
    expect(requests.filter((line) => line.startsWith('/v1.0/groups/bg-7/members'))).toHaveLength(1);
  });

  it('sends an answer throttled inside a batch again after its Retry-After, alone', async () => {
    const throttled = await startFakeEntra(0, { tenantId: TENANT, throttleOnceInBatch: [`/groups/${FAKE_IDS.g1}/owners`] });
    try {
      throttled.registrations.set(TENANT, { applicationId: APP, certificatePem: certificate.certificatePem });
      const policy = { ...trusted, extraCaPem: readFileSync(throttled.caFile, 'utf8') };
      const token = await fetchGraphToken(credentials, { authorityUrl: throttled.url, graphBaseUrl: throttled.url, outgoing: policy });
      if (!token.ok) throw new Error(token.message);
      const waits: number[] = [];
      const graph = new GraphClient(throttled.url, token.accessToken, policy, async (ms) => void waits.push(ms));
      const answers = await graph.batchList<{ id: string }>([`/v1.0/groups/${FAKE_IDS.g1}/members?$select=id`, `/v1.0/groups/${FAKE_IDS.g1}/owners?$select=id`]);
      expect([...answers.values()]).toEqual([[{ id: FAKE_IDS.u1 }, { id: FAKE_IDS.u3 }], [{ id: FAKE_IDS.u3 }]]);
      expect(waits).toEqual([1000]);
      expect(throttled.graphRequests.filter((line) => line.startsWith('$batch '))).toEqual(['$batch 2', '$batch 1']);
    } finally {
      await throttled.close();
    }
  });
});
