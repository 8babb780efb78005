import { DirectoryView, type DirectoryGroupEntry, type SidResolver } from './directory-view';
import type { ChangeRecord, DetectionContext, DetectorSettings } from './types';

/** A change record for detector tests; override what the test is about. */
export function testChange(overrides: Partial<ChangeRecord>): ChangeRecord {
  return {
    id: '1',
    objectGuid: '00000000-0000-4000-8000-0000000000aa',
    objectClass: 'user',
    distinguishedName: 'CN=Eva Muster,CN=Users,DC=lab,DC=local',
    propertyName: 'description',
    oldValue: null,
    newValue: null,
    timestamp: new Date('2026-11-23T10:00:00Z'),
    ...overrides,
  };
}

/** A context with no history and no snapshot; override what the test needs. */
export function testContext(overrides: Partial<DetectionContext> = {}): DetectionContext {
  return {
    countRecentNonZero: () => Promise.resolve(0),
    countRecentChangedObjects: () => Promise.resolve(0),
    hasFindingSince: () => Promise.resolve(false),
    directory: () => Promise.resolve(null),
    ...overrides,
  };
}

export const noHistory: DetectionContext = testContext();

export function settingsWith(overrides: Partial<DetectorSettings> = {}): DetectorSettings {
  return { enabled: true, allowlist: [], thresholds: {}, ...overrides };
}

export const TEST_DOMAIN_SID = 'S-1-5-21-1-2-3';

/**
 * The groups of a German-installed domain: well-known groups carry German names, so only their SIDs identify them.
 * „Tier0-Helfer“ is nested in „Domänen-Admins“, „Vertrieb“ is an ordinary group.
 */
export const SAMBA_ANONYMOUS_LOGON = 'CN=Anonymous Logon,CN=WellKnown Security Principals,CN=Configuration,DC=lab,DC=local';

export function germanDirectory(resolveSid?: SidResolver): DirectoryView {
  const group = (name: string, sid: string, members: string[] = [], container = 'CN=Users'): DirectoryGroupEntry => ({
    objectGuid: `00000000-0000-4000-9000-${sid.split('-').pop()?.padStart(12, '0') ?? ''}`,
    distinguishedName: `CN=${name},${container},DC=lab,DC=local`,
    objectSid: sid,
    sAMAccountName: name,
    members,
  });
  return new DirectoryView(
    TEST_DOMAIN_SID,
    [
      group('Domänen-Admins', `${TEST_DOMAIN_SID}-512`, ['CN=Tier0-Helfer,OU=Gruppen,DC=lab,DC=local']),
      group('Administratoren', 'S-1-5-32-544', [], 'CN=Builtin'),
      { ...group('Prä-Windows 2000 kompatibler Zugriff', 'S-1-5-32-554', [], 'CN=Builtin'), objectGuid: '00000000-0000-4000-9000-000000000554' },
      { ...group('Tier0-Helfer', `${TEST_DOMAIN_SID}-1201`), distinguishedName: 'CN=Tier0-Helfer,OU=Gruppen,DC=lab,DC=local' },
      { ...group('Vertrieb', `${TEST_DOMAIN_SID}-1202`), distinguishedName: 'CN=Vertrieb,OU=Gruppen,DC=lab,DC=local' },
    ],
    resolveSid,
    [
      { objectGuid: '00000000-0000-4000-9000-000000000501', objectSid: `${TEST_DOMAIN_SID}-501`, sAMAccountName: 'Gast' },
      // krbtgt renamed (hardening guides suggest it; the account keeps RID 502).
      { objectGuid: '00000000-0000-4000-9000-000000000502', objectSid: `${TEST_DOMAIN_SID}-502`, sAMAccountName: 'kdc-dienst' },
    ],
    // Samba adds well-known SIDs as these objects, not as foreign security principals.
    [{ distinguishedName: SAMBA_ANONYMOUS_LOGON, objectSid: 'S-1-5-7' }],
  );
}
