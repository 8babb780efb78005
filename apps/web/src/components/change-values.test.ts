import { describe, expect, it } from 'vitest';
import { changeDiff, describeLines, describeValue, sidName, userAccountControlFlags } from './change-values';

describe('change values', () => {
  it('names userAccountControl flags and diffs them', () => {
    expect(userAccountControlFlags(0x10202)).toEqual(['Konto deaktiviert (ACCOUNTDISABLE)', 'Normales Konto (NORMAL_ACCOUNT)', 'Kennwort läuft nie ab (DONT_EXPIRE_PASSWORD)']);
    expect(changeDiff('userAccountControl', '512', '4194816')).toEqual({
      kind: 'lines',
      removed: [],
      added: ['Keine Kerberos-Vorauthentifizierung (DONT_REQ_PREAUTH)'],
      unchanged: 1,
    });
  });

  it('names well-known and domain SIDs and keeps unknown ones', () => {
    expect(sidName('S-1-5-32-544')).toBe('Administratoren');
    expect(describeValue('objectSid', 'S-1-5-21-1-2-3-512')).toBe('Domänen-Admins (S-1-5-21-1-2-3-512)');
    expect(describeValue('objectSid', 'S-1-5-21-1-2-3-1105')).toBe('S-1-5-21-1-2-3-1105');
  });

  it('shows Windows and LDAP times in German', () => {
    // 2026-01-15 12:00 UTC as FILETIME: (ms since 1970 + 11644473600000) * 10000.
    const fileTime = String((BigInt(Date.UTC(2026, 0, 15, 12)) + 11_644_473_600_000n) * 10_000n);
    expect(describeValue('pwdLastSet', fileTime)).toBe('15.01.2026, 13:00 Uhr');
    expect(describeValue('accountExpires', '9223372036854775807')).toBe('nie');
    expect(describeValue('whenChanged', '20260115120000.0Z')).toBe('15.01.2026, 13:00 Uhr');
  });

  it('diffs multi-valued attributes line by line and keeps every value', () => {
    const members = Array.from({ length: 9 }, (_, index) => `CN=Benutzer ${index},DC=x`);
    const diff = changeDiff('member', members.join('\n'), JSON.stringify([...members.slice(1), 'CN=Mallory,DC=x']));
    expect(diff).toEqual({ kind: 'lines', removed: ['CN=Benutzer 0,DC=x'], added: ['CN=Mallory,DC=x'], unchanged: 8 });
    expect(describeLines('description', 'Zeile 1\nZeile 2')).toEqual(['Zeile 1', 'Zeile 2']);
  });

  it('keeps a single value as old → new', () => {
    expect(changeDiff('title', 'Azubi', 'Leitung')).toEqual({ kind: 'single', before: 'Azubi', after: 'Leitung' });
    expect(changeDiff('title', null, 'Leitung')).toEqual({ kind: 'single', before: null, after: 'Leitung' });
  });
});
