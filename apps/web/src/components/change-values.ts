import { formatDateTime } from '@burgwall/shared';

/**
 * Turns the raw attribute values of a directory change into what an administrator reads: userAccountControl as
 * named flags, well-known SIDs by name, Windows times as German dates, and multi-valued attributes as the lines
 * that were added and removed.
 */

/** userAccountControl bits (MS-ADTS 2.2.16): German meaning and the standard name admins search for. */
const UAC_FLAGS: ReadonlyArray<readonly [number, string, string]> = [
  [0x1, 'SCRIPT', 'Anmeldeskript wird ausgeführt'],
  [0x2, 'ACCOUNTDISABLE', 'Konto deaktiviert'],
  [0x8, 'HOMEDIR_REQUIRED', 'Basisordner erforderlich'],
  [0x10, 'LOCKOUT', 'Konto gesperrt'],
  [0x20, 'PASSWD_NOTREQD', 'Kein Kennwort erforderlich'],
  [0x40, 'PASSWD_CANT_CHANGE', 'Kennwort nicht änderbar'],
  [0x80, 'ENCRYPTED_TEXT_PWD_ALLOWED', 'Kennwort umkehrbar verschlüsselt'],
  [0x100, 'TEMP_DUPLICATE_ACCOUNT', 'Temporäres Duplikatkonto'],
  [0x200, 'NORMAL_ACCOUNT', 'Normales Konto'],
  [0x800, 'INTERDOMAIN_TRUST_ACCOUNT', 'Vertrauenskonto einer Domäne'],
  [0x1000, 'WORKSTATION_TRUST_ACCOUNT', 'Arbeitsstations- oder Serverkonto'],
  [0x2000, 'SERVER_TRUST_ACCOUNT', 'Domänencontrollerkonto'],
  [0x10000, 'DONT_EXPIRE_PASSWORD', 'Kennwort läuft nie ab'],
  [0x20000, 'MNS_LOGON_ACCOUNT', 'MNS-Anmeldekonto'],
  [0x40000, 'SMARTCARD_REQUIRED', 'Smartcard erforderlich'],
  [0x80000, 'TRUSTED_FOR_DELEGATION', 'Für Delegierung vertraut (uneingeschränkt)'],
  [0x100000, 'NOT_DELEGATED', 'Konto kann nicht delegiert werden'],
  [0x200000, 'USE_DES_KEY_ONLY', 'Nur DES-Verschlüsselung'],
  [0x400000, 'DONT_REQ_PREAUTH', 'Keine Kerberos-Vorauthentifizierung'],
  [0x800000, 'PASSWORD_EXPIRED', 'Kennwort abgelaufen'],
  [0x1000000, 'TRUSTED_TO_AUTH_FOR_DELEGATION', 'Für Delegierung mit Protokollwechsel vertraut'],
  [0x4000000, 'PARTIAL_SECRETS_ACCOUNT', 'Schreibgeschützter Domänencontroller (RODC)'],
];

/** Well-known SIDs (MS-DTYP 2.4.2.4) by their German names. */
const WELL_KNOWN_SIDS: Record<string, string> = {
  'S-1-1-0': 'Jeder',
  'S-1-5-7': 'Anonymous-Anmeldung',
  'S-1-5-9': 'Domänencontroller der Organisation',
  'S-1-5-11': 'Authentifizierte Benutzer',
  'S-1-5-18': 'Lokales System',
  'S-1-5-32-544': 'Administratoren',
  'S-1-5-32-545': 'Benutzer',
  'S-1-5-32-546': 'Gäste',
  'S-1-5-32-548': 'Konten-Operatoren',
  'S-1-5-32-549': 'Server-Operatoren',
  'S-1-5-32-550': 'Druck-Operatoren',
  'S-1-5-32-551': 'Sicherungs-Operatoren',
  'S-1-5-32-554': 'Prä-Windows 2000 kompatibler Zugriff',
};

/** Relative ids of the domain's own well-known accounts and groups (S-1-5-21-…-RID). */
const DOMAIN_RIDS: Record<string, string> = {
  '500': 'Administrator',
  '501': 'Gast',
  '502': 'krbtgt',
  '512': 'Domänen-Admins',
  '513': 'Domänen-Benutzer',
  '514': 'Domänen-Gäste',
  '515': 'Domänencomputer',
  '516': 'Domänencontroller',
  '517': 'Zertifikatherausgeber',
  '518': 'Schema-Admins',
  '519': 'Organisations-Admins',
  '520': 'Richtlinien-Ersteller-Besitzer',
  '521': 'Schreibgeschützte Domänencontroller',
  '525': 'Geschützte Benutzer',
  '526': 'Schlüsseladministratoren',
  '527': 'Organisationsschlüsseladministratoren',
};

