import { UAC } from '@burgwall/shared';
import { describe, expect, it } from 'vitest';
import { cleanSnapshot, findUser } from '../testing/fixtures';
import { names, run } from '../testing/run';
import { guestAccountEnabled as check } from './guest-account-enabled';

describe('guest-account-enabled', () => {
  it('does not trigger while Guest is disabled', () => {
    expect(run(check, cleanSnapshot()).affected).toEqual([]);
  });
  it('triggers when Guest is enabled', () => {
    const snapshot = cleanSnapshot();
    findUser(snapshot, 'Guest').userAccountControl = UAC.NORMAL_ACCOUNT;
    expect(names(run(check, snapshot))).toEqual(['Guest']);
  });
});
