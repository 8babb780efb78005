import { snapshotSchema } from '@burgwall/shared';
import { expect, it } from 'vitest';
import { overlayPatches } from './directory-patches';

const SID = 'S-1-5-21-5-6-7';
const DN = (name: string) => `CN=${name},CN=Users,DC=lab,DC=example`;
const guid = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const user = (n: number, name: string, memberOf: string[] = []) => ({
  objectGuid: guid(n),
  distinguishedName: DN(name),
  objectSid: `${SID}-${1100 + n}`,
  sAMAccountName: name,
  userAccountControl: 512,
  primaryGroupId: 513,
  memberOf,
});
const group = (n: number, name: string, members: string[]) => ({ objectGuid: guid(n), distinguishedName: DN(name), objectSid: `${SID}-${1100 + n}`, sAMAccountName: name, groupType: -2147483646, members, memberOf: [] });

const snapshot = snapshotSchema.parse({
  schemaVersion: 1,
  collectedAt: '2026-11-25T08:00:00.000Z',
  collectorVersion: '1.0.0',
  highestUsn: 1,
  domain: {
    distinguishedName: 'DC=lab,DC=example',
    dnsName: 'lab.example',
    objectSid: SID,
    objectGuid: guid(9),
    minPasswordLength: 7,
    passwordHistoryLength: 24,
    maxPasswordAgeDays: 42,
    minPasswordAgeDays: 1,
    passwordProperties: 1,
    lockoutThreshold: 0,
    lockoutDurationMinutes: 30,
    lockoutObservationWindowMinutes: 30,
    machineAccountQuota: 10,
    domainFunctionalLevel: 7,
    forestFunctionalLevel: 7,
  },
  users: [user(1, 'anna', [DN('helpdesk')]), user(2, 'bernd')],
  computers: [],
  groups: [group(3, 'helpdesk', [DN('anna')])],
  organizationalUnits: [],
  gpos: [],
});

it('a patched group moves memberOf of the members it gained and lost (AD reports no change of the member)', () => {
  const patched = overlayPatches(snapshot, [{ objectGuid: guid(3), kind: 'groups', object: group(3, 'helpdesk', [DN('bernd')]) }]);
  expect(patched.users.find((u) => u.sAMAccountName === 'anna')?.memberOf).toEqual([]);
  expect(patched.users.find((u) => u.sAMAccountName === 'bernd')?.memberOf).toEqual([DN('helpdesk')]);
  expect(patched.groups).toHaveLength(1);
});

it('a deleted object leaves its list and every member list; a new one is added; the stored snapshot stays as it was', () => {
  const patched = overlayPatches(snapshot, [
    { objectGuid: guid(1), kind: 'users', object: null },
    { objectGuid: guid(4), kind: 'users', object: user(4, 'carla') },
  ]);
  expect(patched.users.map((u) => u.sAMAccountName)).toEqual(['bernd', 'carla']);
  expect(patched.groups[0]?.members).toEqual([]);
  expect(snapshot.users.map((u) => u.sAMAccountName)).toEqual(['anna', 'bernd']);
  expect(snapshot.groups[0]?.members).toEqual([DN('anna')]);
});

it('a domain head patch replaces the fields of the head itself and keeps what only a full read knows', () => {
  const stored = { ...snapshot, domain: { ...snapshot.domain, netbiosName: 'LAB', dsHeuristics: '0000002' } };
  const { netbiosName: _n, dsHeuristics: _d, ...head } = stored.domain;
  const patched = overlayPatches(stored, [{ objectGuid: guid(9), kind: 'domain', object: { ...head, machineAccountQuota: 0, netbiosName: null } }]);
  expect(patched.domain.machineAccountQuota).toBe(0);
  expect(patched.domain.netbiosName).toBe('LAB');
  expect(patched.domain.dsHeuristics).toBe('0000002');
  expect(patched.users).toHaveLength(2);
});
