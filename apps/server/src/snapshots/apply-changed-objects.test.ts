import { DOMAIN_DN, cleanSnapshot, group, sid, user } from '@burgwall/checks/testing';
import { type AttributeChange, type ChangedObjectsInput, type DirectoryGroup, type DirectoryUser, type Snapshot, changedObjectsSchema } from '@burgwall/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../test-support/test-database';
import { insertProviderWithClient } from '../../../../test-support/tenants';
import { clientDb } from '../db/client-db';
import { applyChangedObjects } from './apply-changed-objects';
import { CHANGED_OBJECTS_PART, loadSnapshot, saveSnapshot } from './snapshot-store';

// Issue 15: a change batch's changed objects and deletions are written into the current snapshot's rows (replacing
// issue 14's patches laid over the snapshot in memory). Real PostgreSQL, the real store.

let test: TestDatabase;
let clientId: string;

beforeAll(async () => {
  test = await createTestDatabase();
  ({ clientId } = await insertProviderWithClient(test.db, { name: 'Änderungen anwenden GmbH' }));
});
afterAll(() => test.drop());

let snapshots = 0;
/** Stores `snapshot` as the client's newest; returns its id. */
async function current(snapshot: Snapshot): Promise<string> {
  snapshots++;
  const collectedAt = new Date(Date.UTC(2026, 10, 25, snapshots)).toISOString();
  return (await saveSnapshot(test.db, clientId, `apply-${snapshots}`, { ...snapshot, collectedAt })).snapshotId;
}

const apply = (objects: ChangedObjectsInput | undefined, changes: AttributeChange[] = []) =>
  test.db.transaction().execute((trx) => applyChangedObjects(trx, clientId, objects && changedObjectsSchema.parse(objects), changes));

const deletion = (object: { objectGuid: string; distinguishedName: string }, usn: number, objectClass: AttributeChange['objectClass'] = 'user'): AttributeChange => ({
  objectGuid: object.objectGuid,
  objectClass,
  distinguishedName: `${object.distinguishedName.split(',')[0]}\\0ADEL:${object.objectGuid},CN=Deleted Objects,${DOMAIN_DN}`,
  propertyName: 'isDeleted',
  oldValue: null,
  newValue: 'TRUE',
  timestamp: '2026-11-25T12:00:00.000Z',
  usn,
});

async function stored(snapshotId: string): Promise<Snapshot> {
  const snapshot = await loadSnapshot(test.db, clientId, snapshotId);
  if (!snapshot) throw new Error('snapshot not stored');
  return snapshot;
}
const rowOf = (snapshotId: string, objectGuid: string) =>
  clientDb(test.db, clientId)
    .selectFrom('directory_object')
    .select(['kind', 'name', 'sam_account_name', 'object_sid', 'distinguished_name', 'usn_changed', 'part_no', 'seq'])
    .where('snapshot_fk', '=', snapshotId)
    .where('object_guid', '=', objectGuid)
    .executeTakeFirst();
const snapshotRow = (snapshotId: string) =>
  clientDb(test.db, clientId).selectFrom('snapshot').select(['object_counts', 'changes_applied_at', 'domain_usn']).where('snapshot_id_pk', '=', snapshotId).executeTakeFirstOrThrow();
const userNamed = (snapshot: Snapshot, name: string) => snapshot.users.find((candidate) => candidate.sAMAccountName === name);
const groupNamed = (snapshot: Snapshot, name: string) => snapshot.groups.find((candidate) => candidate.sAMAccountName === name);

/** The clean domain plus anna and bernd, anna in helpdesk, helpdesk nested in it-admins. */
function domain(): { snapshot: Snapshot; anna: DirectoryUser; bernd: DirectoryUser; helpdesk: DirectoryGroup; itAdmins: DirectoryGroup } {
  const base = cleanSnapshot();
  const anna = user({ sAMAccountName: 'anna', usnChanged: 100 });
  const bernd = user({ sAMAccountName: 'bernd', usnChanged: 100 });
  const helpdesk = group({ sAMAccountName: 'helpdesk', objectSid: sid(4100), usnChanged: 100 });
  const itAdmins = group({ sAMAccountName: 'it-admins', objectSid: sid(4101), usnChanged: 100 });
  helpdesk.members.push(anna.distinguishedName);
  anna.memberOf.push(helpdesk.distinguishedName);
  itAdmins.members.push(helpdesk.distinguishedName);
  helpdesk.memberOf.push(itAdmins.distinguishedName);
  return { snapshot: { ...base, users: [...base.users, anna, bernd], groups: [...base.groups, helpdesk, itAdmins] }, anna, bernd, helpdesk, itAdmins };
}

