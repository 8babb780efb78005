import { UAC } from '@burgwall/shared';
import { describe, expect, it } from 'vitest';
import { cleanSnapshot, user } from '../testing/fixtures';
import { names, run } from '../testing/run';
import { userReversibleEncryption as check } from './user-reversible-encryption';

describe('user-reversible-encryption', () => {
  it('does not trigger on a clean domain', () => {
    expect(run(check, cleanSnapshot()).affected).toEqual([]);
  });
  it('triggers for ENCRYPTED_TEXT_PWD_ALLOWED', () => {
    const snapshot = cleanSnapshot();
    snapshot.users.push(user({ sAMAccountName: 'chap', userAccountControl: UAC.NORMAL_ACCOUNT | UAC.ENCRYPTED_TEXT_PWD_ALLOWED }));
    expect(names(run(check, snapshot))).toEqual(['chap']);
  });
});
