import type { Entry } from 'ldapts';
import { describe, expect, it } from 'vitest';
import { LdapEntry } from '../ldap/ldap-entry';
import { trackedValues } from './tracked-values';

describe('trackedValues', () => {
  it('keeps single values as text, sorts multi-valued ones into a JSON array and skips volatile attributes', () => {
    const entry = new LdapEntry({
      dn: 'CN=Domain Admins,CN=Users,DC=lab,DC=example',
      member: ['CN=b,DC=x', 'CN=a,DC=x'],
      description: 'Admins',
      uSNChanged: '4711',
      whenChanged: '20261123101500.0Z',
      memberOf: ['CN=Administrators,CN=Builtin,DC=x'],
    } as unknown as Entry);
    expect(trackedValues(entry, ['member', 'description', 'uSNChanged', 'whenChanged', 'memberOf', 'info'])).toEqual({
      member: '["CN=a,DC=x","CN=b,DC=x"]',
      description: 'Admins',
    });
  });

  it('turns binary SIDs into strings', () => {
    const sid = Buffer.from([1, 2, 0, 0, 0, 0, 0, 5, 32, 0, 0, 0, 0x20, 2, 0, 0]);
    const entry = new LdapEntry({ dn: 'CN=x', sIDHistory: [sid] } as unknown as Entry);
    expect(trackedValues(entry, ['sIDHistory'])).toEqual({ sIDHistory: '["S-1-5-32-544"]' });
  });
});
