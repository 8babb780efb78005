import { describe, expect, it } from 'vitest';
import { cleanSnapshot, computer, daysAgo, user } from '../testing/fixtures';
import { names, run } from '../testing/run';
import { staleAccounts as check } from './stale-accounts';

const old = (days: number) => ({ lastLogonTimestamp: daysAgo(days), pwdLastSet: daysAgo(days), whenCreated: daysAgo(days) });

describe('stale-accounts', () => {
  it('does not trigger at 180 days (edge) or when the password was changed recently', () => {
    const snapshot = cleanSnapshot();
    snapshot.users.push(user({ sAMAccountName: 'edge', ...old(180) }));
    snapshot.users.push(user({ sAMAccountName: 'recentpw', ...old(400), pwdLastSet: daysAgo(5) }));
    expect(run(check, snapshot).affected).toEqual([]);
  });
  it('triggers for enabled users and computers unused for 181 days', () => {
    const snapshot = cleanSnapshot();
    snapshot.users.push(user({ sAMAccountName: 'gone', ...old(181) }));
    snapshot.computers.push(computer({ sAMAccountName: 'OLDPC$', ...old(500) }));
    expect(names(run(check, snapshot))).toEqual(['OLDPC$', 'gone']);
    expect(names(run(check, snapshot, { inactiveDays: 365 }))).toEqual(['OLDPC$']);
  });
});
