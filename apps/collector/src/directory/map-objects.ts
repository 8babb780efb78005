import {
  type CertificateTemplate,
  type CertificationAuthority,
  type DirectoryComputer,
  type DirectoryGroup,
  type DirectoryUser,
  type GpoFiles,
  type IssuancePolicy,
  type OrganizationalUnit,
  type PasswordSettings,
  type SecurityDescriptor,
  type Trust,
  UAC,
  hasUacFlag,
} from '@burgwall/shared';
import type { SnapshotInput } from '@burgwall/shared';
import { durationToDays, fileTimeToIso, generalizedTimeToIso } from '../ldap/decode';
import type { LdapEntry } from '../ldap/ldap-entry';
import { parseSecurityDescriptor } from '../ldap/security-descriptor';
import { parseGpLink } from './gp-link';

type GpoInput = SnapshotInput['gpos'][number];

function optionalString(entry: LdapEntry, name: string): string | null {
  return entry.string(name) ?? null;
}

function securityDescriptorOf(entry: LdapEntry, name = 'nTSecurityDescriptor'): SecurityDescriptor | null {
  const buffer = entry.buffer(name);
  return buffer ? parseSecurityDescriptor(buffer) : null;
}

function directoryObject(entry: LdapEntry) {
  return {
    objectGuid: entry.guid(),
    distinguishedName: entry.dn,
    name: entry.string('name') ?? '',
    description: optionalString(entry, 'description'),
    info: optionalString(entry, 'info'),
    whenCreated: generalizedTimeToIso(entry.string('whenCreated')),
    whenChanged: generalizedTimeToIso(entry.string('whenChanged')),
    usnChanged: entry.int('uSNChanged') ?? 0,
  };
}

function principal(entry: LdapEntry) {
  const objectSid = entry.sid();
  if (!objectSid) throw new Error(`${entry.dn}: no objectSid`);
  return {
    ...directoryObject(entry),
    objectSid,
    sAMAccountName: entry.string('sAMAccountName') ?? entry.string('name') ?? entry.dn,
    adminCount: entry.int('adminCount'),
    sidHistory: entry.sids('sIDHistory'),
    memberOf: entry.strings('memberOf'),
  };
}

function account(entry: LdapEntry, securityDescriptor: SecurityDescriptor | null) {
  const rbcd = securityDescriptorOf(entry, 'msDS-AllowedToActOnBehalfOfOtherIdentity');
  return {
    ...principal(entry),
    userAccountControl: entry.int('userAccountControl') ?? 0,
    primaryGroupId: entry.int('primaryGroupID') ?? 0,
    servicePrincipalNames: entry.strings('servicePrincipalName'),
    pwdLastSet: fileTimeToIso(entry.string('pwdLastSet')),
    lastLogonTimestamp: fileTimeToIso(entry.string('lastLogonTimestamp')),
    accountExpires: fileTimeToIso(entry.string('accountExpires')),
    allowedToDelegateTo: entry.strings('msDS-AllowedToDelegateTo'),
    allowedToActOnBehalfOf: rbcd ? rbcd.aces.filter((ace) => ace.type.startsWith('allow')).map((ace) => ace.trustee) : [],
    supportedEncryptionTypes: entry.int('msDS-SupportedEncryptionTypes'),
    keyCredentialLinkCount: entry.strings('msDS-KeyCredentialLink').length,
    userPrincipalName: optionalString(entry, 'userPrincipalName'),
    securityDescriptor,
  };
}

export function mapUser(entry: LdapEntry, securityDescriptor: SecurityDescriptor | null = null): DirectoryUser {
  return {
    ...account(entry, securityDescriptor),
    displayName: optionalString(entry, 'displayName'),
    mail: optionalString(entry, 'mail'),
    userPassword: optionalString(entry, 'userPassword'),
    unixUserPassword: optionalString(entry, 'unixUserPassword'),
  };
}

export function mapComputer(entry: LdapEntry, securityDescriptor: SecurityDescriptor | null = null): DirectoryComputer {
  const base = account(entry, securityDescriptor);
  const legacyLaps = fileTimeToIso(entry.string('ms-Mcs-AdmPwdExpirationTime'));
  const windowsLaps = fileTimeToIso(entry.string('msLAPS-PasswordExpirationTime'));
  return {
    ...base,
    dnsHostName: optionalString(entry, 'dNSHostName'),
    operatingSystem: optionalString(entry, 'operatingSystem'),
    operatingSystemVersion: optionalString(entry, 'operatingSystemVersion'),
    isDomainController: hasUacFlag(base.userAccountControl, UAC.SERVER_TRUST_ACCOUNT),
    isReadOnlyDomainController:
      hasUacFlag(base.userAccountControl, UAC.PARTIAL_SECRETS_ACCOUNT) || base.primaryGroupId === 521,
    lapsPasswordExpiry: windowsLaps ?? legacyLaps,
  };
}

