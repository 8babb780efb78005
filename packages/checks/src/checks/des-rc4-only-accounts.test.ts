import { UAC } from '@burgwall/shared';
import { describe, expect, it } from 'vitest';
import { cleanSnapshot, user } from '../testing/fixtures';
import { names, run } from '../testing/run';
import { desRc4OnlyAccounts as check } from './des-rc4-only-accounts';

describe('des-rc4-only-accounts', () => {
  it('does not trigger for AES accounts', () => {
    const snapshot = cleanSnapshot();
    snapshot.users.push(user({ sAMAccountName: 'aes', supportedEncryptionTypes: 0x18 }));
    expect(run(check, snapshot).affected).toEqual([]);
  });
  it('triggers for USE_DES_KEY_ONLY and DES bits in the encryption types', () => {
    const snapshot = cleanSnapshot();
    snapshot.users.push(user({ sAMAccountName: 'des1', userAccountControl: UAC.NORMAL_ACCOUNT | UAC.USE_DES_KEY_ONLY }));
    snapshot.users.push(user({ sAMAccountName: 'des2', supportedEncryptionTypes: 0x1f }));
    expect(names(run(check, snapshot))).toEqual(['des1', 'des2']);
  });
});