describe('applying a change batch to the current snapshot', () => {
  it('does nothing before the first snapshot', async () => {
    const { anna } = domain();
    expect(await apply({ users: [anna] })).toEqual({ written: 0, deleted: 0, relinked: 0, domainHead: false });
  });

  it('a changed object replaces its row in place (list order kept, columns follow its data); a new one is added after every part', async () => {
    const { snapshot, bernd } = domain();
    const snapshotId = await current(snapshot);
    const before = await rowOf(snapshotId, bernd.objectGuid);
    const renamedBernd = { ...bernd, name: 'Bernd Brot', sAMAccountName: 'bbrot', description: 'Vertrieb', usnChanged: 150 };
    const carla = user({ sAMAccountName: 'carla', usnChanged: 160 });

    expect(await apply({ users: [renamedBernd, carla] })).toMatchObject({ written: 2, deleted: 0 });

    const after = await stored(snapshotId);
    expect(after.users.map((entry) => entry.sAMAccountName)).toEqual([...snapshot.users.map((entry) => (entry.sAMAccountName === 'bernd' ? 'bbrot' : entry.sAMAccountName)), 'carla']);
    expect(userNamed(after, 'bbrot')).toEqual(renamedBernd);
    expect(await rowOf(snapshotId, bernd.objectGuid)).toEqual({ ...before, name: 'Bernd Brot', sam_account_name: 'bbrot', usn_changed: '150' });
    expect(await rowOf(snapshotId, carla.objectGuid)).toMatchObject({ kind: 'users', name: 'carla', object_sid: carla.objectSid, usn_changed: '160', part_no: CHANGED_OBJECTS_PART, seq: '160' });
    const counts = await snapshotRow(snapshotId);
    expect(counts.object_counts?.users).toBe(snapshot.users.length + 1);
    expect(counts.changes_applied_at).toBeInstanceOf(Date);
  });

  it('a deleted user leaves its row and the member lists of its groups; a deleted group leaves the memberOf of its members and its parents', async () => {
    const { snapshot, anna, bernd, helpdesk, itAdmins } = domain();
    const snapshotId = await current(snapshot);

    expect(await apply(undefined, [deletion(helpdesk, 200, 'group')])).toMatchObject({ deleted: 1, written: 0 });
    let after = await stored(snapshotId);
    expect(groupNamed(after, 'helpdesk')).toBeUndefined();
    expect(userNamed(after, 'anna')?.memberOf).toEqual([]);
    expect(groupNamed(after, 'it-admins')?.members).toEqual([]);

    // bernd in it-admins (a change of the group), then bernd deleted: the group's list loses him again.
    await apply({ groups: [{ ...itAdmins, members: [bernd.distinguishedName], memberOf: [], usnChanged: 210 }] });
    expect(userNamed(await stored(snapshotId), 'bernd')?.memberOf).toEqual([itAdmins.distinguishedName]);
    expect(await apply(undefined, [deletion(bernd, 220)])).toMatchObject({ deleted: 1 });
    after = await stored(snapshotId);
    expect(after.users.map((entry) => entry.sAMAccountName)).not.toContain('bernd');
    expect(groupNamed(after, 'it-admins')?.members).toEqual([]);
    expect(userNamed(after, 'anna')).toMatchObject({ memberOf: [] });
    expect((await snapshotRow(snapshotId)).object_counts).toMatchObject({ users: snapshot.users.length - 1, groups: snapshot.groups.length - 1 });
    // Deleting what is not stored (an object the snapshot never had) changes nothing.
    const unknown = { objectGuid: '0badc0de-0000-4000-8000-000000000001', distinguishedName: `CN=x,${DOMAIN_DN}` };
    expect(await apply(undefined, [deletion(unknown, 230)])).toEqual({ written: 0, deleted: 0, relinked: 0, domainHead: false });
    expect(await apply(undefined, [deletion(anna, 240)])).toMatchObject({ deleted: 1 });
  });

  it('a deleted object leaves the lists of objects written in the same batch; one created again under its DN stays in them', async () => {
    const { snapshot, anna, bernd, helpdesk } = domain();
    const snapshotId = await current(snapshot);
    // The group arrives as read before the deletion reached it (still listing anna): she leaves it all the same.
    await apply({ groups: [{ ...helpdesk, members: [anna.distinguishedName, bernd.distinguishedName], usnChanged: 300 }] }, [deletion(anna, 301)]);
    let after = await stored(snapshotId);
    expect(groupNamed(after, 'helpdesk')?.members).toEqual([bernd.distinguishedName]);
    expect(userNamed(after, 'bernd')?.memberOf).toEqual([helpdesk.distinguishedName]);

    // bernd deleted and a new account created under the same DN, in helpdesk: the DN stays where the new one is.
    const bernd2 = user({ sAMAccountName: 'bernd', usnChanged: 311, memberOf: [helpdesk.distinguishedName] });
    await apply({ users: [bernd2], groups: [{ ...helpdesk, members: [bernd.distinguishedName], usnChanged: 312 }] }, [deletion(bernd, 310)]);
    after = await stored(snapshotId);
    expect(after.users.filter((entry) => entry.sAMAccountName === 'bernd').map((entry) => entry.objectGuid)).toEqual([bernd2.objectGuid]);
    expect(groupNamed(after, 'helpdesk')?.members).toEqual([bernd.distinguishedName]);
    expect(userNamed(after, 'bernd')?.memberOf).toEqual([helpdesk.distinguishedName]);
  });

  it("memberOf follows a changed group's member list: members it gained get the group, members it lost lose it; a new group's members get it", async () => {
    const { snapshot, anna, bernd, helpdesk } = domain();
    const snapshotId = await current(snapshot);
    const support = group({ sAMAccountName: 'support', objectSid: sid(4102), members: [anna.distinguishedName, `CN=S-1-5-11,CN=ForeignSecurityPrincipals,${DOMAIN_DN}`], usnChanged: 400 });

    const applied = await apply({ groups: [{ ...helpdesk, members: [bernd.distinguishedName.toUpperCase()], usnChanged: 401 }, support] });
    expect(applied).toMatchObject({ written: 2, relinked: 2 });

    const after = await stored(snapshotId);
    expect(userNamed(after, 'anna')?.memberOf).toEqual([support.distinguishedName]);
    expect(userNamed(after, 'bernd')?.memberOf).toEqual([helpdesk.distinguishedName]);
    // The nesting of helpdesk itself (its own memberOf, it-admins' members) is untouched.
    expect(groupNamed(after, 'it-admins')?.members).toEqual([helpdesk.distinguishedName]);
    expect(groupNamed(after, 'helpdesk')?.memberOf).toEqual(helpdesk.memberOf);
  });

  it("a renamed object's new DN replaces the old one in its groups' members; a renamed group's new DN replaces it in its members' memberOf", async () => {
    const { snapshot, anna, helpdesk } = domain();
    const snapshotId = await current(snapshot);
    // Alone: a moved account (AD changes no group's USN for it) and a renamed group (nor its members').
    const movedAnna = { ...anna, distinguishedName: `CN=anna,OU=Vertrieb,${DOMAIN_DN}`, usnChanged: 500 };
    await apply({ users: [movedAnna] });
    let after = await stored(snapshotId);
    expect(groupNamed(after, 'helpdesk')?.members).toEqual([movedAnna.distinguishedName]);
    const servicedesk = `CN=Servicedesk,CN=Users,${DOMAIN_DN}`;
    await apply({ groups: [{ ...helpdesk, distinguishedName: servicedesk, name: 'Servicedesk', members: [movedAnna.distinguishedName], usnChanged: 501 }] });
    after = await stored(snapshotId);
    expect(userNamed(after, 'anna')?.memberOf).toEqual([servicedesk]);
    expect(groupNamed(after, 'it-admins')?.members).toEqual([servicedesk]);
    expect(await rowOf(snapshotId, helpdesk.objectGuid)).toMatchObject({ name: 'Servicedesk', distinguished_name: servicedesk });

    // Both in one batch, each read with the other's new DN: the lists end up with the new DNs only.
    const movedAgain = { ...movedAnna, distinguishedName: `CN=anna,OU=Einkauf,${DOMAIN_DN}`, memberOf: [`CN=Servicedesk,OU=Gruppen,${DOMAIN_DN}`], usnChanged: 510 };
    const groupMoved = { ...helpdesk, distinguishedName: `CN=Servicedesk,OU=Gruppen,${DOMAIN_DN}`, name: 'Servicedesk', members: [movedAgain.distinguishedName], usnChanged: 511 };
    await apply({ users: [movedAgain], groups: [groupMoved] });
    after = await stored(snapshotId);
    expect(groupNamed(after, 'helpdesk')?.members).toEqual([movedAgain.distinguishedName]);
    expect(userNamed(after, 'anna')?.memberOf).toEqual([groupMoved.distinguishedName]);
    expect(groupNamed(after, 'it-admins')?.members).toEqual([groupMoved.distinguishedName]);
  });

  it('a state older than the stored row (by USN) never overwrites or deletes it; within a batch the newest state wins; a resent batch changes nothing', async () => {
    const { snapshot, anna } = domain();
    const snapshotId = await current(snapshot);
    const newer = { ...anna, description: 'neu', usnChanged: 600 };
    await apply({ users: [newer] });

    expect(await apply({ users: [{ ...anna, description: 'veraltet', usnChanged: 590 }] })).toMatchObject({ written: 0 });
    expect(await apply(undefined, [deletion(anna, 595)])).toMatchObject({ deleted: 0 });
    expect(userNamed(await stored(snapshotId), 'anna')).toEqual(newer);
    // The same state again (a collector resending its batch) is not written.
    expect(await apply({ users: [newer] })).toEqual({ written: 0, deleted: 0, relinked: 0, domainHead: false });

    // A change and a deletion of one object in one batch: the higher USN wins, whichever comes first.
    expect(await apply({ users: [{ ...anna, description: 'zuletzt', usnChanged: 620 }] }, [deletion(anna, 610)])).toMatchObject({ written: 1, deleted: 0 });
    expect(userNamed(await stored(snapshotId), 'anna')?.description).toBe('zuletzt');
    expect(await apply({ users: [{ ...anna, description: 'davor', usnChanged: 630 }] }, [deletion(anna, 640)])).toMatchObject({ written: 0, deleted: 1 });
    expect(userNamed(await stored(snapshotId), 'anna')).toBeUndefined();
  });

  it('a changed domain head merges into the stored head, keeping what only a full read knows; an older head is ignored', async () => {
    const base = domain().snapshot;
    const snapshot = { ...base, domain: { ...base.domain, netbiosName: 'TEST', dsHeuristics: '0000002', recycleBinEnabled: true, machineAccountQuota: 10 } };
    const snapshotId = await current(snapshot);
    const { netbiosName: _netbios, dsHeuristics: _heuristics, recycleBinEnabled: _recycleBin, ...head } = snapshot.domain;
    const quota = (value: number, usn: number): AttributeChange => ({
      objectGuid: head.objectGuid,
      objectClass: 'domainDNS',
      distinguishedName: head.distinguishedName,
      propertyName: 'ms-DS-MachineAccountQuota',
      oldValue: null,
      newValue: String(value),
      timestamp: '2026-11-25T12:00:00.000Z',
      usn,
    });

    expect(await apply({ domain: { ...head, machineAccountQuota: 0, gpLinks: [] } }, [quota(0, 700)])).toMatchObject({ domainHead: true, written: 0 });
    let after = await stored(snapshotId);
    expect(after.domain).toEqual({ ...snapshot.domain, machineAccountQuota: 0, gpLinks: [] });
    expect((await snapshotRow(snapshotId)).domain_usn).toBe('700');

    expect(await apply({ domain: { ...head, machineAccountQuota: 5 } }, [quota(5, 690)])).toMatchObject({ domainHead: false });
    expect((await stored(snapshotId)).domain.machineAccountQuota).toBe(0);
    // A head read without changes of its own (no USN to compare) is taken as it is.
    expect(await apply({ domain: { ...head, machineAccountQuota: 3 } })).toMatchObject({ domainHead: true });
    after = await stored(snapshotId);
    expect(after.domain).toMatchObject({ machineAccountQuota: 3, netbiosName: 'TEST', dsHeuristics: '0000002', recycleBinEnabled: true });
    expect(after.users).toHaveLength(snapshot.users.length);
    // The same head with a newer USN changes nothing but its USN: a head older than that is ignored afterwards.
    expect(await apply({ domain: { ...head, machineAccountQuota: 3 } }, [quota(3, 800)])).toMatchObject({ domainHead: false });
    expect((await snapshotRow(snapshotId)).domain_usn).toBe('800');
    expect(await apply({ domain: { ...head, machineAccountQuota: 4 } }, [quota(4, 750)])).toMatchObject({ domainHead: false });
    expect((await stored(snapshotId)).domain.machineAccountQuota).toBe(3);
  });
});

