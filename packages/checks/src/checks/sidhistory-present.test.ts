import { describe, expect, it } from 'vitest';
import { cleanSnapshot, sid, user } from '../testing/fixtures';
import { run } from '../testing/run';
import { sidhistoryPresent as check } from './sidhistory-present';

describe('sidhistory-present', () => {
  it('does not trigger without sIDHistory', () => {
    expect(run(check, cleanSnapshot()).affected).toEqual([]);
  });
  it('triggers and flags a same-domain SID', () => {
    const snapshot = cleanSnapshot();
    snapshot.users.push(user({ sAMAccountName: 'migrated', sidHistory: ['S-1-5-21-9-9-9-1234'] }));
    snapshot.users.push(user({ sAMAccountName: 'evil', sidHistory: [sid(512)] }));
    const outcome = run(check, snapshot);
    expect(outcome.affected).toHaveLength(2);
    expect(outcome.affected.find((item) => item.name === 'evil')?.evidence).toContain('privilegierte SID');
    expect(outcome.affected.find((item) => item.name === 'migrated')?.evidence).not.toContain('privilegierte');
  });
});
