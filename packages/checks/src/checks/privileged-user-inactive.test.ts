import { describe, expect, it } from 'vitest';
import { cleanSnapshot, daysAgo, findUser } from '../testing/fixtures';
import { names, run } from '../testing/run';
import { privilegedUserInactive as check } from './privileged-user-inactive';

const withLastLogon = (days: number | null) => {
  const snapshot = cleanSnapshot();
  findUser(snapshot, 'Administrator').lastLogonTimestamp = days === null ? null : daysAgo(days);
  return snapshot;
};

describe('privileged-user-inactive', () => {
  it('does not trigger at 180 days without logon (edge)', () => {
    expect(run(check, withLastLogon(180)).affected).toEqual([]);
  });
  it('triggers at 181 days and for an old account that never logged on', () => {
    expect(names(run(check, withLastLogon(181)))).toEqual(['Administrator']);
    expect(run(check, withLastLogon(null)).affected).toHaveLength(1);
  });
  it('honours the configured number of days', () => {
    expect(run(check, withLastLogon(40), { inactiveDays: 30 }).affected).toHaveLength(1);
  });
});