export function mapGroup(entry: LdapEntry): DirectoryGroup {
  return { ...principal(entry), groupType: entry.int('groupType') ?? 0, members: entry.strings('member') };
}

export function mapOrganizationalUnit(entry: LdapEntry): OrganizationalUnit {
  return {
    ...directoryObject(entry),
    gpLinks: parseGpLink(entry.string('gPLink')),
    blockInheritance: entry.int('gPOptions') === 1,
  };
}

export function mapCertificateTemplate(entry: LdapEntry, published: Set<string>): CertificateTemplate {
  const name = entry.string('cn') ?? entry.string('name') ?? '';
  return {
    objectGuid: entry.guid(),
    distinguishedName: entry.dn,
    name,
    displayName: optionalString(entry, 'displayName'),
    schemaVersion: entry.int('msPKI-Template-Schema-Version'),
    certificateNameFlag: entry.int('msPKI-Certificate-Name-Flag') ?? 0,
    enrollmentFlag: entry.int('msPKI-Enrollment-Flag') ?? 0,
    raSignature: entry.int('msPKI-RA-Signature') ?? 0,
    extendedKeyUsages: entry.strings('pKIExtendedKeyUsage'),
    applicationPolicies: entry.strings('msPKI-Certificate-Application-Policy'),
    raApplicationPolicies: entry.strings('msPKI-RA-Application-Policies'),
    issuancePolicies: entry.strings('msPKI-Certificate-Policy'),
    published: published.has(name.toLowerCase()),
    securityDescriptor: securityDescriptorOf(entry),
  };
}

/**
 * An enterprise CA from its pKIEnrollmentService object. EditFlags and the CA's own ACL live in the CA's registry,
 * which LDAP does not show: they stay null (not collected).
 */
export function mapCertificationAuthority(entry: LdapEntry): CertificationAuthority {
  return {
    objectGuid: entry.guid(),
    distinguishedName: entry.dn,
    name: entry.string('cn') ?? entry.string('name') ?? '',
    dnsHostName: optionalString(entry, 'dNSHostName'),
    certificateTemplates: entry.strings('certificateTemplates'),
    enrollmentServerUrls: entry.strings('msPKI-Enrollment-Servers').map(enrollmentServerUrl).filter((url) => url !== ''),
    editFlags: null,
    caSecurity: null,
    securityDescriptor: securityDescriptorOf(entry),
  };
}

/** msPKI-Enrollment-Servers values are "priority\nauthentication\nrenewal-only\nURL"; the URL is the last line. */
export function enrollmentServerUrl(value: string): string {
  const lines = value.split(/\r?\n/);
  return (lines[lines.length - 1] ?? '').trim();
}

export function mapIssuancePolicy(entry: LdapEntry): IssuancePolicy {
  return {
    objectGuid: entry.guid(),
    distinguishedName: entry.dn,
    displayName: optionalString(entry, 'displayName'),
    oid: entry.string('msPKI-Cert-Template-OID') ?? '',
    groupLink: optionalString(entry, 'msDS-OIDToGroupLink'),
  };
}

export function mapGpo(entry: LdapEntry, files: GpoFiles): GpoInput {
  const cn = entry.string('cn') ?? entry.string('name') ?? '';
  return {
    ...directoryObject(entry),
    gpoId: cn.toUpperCase(),
    displayName: entry.string('displayName') ?? cn,
    flags: entry.int('flags') ?? 0,
    versionNumber: entry.int('versionNumber') ?? 0,
    fileSysPath: optionalString(entry, 'gPCFileSysPath'),
    files,
    securityDescriptor: securityDescriptorOf(entry),
  };
}

export function mapTrust(entry: LdapEntry): Trust {
  return {
    ...directoryObject(entry),
    trustPartner: entry.string('trustPartner') ?? entry.string('name') ?? '',
    flatName: optionalString(entry, 'flatName'),
    trustDirection: entry.int('trustDirection') ?? 0,
    trustType: entry.int('trustType') ?? 0,
    trustAttributes: entry.int('trustAttributes') ?? 0,
    securityIdentifier: entry.sid('securityIdentifier'),
  };
}

export function mapPasswordSettings(entry: LdapEntry): PasswordSettings {
  return {
    ...directoryObject(entry),
    precedence: entry.int('msDS-PasswordSettingsPrecedence') ?? 0,
    minPasswordLength: entry.int('msDS-MinimumPasswordLength') ?? 0,
    passwordHistoryLength: entry.int('msDS-PasswordHistoryLength') ?? 0,
    complexityEnabled: entry.string('msDS-PasswordComplexityEnabled')?.toUpperCase() === 'TRUE',
    reversibleEncryptionEnabled: entry.string('msDS-PasswordReversibleEncryptionEnabled')?.toUpperCase() === 'TRUE',
    maxPasswordAgeDays: durationToDays(entry.string('msDS-MaximumPasswordAge')),
    lockoutThreshold: entry.int('msDS-LockoutThreshold') ?? 0,
    appliesTo: entry.strings('msDS-PSOAppliesTo'),
  };
}
