import { describe, expect, it } from 'vitest';
import { cleanSnapshot, user } from '../testing/fixtures';
import { names, run } from '../testing/run';
import { userSpnKerberoastable as check } from './user-spn-kerberoastable';

describe('user-spn-kerberoastable', () => {
  it('does not trigger for an AES-only service account', () => {
    const snapshot = cleanSnapshot();
    snapshot.users.push(user({ sAMAccountName: 'svc-aes', servicePrincipalNames: ['http/a'], supportedEncryptionTypes: 0x18 }));
    expect(run(check, snapshot).affected).toEqual([]);
  });
  it('triggers when encryption types are unset or include RC4', () => {
    const snapshot = cleanSnapshot();
    snapshot.users.push(user({ sAMAccountName: 'svc-default', servicePrincipalNames: ['http/b'] }));
    snapshot.users.push(user({ sAMAccountName: 'svc-rc4', servicePrincipalNames: ['http/c'], supportedEncryptionTypes: 0x1c }));
    expect(names(run(check, snapshot))).toEqual(['svc-default', 'svc-rc4']);
  });
});
