import { describe, expect, it } from 'vitest';
import { cleanSnapshot, sid, user } from '../testing/fixtures';
import { run } from '../testing/run';
import { sidhistoryPresent as check } from './sidhistory-present';

describe('sidhistory-present', () => {
  it('does not trigger without sIDHistory, nor for a privileged SID (reported as critical by sidhistory-privileged-sid)', () => {
    expect(run(check, cleanSnapshot()).affected).toEqual([]);
    const snapshot = cleanSnapshot();
    snapshot.users.push(user({ sAMAccountName: 'evil', sidHistory: [sid(512)] }));
    expect(run(check, snapshot).affected).toEqual([]);
  });
  it('triggers for migrated SIDs and flags an unprivileged SID of the own domain', () => {
    const snapshot = cleanSnapshot();
    snapshot.users.push(user({ sAMAccountName: 'migrated', sidHistory: ['S-1-5-21-9-9-9-1234'] }));
    snapshot.users.push(user({ sAMAccountName: 'odd', sidHistory: [sid(4321)] }));
    const outcome = run(check, snapshot);
    expect(outcome.affected).toHaveLength(2);
    expect(outcome.affected.find((item) => item.name === 'odd')?.evidence).toContain('eigenen Domäne');
    expect(outcome.affected.find((item) => item.name === 'migrated')?.evidence).not.toContain('eigenen Domäne');
  });
});
