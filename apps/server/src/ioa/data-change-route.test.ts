import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { saveChanges } from '../changes/change-store';
import { clientDb } from '../db/client-db';
import { demoSnapshot } from '../demo/demo-snapshots';
import { saveSnapshot } from '../snapshots/snapshot-store';

const KEY = 'test-service-key-0123456789abcdef';
let testApp: TestApp;
let clientId: string;
let providerId: string;

beforeAll(async () => {
  testApp = await createTestApp({ SERVICE_API_KEY: KEY });
  ({ clientId, providerId } = await insertProviderWithClient(testApp.services.db, { name: 'Datenänderung AG' }));
  // Detectors know Domain Admins by its SID (-512) from the newest snapshot, never by its name.
  await saveSnapshot(testApp.services.db, clientId, 'data-change-snapshot', demoSnapshot('small', 'lab.local'));
});
afterAll(() => testApp.close());

function event(row: Record<string, unknown>) {
  return {
    created_at: '2026-11-23T10:00:01.000Z',
    delivery_info: { current_retry: 0, max_retries: 3 },
    id: '6b7d1c4e-9f0a-4a3b-8c2d-1e5f6a7b8c9d',
    trigger: { name: 'change_insert' },
    table: { name: 'change', schema: clientId.replaceAll('-', '_') },
    event: {
      op: 'INSERT',
      data: {
        old: null,
        new: {
          rep_id_pk: 900001,
          computer_fk: null,
          group_fk: '3f0c2a47-52a4-4d3c-9a55-0c7e9b3f1a02',
          user_fk: null,
          is_ioa: false,
          is_ioe: false,
          old_value: null,
          new_value: 'CN=Mallory,CN=Users,DC=lab,DC=local',
          property_name: 'member',
          timestamp: '2026-11-23T10:00:00.000Z',
          domains_object_guid_fk: null,
          client_uuid: clientId,
          serviceprovider_uuid: providerId,
          distinguished_name: 'CN=Domain Admins,CN=Users,DC=lab,DC=local',
          usn: 5001,
          ...row,
        },
      },
    },
  };
}

const PROBLEM = /^application\/problem\+json/;

const post = (payload: unknown, authorization: string | null = KEY) =>
  testApp.app.inject({
    method: 'POST',
    url: '/services/ioe/data-change',
    headers: authorization === null ? {} : { authorization },
    payload: payload as object,
  });

