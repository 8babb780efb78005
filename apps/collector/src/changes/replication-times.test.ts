import { describe, expect, it } from 'vitest';
import type { AttributeChange } from '@burgwall/shared';
import type { LdapSession } from '../ldap/ldap-session';
import { originsOf, withReplicationTimes } from './replication-times';

const attribute = (name: string, time: string, version = 1) =>
  `<DS_REPL_ATTR_META_DATA><pszAttributeName>${name}</pszAttributeName><dwVersion>${version}</dwVersion><ftimeLastOriginatingChange>${time}</ftimeLastOriginatingChange><uuidLastOriginatingDsaInvocationID>x</uuidLastOriginatingDsaInvocationID><pszLastOriginatingDsaDN>CN=NTDS Settings,CN=DC1</pszLastOriginatingDsaDN></DS_REPL_ATTR_META_DATA>`;

describe('replication metadata', () => {
  it('gives each attribute its last originating change, the newest linked value for member', () => {
    const origins = originsOf([
      attribute('description', '2026-11-25T19:00:01Z', 3),
      attribute('member', '2026-11-25T18:00:00Z'),
      attribute('member', '2026-11-25T19:05:07Z', 2),
      attribute('member', '1601-01-01T00:00:00Z'),
      '<DS_REPL_ATTR_META_DATA><pszAttributeName>broken</pszAttributeName></DS_REPL_ATTR_META_DATA>',
    ]);
    expect(origins.get('description')).toEqual({ changedAt: '2026-11-25T19:00:01.000Z', version: 3, originatingDsa: 'CN=NTDS Settings,CN=DC1' });
    expect(origins.get('member')?.changedAt).toBe('2026-11-25T19:05:07.000Z');
    expect(origins.has('broken')).toBe(false);
  });
});

describe('withReplicationTimes', () => {
  it('gives each change the time, originating DC and version of its attribute for the upload', async () => {
    const dn = 'CN=Eve,CN=Users,DC=lab,DC=example';
    const metadata = [attribute('description', '2026-11-25T19:00:01Z', 3)];
    // The DC's answer to the base read of the two constructed attributes (what LdapSession.read returns).
    const session = { read: async (base: string) => (base === dn ? { strings: (name: string) => (name === 'msDS-ReplAttributeMetaData' ? metadata : []) } : null) } as unknown as LdapSession;
    const change = (propertyName: string): AttributeChange => ({
      objectGuid: '6f1c2a47-52a4-4d3c-9a55-0c7e9b3f1a01',
      objectClass: 'user',
      distinguishedName: dn,
      propertyName,
      oldValue: 'alt',
      newValue: 'neu',
      timestamp: '2026-11-25T19:00:30.000Z',
      usn: 12,
    });
    const [description, other] = await withReplicationTimes(session, [change('description'), change('title')]);
    expect(description).toMatchObject({ timestamp: '2026-11-25T19:00:01.000Z', originatingDsa: 'CN=NTDS Settings,CN=DC1', version: 3 });
    // Without metadata for the attribute the change keeps whenChanged and says nothing about its origin.
    expect(other).toEqual(change('title'));
  });
});
