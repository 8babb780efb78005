import { SNAPSHOT_SCHEMA_VERSION, type Snapshot, snapshotSchema } from '@burgwall/shared';
import type { GpoFiles, SecurityDescriptor, SnapshotInput, SysvolScripts } from '@burgwall/shared';
import { durationToDays, durationToMinutes } from '../ldap/decode';
import type { LdapEntry } from '../ldap/ldap-entry';
import { parseSecurityDescriptor } from '../ldap/security-descriptor';
import { emptyFiles } from '../sysvol/gpo-folder';
import { explicitControlAcl } from './explicit-acl';
import { parseGpLink } from './gp-link';
import * as map from './map-objects';
import type { DirectoryRead } from './read-directory';

/** 'DC=lab,DC=example' -> 'lab.example'. */
export function dnsNameOf(distinguishedName: string): string {
  return distinguishedName
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^dc=/i.test(part))
    .map((part) => part.slice(3))
    .join('.')
    .toLowerCase();
}

export function gpoIdOf(entry: LdapEntry): string {
  return (entry.string('cn') ?? entry.string('name') ?? '').toUpperCase();
}

export function mapDomain(read: DirectoryRead): SnapshotInput['domain'] {
  const entry = read.domain;
  if (!entry) throw new Error('Domänenkopf nicht lesbar');
  const objectSid = entry.sid();
  if (!objectSid) throw new Error('Domänenkopf ohne objectSid');
  const sd = entry.buffer('nTSecurityDescriptor');
  return {
    distinguishedName: entry.dn,
    dnsName: dnsNameOf(entry.dn),
    netbiosName: read.netbiosName,
    objectSid,
    objectGuid: entry.guid(),
    minPasswordLength: entry.int('minPwdLength') ?? 0,
    passwordHistoryLength: entry.int('pwdHistoryLength') ?? 0,
    maxPasswordAgeDays: durationToDays(entry.string('maxPwdAge')),
    minPasswordAgeDays: durationToDays(entry.string('minPwdAge'), false) ?? 0,
    passwordProperties: entry.int('pwdProperties') ?? 0,
    lockoutThreshold: entry.int('lockoutThreshold') ?? 0,
    lockoutDurationMinutes: durationToMinutes(entry.string('lockoutDuration')),
    lockoutObservationWindowMinutes: durationToMinutes(entry.string('lockOutObservationWindow')),
    machineAccountQuota: entry.int('ms-DS-MachineAccountQuota') ?? 0,
    domainFunctionalLevel: entry.int('msDS-Behavior-Version') ?? read.rootDse.domainFunctionality,
    forestFunctionalLevel: read.rootDse.forestFunctionality,
    dsHeuristics: read.dsHeuristics,
    gpLinks: parseGpLink(entry.string('gPLink')),
    securityDescriptor: sd ? parseSecurityDescriptor(sd) : null,
    ...(read.recycleBinEnabled === undefined ? {} : { recycleBinEnabled: read.recycleBinEnabled }),
    ...(read.lapsSchema ? { lapsSchema: read.lapsSchema } : {}),
  };
}

/**
 * The ACL the snapshot keeps of an account, group or OU: privileged objects their whole ACL (the ACL checks read it),
 * every other one its explicit control ACEs (the attack paths).
 */
export function snapshotAclOf(read: DirectoryRead): (entry: LdapEntry) => SecurityDescriptor | null {
  return (entry) => {
    const key = entry.dn.toLowerCase();
    const privileged = read.privilegedAcls.get(key)?.buffer('nTSecurityDescriptor');
    if (privileged) return parseSecurityDescriptor(privileged);
    const sd = read.objectAcls.get(key)?.buffer('nTSecurityDescriptor');
    return sd ? explicitControlAcl(parseSecurityDescriptor(sd)) : null;
  };
}

/** Turns a full directory read plus the GPO files into a validated snapshot. */
export function buildSnapshot(
  read: DirectoryRead,
  gpoFiles: Map<string, GpoFiles>,
  meta: { collectorVersion: string; collectedAt: Date; highestUsn: number },
  sysvolScripts?: SysvolScripts,
): Snapshot {
  const acl = snapshotAclOf(read);
  const adminSd = read.adminSdHolder?.buffer('nTSecurityDescriptor');
  const input: SnapshotInput = {
    schemaVersion: SNAPSHOT_SCHEMA_VERSION,
    collectedAt: meta.collectedAt.toISOString(),
    collectorVersion: meta.collectorVersion,
    highestUsn: meta.highestUsn,
    domain: mapDomain(read),
    users: read.users.map((entry) => map.mapUser(entry, acl(entry))),
    computers: read.computers.map((entry) => map.mapComputer(entry, acl(entry))),
    groups: read.groups.map((entry) => ({ ...map.mapGroup(entry), securityDescriptor: acl(entry) })),
    organizationalUnits: read.organizationalUnits.map((entry) => ({ ...map.mapOrganizationalUnit(entry), securityDescriptor: acl(entry) })),
    gpos: read.gpos.map((entry) => map.mapGpo(entry, gpoFiles.get(gpoIdOf(entry)) ?? emptyFiles('GPO-Dateien nicht gelesen'))),
    trusts: read.trusts.map(map.mapTrust),
    passwordSettings: read.passwordSettings.map(map.mapPasswordSettings),
    adminSdHolder: adminSd ? parseSecurityDescriptor(adminSd) : null,
    certificateTemplates: read.certificateTemplates.map((entry) => map.mapCertificateTemplate(entry, read.publishedTemplateNames)),
    certificationAuthorities: read.enrollmentServices.map(map.mapCertificationAuthority),
    issuancePolicies: read.issuancePolicies.map(map.mapIssuancePolicy).filter((policy) => policy.oid !== ''),
    ...(sysvolScripts ? { sysvolScripts } : {}),
    wellKnownPrincipals: read.wellKnownPrincipals.flatMap((entry) => {
      const objectSid = entry.sid();
      return objectSid ? [{ distinguishedName: entry.dn, objectSid }] : [];
    }),
  };
  const result = snapshotSchema.safeParse(input);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(`Snapshot ungültig: ${issue?.path.join('.')}: ${issue?.message}`);
  }
  return result.data;
}
