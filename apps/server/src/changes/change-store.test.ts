import type { AttributeChange } from '@burgwall/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { clientDb } from '../db/client-db';
import { saveChanges, saveEntraChanges } from './change-store';

let testApp: TestApp;
let clientId: string;

beforeAll(async () => {
  testApp = await createTestApp();
  ({ clientId } = await insertProviderWithClient(testApp.services.db, { name: 'Änderungen GmbH' }));
});
afterAll(() => testApp.close());

const change = (usn: number, overrides: Partial<AttributeChange> = {}): AttributeChange => ({
  objectGuid: '6f1c2a47-52a4-4d3c-9a55-0c7e9b3f1a01',
  objectClass: 'group',
  distinguishedName: 'CN=Domain Admins,CN=Users,DC=lab,DC=example',
  propertyName: 'member',
  oldValue: null,
  newValue: 'CN=Eve,CN=Users,DC=lab,DC=example',
  timestamp: '2026-11-23T10:00:00.000Z',
  usn,
  ...overrides,
});

it('stores changes with the object column of their class and skips a resent change', async () => {
  const first = await saveChanges(testApp.services.db, clientId, [change(100), change(101, { objectClass: 'user' })]);
  expect(first.changeIds).toHaveLength(2);
  const again = await saveChanges(testApp.services.db, clientId, [change(100), change(102)]);
  expect(again.changeIds).toHaveLength(1);

  const rows = await clientDb(testApp.services.db, clientId).selectFrom('change').selectAll().orderBy('usn').execute();
  expect(rows.map((row) => Number(row.usn))).toEqual([100, 101, 102]);
  expect(rows[0]).toMatchObject({ group_fk: change(0).objectGuid, user_fk: null, computer_fk: null, is_ioa: false });
  expect(rows[1]).toMatchObject({ user_fk: change(0).objectGuid, group_fk: null });
  expect(rows[0]?.new_value).toBe('CN=Eve,CN=Users,DC=lab,DC=example');
});

it('accepts an empty batch without touching the database', async () => {
  expect(await saveChanges(testApp.services.db, clientId, [])).toEqual({ changeIds: [] });
});

it('stores an Entra collection with more changes than one statement can bind (a dynamic group gaining 7,000 members)', async () => {
  // 12 parameters per row: one INSERT of all 7,000 would need 84,000 of PostgreSQL's 65,535.
  const changes = Array.from({ length: 7000 }, (_, index) => ({
    objectId: '0b6f3c1e-8d2a-4e5b-9c7d-1a2b3c4d5e6f',
    objectClass: 'group',
    objectName: 'Alle Mitarbeitenden',
    propertyName: 'members',
    oldValue: null,
    newValue: `mitarbeiter${index}@kunde.de`,
  }));
  expect(await saveEntraChanges(testApp.services.db, clientId, '7', '2026-12-02T10:00:00.000Z', changes)).toBe(7000);
  const stored = await clientDb(testApp.services.db, clientId).selectFrom('change').select((eb) => eb.fn.countAll<string>().as('n')).where('directory', '=', 'entra').executeTakeFirstOrThrow();
  expect(Number(stored.n)).toBe(7000);
});