describe('POST /services/ioe/data-change', () => {
  it('refuses a missing or wrong API key with a German problem', async () => {
    const missing = await post(event({}), null);
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['content-type']).toMatch(PROBLEM);
    expect(missing.json().detail).toBe('Der Dienstschlüssel fehlt. Senden Sie ihn in der Kopfzeile Authorization.');
    const wrong = await post(event({}), 'ApiKey not-the-key');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ status: 401, detail: 'Der Dienstschlüssel ist ungültig.' });
  });

  it('answers 400 naming the bad field', async () => {
    const response = await post(event({ property_name: '' }));
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(PROBLEM);
    expect(response.json().errors).toEqual([{ path: 'body.event.data.new.property_name', message: 'Der Attributname (property_name) darf nicht leer sein.' }]);
    const notUuid = await post(event({ client_uuid: 'kein-kunde' }));
    expect(notUuid.statusCode).toBe(400);
    expect(notUuid.json().detail).toBe('Die Kunden-ID (client_uuid) muss eine gültige UUID sein.');
  });

  it('stores an unknown change, raises the IoA once and flags the change', async () => {
    const first = await post(event({}));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ message: '6b7d1c4e-9f0a-4a3b-8c2d-1e5f6a7b8c9d', stored: true, ioaEvents: 1 });
    const again = await post(event({}));
    expect(again.json()).toMatchObject({ stored: false, ioaEvents: 0 });
    const events = await clientDb(testApp.services.db, clientId).selectFrom('ioa_event').selectAll().execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ detector: 'privileged-group-member-added', severity: 'critical' });
    const change = await clientDb(testApp.services.db, clientId).selectFrom('change').select('is_ioa').executeTakeFirstOrThrow();
    expect(change.is_ioa).toBe(true);
  });

  it('re-evaluates a change the collector stored (by rep_id_pk) after the settings changed', async () => {
    const { changeIds } = await saveChanges(testApp.services.db, clientId, [
      {
        objectGuid: '4a0c2a47-52a4-4d3c-9a55-0c7e9b3f1a03',
        objectClass: 'user',
        distinguishedName: 'CN=svc-web,CN=Users,DC=lab,DC=local',
        propertyName: 'servicePrincipalName',
        oldValue: null,
        newValue: 'HTTP/web.lab.local',
        timestamp: '2026-11-23T10:05:00.000Z',
        usn: 5002,
      },
    ]);
    const response = await post(event({ rep_id_pk: Number(changeIds[0]), group_fk: null, user_fk: '4a0c2a47-52a4-4d3c-9a55-0c7e9b3f1a03', property_name: 'servicePrincipalName' }));
    expect(response.json()).toMatchObject({ changeId: changeIds[0], stored: false, ioaEvents: 1 });
  });

  it('refuses an event for another provider’s client and an unknown client', async () => {
    const foreign = await post(event({ serviceprovider_uuid: '00000000-0000-4000-8000-000000000099' }));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({
      detail: 'Der Dienstleister (serviceprovider_uuid) ist nicht der Dienstleister dieses Kunden.',
      errors: [{ path: 'body.event.data.new.serviceprovider_uuid' }],
    });
    const unknown = await post(event({ client_uuid: '00000000-0000-4000-8000-000000000098' }));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toMatch(PROBLEM);
    expect(unknown.json().detail).toBe('Den Kunden 00000000-0000-4000-8000-000000000098 (client_uuid) gibt es nicht.');
  });

  it('accepts the client id in upper case', async () => {
    const response = await post(event({ rep_id_pk: 900009, usn: 5009, client_uuid: clientId.toUpperCase(), serviceprovider_uuid: providerId.toUpperCase() }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ stored: true });
  });
});

describe('IoA thresholds', () => {
  it('stores a detector setting per client and resets it', async () => {
    const headers = await testApp.headersFor('client', clientId);
    const url = `/client/${clientId}/ioa/thresholds`;
    const put = await testApp.app.inject({
      method: 'PUT',
      url: `${url}/lockout-storm`,
      headers,
      payload: { enabled: true, allowlist: [], thresholds: { accounts: 3, minutes: 5 } },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().find((d: { slug: string }) => d.slug === 'lockout-storm').setting.thresholds).toEqual({ accounts: 3, minutes: 5 });
    const bad = await testApp.app.inject({ method: 'PUT', url: `${url}/lockout-storm`, headers, payload: { enabled: 'ja' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toMatch(PROBLEM);
    expect(bad.json().errors).toContainEqual({ path: 'body.enabled', message: 'Die Angabe „aktiv“ muss wahr oder falsch (true/false) sein.' });
    const unknownDetector = await testApp.app.inject({ method: 'PUT', url: `${url}/gibt-es-nicht`, headers, payload: { enabled: true, allowlist: [], thresholds: {} } });
    expect(unknownDetector.statusCode).toBe(404);
    expect(unknownDetector.json().detail).toBe('Die Angriffserkennung „gibt-es-nicht“ gibt es nicht.');
    expect((await testApp.app.inject({ method: 'POST', url: `${url}/reset`, headers })).statusCode).toBe(200);
    const after = await testApp.app.inject({ method: 'GET', url, headers });
    expect(after.json().find((d: { slug: string }) => d.slug === 'lockout-storm').setting.thresholds).toEqual({ accounts: 10, minutes: 10 });
    const other = await insertProviderWithClient(testApp.services.db, { name: 'Fremd GmbH' });
    const foreign = await testApp.app.inject({ method: 'GET', url: `/client/${other.clientId}/ioa/thresholds`, headers });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.headers['content-type']).toMatch(PROBLEM);
  });
});
