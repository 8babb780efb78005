import { cleanSnapshot, group, sid, user } from '@burgwall/checks/testing';
import { expect, it } from 'vitest';
import { overlayPatches } from './directory-patches';

const anna = user({ sAMAccountName: 'anna' });
const bernd = user({ sAMAccountName: 'bernd' });
const helpdesk = group({ sAMAccountName: 'helpdesk', objectSid: sid(4100), members: [anna.distinguishedName] });
const base = cleanSnapshot();
const snapshot = {
  ...base,
  users: [...base.users, { ...anna, memberOf: [helpdesk.distinguishedName] }, bernd],
  groups: [...base.groups, helpdesk],
};
const names = (list: { sAMAccountName: string }[]) => list.map((item) => item.sAMAccountName);

it('a patched group moves memberOf of the members it gained and lost (AD reports no change of the member)', () => {
  const patched = overlayPatches(snapshot, [{ objectGuid: helpdesk.objectGuid, kind: 'groups', object: { ...helpdesk, members: [bernd.distinguishedName] } }]);
  expect(patched.users.find((u) => u.sAMAccountName === 'anna')?.memberOf).toEqual([]);
  expect(patched.users.find((u) => u.sAMAccountName === 'bernd')?.memberOf).toEqual([helpdesk.distinguishedName]);
  expect(patched.groups).toHaveLength(snapshot.groups.length);
});

it('a deleted object leaves its list and every member list; a new one is added; the stored snapshot stays as it was', () => {
  const carla = user({ sAMAccountName: 'carla' });
  const patched = overlayPatches(snapshot, [
    { objectGuid: anna.objectGuid, kind: 'users', object: null },
    { objectGuid: carla.objectGuid, kind: 'users', object: carla },
  ]);
  expect(names(patched.users)).not.toContain('anna');
  expect(names(patched.users).slice(-2)).toEqual(['bernd', 'carla']);
  expect(patched.groups.find((g) => g.sAMAccountName === 'helpdesk')?.members).toEqual([]);
  expect(names(snapshot.users)).toContain('anna');
  expect(helpdesk.members).toEqual([anna.distinguishedName]);
});

it('a domain head patch replaces the fields of the head itself and keeps what only a full read knows', () => {
  const stored = { ...snapshot, domain: { ...snapshot.domain, netbiosName: 'TEST', dsHeuristics: '0000002', machineAccountQuota: 10 } };
  const { netbiosName: _netbios, dsHeuristics: _heuristics, ...head } = stored.domain;
  const patched = overlayPatches(stored, [{ objectGuid: stored.domain.objectGuid, kind: 'domain', object: { ...head, machineAccountQuota: 0, netbiosName: null } }]);
  expect(patched.domain.machineAccountQuota).toBe(0);
  expect(patched.domain.netbiosName).toBe('TEST');
  expect(patched.domain.dsHeuristics).toBe('0000002');
  expect(patched.users).toHaveLength(snapshot.users.length);
});
