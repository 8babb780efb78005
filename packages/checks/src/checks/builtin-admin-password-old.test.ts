import { describe, expect, it } from 'vitest';
import { cleanSnapshot, daysAgo, findUser } from '../testing/fixtures';
import { run } from '../testing/run';
import { builtinAdminPasswordOld as check } from './builtin-admin-password-old';

const withAge = (days: number) => {
  const snapshot = cleanSnapshot();
  findUser(snapshot, 'Administrator').pwdLastSet = daysAgo(days);
  return snapshot;
};

describe('builtin-admin-password-old', () => {
  it('does not trigger at 180 days (edge)', () => {
    expect(run(check, withAge(180)).affected).toEqual([]);
  });
  it('triggers at 181 days and with a lower configured limit', () => {
    expect(run(check, withAge(181)).affected[0]?.name).toBe('Administrator');
    expect(run(check, withAge(60), { maxAgeDays: 59 }).affected).toHaveLength(1);
  });
});
