import { describe, expect, it } from 'vitest';
import { addMember, cleanSnapshot, group, sid, user } from '../testing/fixtures';
import { run } from '../testing/run';
import { indexSnapshot } from '../snapshot-index';
import { sidhistoryPrivilegedSid as check } from './sidhistory-privileged-sid';

describe('sidhistory-privileged-sid', () => {
  it('does not trigger for migrated, unprivileged SIDs', () => {
    const snapshot = cleanSnapshot();
    snapshot.users.push(user({ sAMAccountName: 'migrated', sidHistory: ['S-1-5-21-9-9-9-1234'] }));
    expect(run(check, snapshot).affected).toEqual([]);
  });
  it('triggers for the own Domain Admins SID, the Administrator SID and a foreign Enterprise Admins SID', () => {
    const snapshot = cleanSnapshot();
    snapshot.users.push(user({ sAMAccountName: 'evil', sidHistory: [sid(512)] }));
    snapshot.users.push(user({ sAMAccountName: 'shadow', sidHistory: [sid(500)] }));
    snapshot.users.push(user({ sAMAccountName: 'foreign', sidHistory: ['S-1-5-21-9-9-9-519'] }));
    const outcome = run(check, snapshot);
    expect(outcome.affected.map((item) => item.name).sort()).toEqual(['evil', 'foreign', 'shadow']);
    expect(outcome.affected.find((item) => item.name === 'evil')?.evidence).toBe(`sIDHistory enthält Domain Admins (${sid(512)}, eigene Domäne)`);
  });
  it('triggers for a group with a privileged SID, and makes holders and the group\'s members privileged everywhere', () => {
    const snapshot = cleanSnapshot();
    const holder = user({ sAMAccountName: 'evil', sidHistory: [sid(512)] });
    const member = user({ sAMAccountName: 'mitglied' });
    const sneaky = group({ sAMAccountName: 'Unauffällig', objectSid: sid(1700), sidHistory: ['S-1-5-32-544'] });
    addMember(sneaky, member);
    snapshot.users.push(holder, member);
    snapshot.groups.push(sneaky);
    expect(run(check, snapshot).affected.map((item) => item.name).sort()).toEqual(['Unauffällig', 'evil']);
    const index = indexSnapshot(snapshot);
    expect(index.privileged().get(holder.distinguishedName)?.groups).toEqual(['sIDHistory: Domain Admins']);
    expect(index.isPrivileged(member)).toBe(true);
  });
});
