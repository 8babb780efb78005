import { describe, expect, it } from 'vitest';
import { cleanSnapshot, daysAgo, findUser } from '../testing/fixtures';
import { names, run } from '../testing/run';
import { privilegedPasswordOld as check } from './privileged-password-old';

const withAdminPasswordAge = (days: number) => {
  const snapshot = cleanSnapshot();
  findUser(snapshot, 'Administrator').pwdLastSet = daysAgo(days);
  return snapshot;
};

describe('privileged-password-old', () => {
  it('does not trigger at 365 days (edge)', () => {
    expect(run(check, withAdminPasswordAge(365)).affected).toEqual([]);
  });
  it('triggers at 366 days and with a lower configured limit', () => {
    expect(names(run(check, withAdminPasswordAge(366)))).toEqual(['Administrator']);
    expect(run(check, withAdminPasswordAge(100), { maxAgeDays: 99 }).affected).toHaveLength(1);
  });
});
