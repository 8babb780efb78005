import { describe, expect, it } from 'vitest';
import { cleanSnapshot, user } from '../testing/fixtures';
import { names, run } from '../testing/run';
import { admincountOrphaned as check } from './admincount-orphaned';

describe('admincount-orphaned', () => {
  it('does not trigger for admins still in a protected group', () => {
    expect(run(check, cleanSnapshot()).affected).toEqual([]);
  });
  it('triggers for a former admin with adminCount=1', () => {
    const snapshot = cleanSnapshot();
    snapshot.users.push(user({ sAMAccountName: 'former-admin', adminCount: 1 }));
    expect(names(run(check, snapshot))).toEqual(['former-admin']);
  });
});
