import type { AttributeChange } from '@burgwall/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { saveChanges } from '../changes/change-store';
import { clientDb } from '../db/client-db';
import { saveIoaSetting } from './ioa-settings-store';

let testApp: TestApp;
let clientId: string;

beforeAll(async () => {
  testApp = await createTestApp();
  ({ clientId } = await insertProviderWithClient(testApp.services.db, { name: 'Sperrsturm KG' }));
});
afterAll(() => testApp.close());

let usn = 100;
const lockout = (minute: number): AttributeChange => ({
  objectGuid: `00000000-0000-4000-8000-${String(usn).padStart(12, '0')}`,
  objectClass: 'user',
  distinguishedName: `CN=Nutzer ${usn},OU=Mitarbeiter,DC=lab,DC=local`,
  propertyName: 'lockoutTime',
  oldValue: '0',
  newValue: '133700000000000000',
  timestamp: new Date(Date.UTC(2026, 10, 23, 9, minute)).toISOString(),
  usn: usn++,
});

async function ingest(changes: AttributeChange[]): Promise<void> {
  const { changeIds } = await saveChanges(testApp.services.db, clientId, changes);
  await testApp.services.events.emit({ type: 'changes-stored', clientId, changeIds });
}

const events = () => clientDb(testApp.services.db, clientId).selectFrom('ioa_event').select(['detector', 'evidence']).execute();

it('raises one lockout-storm IoA when the per-client threshold of locked accounts in the window is reached', async () => {
  await saveIoaSetting(testApp.services.db, clientId, 'lockout-storm', { enabled: true, allowlist: [], thresholds: { accounts: 3, minutes: 10 } });
  await ingest([lockout(0), lockout(1)]);
  expect(await events()).toEqual([]);
  // Outside the window of the first two: no storm yet.
  await ingest([lockout(30)]);
  expect(await events()).toEqual([]);
  await ingest([lockout(31), lockout(32), lockout(33)]);
  expect(await events()).toEqual([{ detector: 'lockout-storm', evidence: expect.objectContaining({ accounts: 3, minutes: 10 }) }]);
});

it('honours a disabled detector and an allowlisted member', async () => {
  await clientDb(testApp.services.db, clientId).deleteFrom('ioa_event').execute();
  await saveIoaSetting(testApp.services.db, clientId, 'privileged-group-member-added', {
    enabled: true,
    allowlist: ['CN=Admin Notfall,CN=Users,DC=lab,DC=local'],
    thresholds: {},
  });
  await saveIoaSetting(testApp.services.db, clientId, 'spn-added-to-user', { enabled: false, allowlist: [], thresholds: {} });
  const base = { objectClass: 'group' as const, distinguishedName: 'CN=Domain Admins,CN=Users,DC=lab,DC=local', propertyName: 'member', oldValue: null, timestamp: '2026-11-23T10:00:00.000Z' };
  await ingest([
    { ...base, objectGuid: '10000000-0000-4000-8000-000000000001', newValue: 'CN=Admin Notfall,CN=Users,DC=lab,DC=local', usn: 900 },
    { ...base, objectGuid: '10000000-0000-4000-8000-000000000002', newValue: 'CN=Fremder,CN=Users,DC=lab,DC=local', usn: 901 },
    { ...base, objectClass: 'user', objectGuid: '10000000-0000-4000-8000-000000000003', distinguishedName: 'CN=svc,DC=lab,DC=local', propertyName: 'servicePrincipalName', newValue: 'HTTP/x', usn: 902 },
  ]);
  expect((await events()).map((event) => event.detector)).toEqual(['privileged-group-member-added']);
  const flagged = await clientDb(testApp.services.db, clientId).selectFrom('change').select('usn').where('is_ioa', '=', true).where('usn', '>=', '900').execute();
  expect(flagged.map((row) => row.usn)).toEqual(['901']);
});
