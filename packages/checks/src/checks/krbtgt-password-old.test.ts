import { describe, expect, it } from 'vitest';
import { cleanSnapshot, daysAgo, findUser } from '../testing/fixtures';
import { run } from '../testing/run';
import { krbtgtPasswordOld as check } from './krbtgt-password-old';

const withAge = (days: number | null) => {
  const snapshot = cleanSnapshot();
  findUser(snapshot, 'krbtgt').pwdLastSet = days === null ? null : daysAgo(days);
  return snapshot;
};

describe('krbtgt-password-old', () => {
  it('does not trigger at exactly 180 days (edge)', () => {
    expect(run(check, withAge(180)).affected).toEqual([]);
  });
  it('triggers at 181 days and when never set', () => {
    expect(run(check, withAge(181)).affected[0]?.name).toBe('krbtgt');
    expect(run(check, withAge(null)).affected).toHaveLength(1);
  });
  it('honours a configured maximum age', () => {
    expect(run(check, withAge(100), { maxAgeDays: 90 }).affected).toHaveLength(1);
  });
});
