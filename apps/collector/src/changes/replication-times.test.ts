import { describe, expect, it } from 'vitest';
import { originsOf } from './replication-times';

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