describe('batches at the same time', () => {
  it('are applied one after the other: both groups land in the memberOf of the account they both gained', async () => {
    const { snapshot, bernd, helpdesk, itAdmins } = domain();
    const snapshotId = await current(snapshot);
    await Promise.all([
      apply({ groups: [{ ...helpdesk, members: [...helpdesk.members, bernd.distinguishedName], usnChanged: 900 }] }),
      apply({ groups: [{ ...itAdmins, members: [...itAdmins.members, bernd.distinguishedName], usnChanged: 901 }] }),
    ]);
    expect([...(userNamed(await stored(snapshotId), 'bernd')?.memberOf ?? [])].sort()).toEqual([helpdesk.distinguishedName, itAdmins.distinguishedName].sort());
  });
});

describe('a big batch', () => {
  it('applies 50,000 changed and new objects and 5,000 deletions, with a 20,000-member group following', { timeout: 300_000 }, async () => {
    const base = cleanSnapshot();
    const many = Array.from({ length: 30_000 }, (_, index) => user({ sAMAccountName: `massen${index}`, usnChanged: 1_000 }));
    const staff = group({ sAMAccountName: 'belegschaft', objectSid: sid(4200), usnChanged: 1_000 });
    for (const member of many.slice(0, 20_000)) {
      staff.members.push(member.distinguishedName);
      member.memberOf.push(staff.distinguishedName);
    }
    const snapshotId = await current({ ...base, users: [...base.users, ...many], groups: [...base.groups, staff] });

    // 25,000 changed, 25,000 new, 5,000 of the others deleted (members of the group), and the group swaps 5,000 members.
    const changed = many.slice(0, 25_000).map((entry) => ({ ...entry, description: 'geändert', usnChanged: 2_000 }));
    const created = Array.from({ length: 25_000 }, (_, index) => user({ sAMAccountName: `neu${index}`, usnChanged: 3_000 + index }));
    const deleted = many.slice(25_000);
    const newMembers = [...staff.members.slice(5_000, 20_000), ...created.slice(0, 5_000).map((entry) => entry.distinguishedName)];
    const started = Date.now();
    const applied = await apply({ users: [...changed, ...created], groups: [{ ...staff, members: newMembers, usnChanged: 4_000 }] }, deleted.map((entry, index) => deletion(entry, 5_000 + index)));
    const seconds = (Date.now() - started) / 1000;
    console.log(`[apply-changed-objects] 50,001 objects + 5,000 deletions applied in ${seconds.toFixed(1)} s`);

    expect(applied).toMatchObject({ written: 50_001, deleted: 5_000, relinked: 10_000 });
    const after = await stored(snapshotId);
    expect(after.users).toHaveLength(base.users.length + 30_000 - 5_000 + 25_000);
    expect(after.users.filter((entry) => entry.description === 'geändert')).toHaveLength(25_000);
    const memberOf = new Map(after.users.map((entry) => [entry.sAMAccountName, entry.memberOf]));
    expect(memberOf.get('massen0')).toEqual([]);
    expect(memberOf.get('massen5000')).toEqual([staff.distinguishedName]);
    expect(memberOf.get('neu0')).toEqual([staff.distinguishedName]);
    expect(memberOf.get('neu5000')).toEqual([]);
    expect(groupNamed(after, 'belegschaft')?.members).toHaveLength(20_000);
    expect((await snapshotRow(snapshotId)).object_counts?.users).toBe(after.users.length);
  });
});