/** Attributes holding a Windows FILETIME (100 ns since 1601); 0 and the maximum mean „nie“. */
const FILETIME_ATTRIBUTES = new Set(['pwdlastset', 'lastlogon', 'lastlogontimestamp', 'accountexpires', 'badpasswordtime', 'lockouttime', 'lastlogoff']);
/** Attributes with several values: shown as the values added and removed. */
const MULTI_VALUED_ATTRIBUTES = new Set(['member', 'memberof', 'serviceprincipalname', 'proxyaddresses', 'msds-allowedtodelegateto', 'sidhistory', 'objectclass', 'othermailbox', 'url', 'userworkstations']);

const FILETIME_EPOCH_OFFSET_MS = 11_644_473_600_000n;
const FILETIME_NEVER = new Set(['0', '9223372036854775807']);

/** Multi-valued attributes arrive as a JSON array (collector) or one value per line: one value per line. */
export function valueLines(value: string | null): string[] {
  if (value === null || value === '') return [];
  if (value.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(value);
      if (Array.isArray(parsed)) return parsed.map(String);
    } catch {
      // plain text that happens to start with '['
    }
  }
  return value.split('\n');
}

export function userAccountControlFlags(value: number): string[] {
  const flags = UAC_FLAGS.filter(([bit]) => (value & bit) !== 0).map(([, name, label]) => `${label} (${name})`);
  const known = UAC_FLAGS.reduce((all, [bit]) => all | bit, 0);
  const unknown = value & ~known;
  return unknown ? [...flags, `Unbekannte Bits 0x${unknown.toString(16)}`] : flags;
}

export function sidName(sid: string): string | null {
  const known = WELL_KNOWN_SIDS[sid];
  if (known) return known;
  const domain = /^S-1-5-21-\d+-\d+-\d+-(\d+)$/.exec(sid);
  return domain ? (DOMAIN_RIDS[domain[1] as string] ?? null) : null;
}

function fileTime(value: string): string {
  if (FILETIME_NEVER.has(value)) return 'nie';
  return formatDateTime(new Date(Number(BigInt(value) / 10_000n - FILETIME_EPOCH_OFFSET_MS)));
}

/** One value in readable form (times German, SIDs by name); anything unknown stays as it was. */
export function describeValue(property: string, value: string): string {
  const name = property.toLowerCase();
  if (FILETIME_ATTRIBUTES.has(name) && /^\d{1,19}$/.test(value)) return fileTime(value);
  const generalized = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(?:\.\d+)?Z$/.exec(value);
  if (generalized) {
    const [, year, month, day, hour, minute, second] = generalized;
    return formatDateTime(new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}Z`));
  }
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(value)) return formatDateTime(value);
  if (/^S-1-\d+(-\d+)+$/.test(value)) {
    const known = sidName(value);
    return known ? `${known} (${value})` : value;
  }
  return value;
}

/** The readable lines of one side of a change; userAccountControl becomes one line per flag. */
export function describeLines(property: string, value: string | null): string[] {
  const lines = valueLines(value);
  if (property.toLowerCase() === 'useraccountcontrol' && lines.length === 1 && /^\d+$/.test(lines[0] as string)) return userAccountControlFlags(Number(lines[0]));
  return lines.map((line) => describeValue(property, line));
}

export type ChangeDiff =
  | { kind: 'single'; before: string | null; after: string | null }
  | { kind: 'lines'; removed: string[]; added: string[]; unchanged: number };

/** Old → new: a single value side by side, several values (or flags) as the lines removed and added. */
export function changeDiff(property: string, oldValue: string | null, newValue: string | null): ChangeDiff {
  const before = describeLines(property, oldValue);
  const after = describeLines(property, newValue);
  const asLines = MULTI_VALUED_ATTRIBUTES.has(property.toLowerCase()) || property.toLowerCase() === 'useraccountcontrol' || before.length > 1 || after.length > 1;
  if (!asLines) return { kind: 'single', before: before[0] ?? null, after: after[0] ?? null };
  const kept = new Set(before.filter((line) => after.includes(line)));
  return { kind: 'lines', removed: before.filter((line) => !kept.has(line)), added: after.filter((line) => !kept.has(line)), unchanged: kept.size };
}
