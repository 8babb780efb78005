/**
 * Shared AD CS logic of the ESC checks (certipy / SpecterOps "Certified Pre-Owned" semantics): who may enrol, which
 * EKUs authenticate, which trustees are Tier-0. Principals are identified by SID only, never by name.
 */
import type { Ace, CertificateTemplate, CertificationAuthority } from '@burgwall/shared';
import type { CheckSnapshot } from './check-snapshot';
import { RIGHTS, broadPrincipals, isAllow } from './acl';
import type { SnapshotIndex } from './snapshot-index';
import { type AffectedObject, type CheckOutcome, skipped } from './types';

export const EKU = {
  CLIENT_AUTH: '1.3.6.1.5.5.7.3.2',
  PKINIT_CLIENT_AUTH: '1.3.6.1.5.2.3.4',
  SMART_CARD_LOGON: '1.3.6.1.4.1.311.20.2.2',
  ANY_PURPOSE: '2.5.29.37.0',
  CERTIFICATE_REQUEST_AGENT: '1.3.6.1.4.1.311.20.2.1',
} as const;

const AUTHENTICATION_EKUS = new Set<string>([EKU.CLIENT_AUTH, EKU.PKINIT_CLIENT_AUTH, EKU.SMART_CARD_LOGON, EKU.ANY_PURPOSE]);

export const ENROLLEE_SUPPLIES_SUBJECT = 0x1;
export const PEND_ALL_REQUESTS = 0x2;
export const NO_SECURITY_EXTENSION = 0x80000;
export const EDITF_ATTRIBUTESUBJECTALTNAME2 = 0x40000;
/** CA security rights (certsrv): ManageCA and ManageCertificates. */
export const CA_RIGHTS = { MANAGE_CA: 0x1, MANAGE_CERTIFICATES: 0x2 } as const;

const CERTIFICATE_ENROLLMENT = '0e10c968-78fb-11d2-90d4-00c04f79dc55';
const CERTIFICATE_AUTOENROLLMENT = 'a05b8cc2-17bc-4802-a710-e7c15ab866a2';
const INHERIT_ONLY_ACE = 0x8;

export const NO_TEMPLATES =
  'Nicht geprüft: Der Snapshot enthält keine AD-CS-Zertifikatvorlagen (Collector-Version ohne AD-CS-Erfassung). Aktualisieren Sie den Collector.';
export const NO_AUTHORITIES =
  'Nicht geprüft: Der Snapshot enthält keine Angaben zu den Zertifizierungsstellen (Collector-Version ohne AD-CS-Erfassung). Aktualisieren Sie den Collector.';

/** The templates, or the „Nicht geprüft“ outcome when the collector did not read them. */
export function templatesOf(snapshot: CheckSnapshot): CertificateTemplate[] | CheckOutcome {
  return snapshot.certificateTemplates ?? skipped(NO_TEMPLATES);
}

export function authoritiesOf(snapshot: CheckSnapshot): CertificationAuthority[] | CheckOutcome {
  return snapshot.certificationAuthorities ?? skipped(NO_AUTHORITIES);
}

export function isOutcome<T>(value: T[] | CheckOutcome): value is CheckOutcome {
  return !Array.isArray(value);
}

/** No EKU at all (schema 1) or Any Purpose: the certificate is valid for every purpose, authentication included. */
export function isAnyPurpose(template: CertificateTemplate): boolean {
  return template.extendedKeyUsages.length === 0 || template.extendedKeyUsages.includes(EKU.ANY_PURPOSE);
}

/** The certificate can log on via PKINIT / Schannel: client authentication, smart card logon, any purpose or none. */
export function allowsAuthentication(template: CertificateTemplate): boolean {
  return isAnyPurpose(template) || template.extendedKeyUsages.some((eku) => AUTHENTICATION_EKUS.has(eku));
}

export function suppliesSubject(template: CertificateTemplate): boolean {
  return (template.certificateNameFlag & ENROLLEE_SUPPLIES_SUBJECT) !== 0;
}

/** Neither manager approval (PEND_ALL_REQUESTS) nor authorised signatures stand between request and certificate. */
export function issuedWithoutApproval(template: CertificateTemplate): boolean {
  return (template.enrollmentFlag & PEND_ALL_REQUESTS) === 0 && template.raSignature === 0;
}

function grantsEnrollment(ace: Ace): boolean {
  if (!isAllow(ace) || (ace.flags & INHERIT_ONLY_ACE) !== 0) return false;
  if (ace.accessMask & RIGHTS.GENERIC_ALL) return true;
  if ((ace.accessMask & RIGHTS.CONTROL_ACCESS) === 0) return false;
  return ace.objectType === null || ace.objectType === CERTIFICATE_ENROLLMENT || ace.objectType === CERTIFICATE_AUTOENROLLMENT;
}

/**
 * The broad principals (Everyone, Authenticated Users, Domain Users, Domain Computers, builtin Users …) the template
 * ACL lets enrol, as display names; empty when only specific accounts or groups may.
 */
export function lowPrivilegedEnrollees(template: CertificateTemplate, index: SnapshotIndex): string[] {
  const broad = broadPrincipals(index);
  const names = new Set<string>();
  for (const ace of template.securityDescriptor?.aces ?? []) {
    if (broad.has(ace.trustee) && grantsEnrollment(ace)) names.add(index.nameOfSid(ace.trustee));
  }
  return [...names];
}


export function templateName(template: CertificateTemplate): string {
  return template.displayName ?? template.name;
}

export function templateObject(template: CertificateTemplate, evidence: string, detail = ''): AffectedObject {
  return {
    objectKey: detail ? `${template.objectGuid}:${detail}` : template.objectGuid,
    objectType: 'acl',
    name: `Zertifikatvorlage „${templateName(template)}“`,
    distinguishedName: template.distinguishedName,
    evidence,
  };
}

export function authorityObject(authority: CertificationAuthority, evidence: string, detail = ''): AffectedObject {
  return {
    objectKey: detail ? `${authority.objectGuid}:${detail}` : authority.objectGuid,
    objectType: 'acl',
    name: `Zertifizierungsstelle „${authority.name}“`,
    distinguishedName: authority.distinguishedName,
    evidence,
  };
}

/** Published, issued without approval and enrollable by broad groups: the common precondition of ESC1/2/3/9/13/15. */
export function openEnrollment(template: CertificateTemplate, index: SnapshotIndex): string[] {
  if (!template.published || !issuedWithoutApproval(template)) return [];
  return lowPrivilegedEnrollees(template, index);
}
