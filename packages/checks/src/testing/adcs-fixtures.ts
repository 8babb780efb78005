/**
 * AD CS fixtures: an enterprise CA with the templates Microsoft ships (ACLs as a fresh Windows Server 2022 CA sets
 * them), on top of the clean domain. Tests change one template or the CA and assert the ESC check triggers.
 */
import {
  type Ace,
  type CertificateTemplate,
  type CertificationAuthority,
  type Snapshot,
  certificateTemplateSchema,
  certificationAuthoritySchema,
} from '@burgwall/shared';
import { EKU } from '../adcs';
import { DOMAIN_DN, cleanSnapshot, guid, sid } from './fixtures';

const PKI = `CN=Public Key Services,CN=Services,CN=Configuration,${DOMAIN_DN}`;
export const ENROLL = '0e10c968-78fb-11d2-90d4-00c04f79dc55';
export const AUTOENROLL = 'a05b8cc2-17bc-4802-a710-e7c15ab866a2';
const FULL_CONTROL = 0xf00ff;
const READ = 0x20094;

export function ace(trustee: string, accessMask: number, objectType: string | null = null): Ace {
  return { type: objectType ? 'allow-object' : 'allow', trustee, accessMask, objectType, inheritedObjectType: null, flags: 0 };
}

export const enroll = (trustee: string): Ace => ace(trustee, 0x100, ENROLL);

/** The default template ACL: Domain and Enterprise Admins full control, Authenticated Users read, plus `extra`. */
export function templateAcl(...extra: Ace[]): CertificateTemplate['securityDescriptor'] {
  return {
    owner: sid(519),
    aces: [ace(sid(512), FULL_CONTROL), ace(sid(519), FULL_CONTROL), ace(sid(500), FULL_CONTROL), ace('S-1-5-11', READ), enroll(sid(512)), enroll(sid(519)), ...extra],
  };
}

export function template(input: Partial<CertificateTemplate> & { name: string }): CertificateTemplate {
  return certificateTemplateSchema.parse({
    objectGuid: guid(),
    distinguishedName: `CN=${input.name},CN=Certificate Templates,${PKI}`,
    schemaVersion: 2,
    published: true,
    securityDescriptor: templateAcl(),
    ...input,
  });
}

/** The templates a new enterprise CA publishes by default (name flags and EKUs as Microsoft ships them). */
export function defaultTemplates(): CertificateTemplate[] {
  return [
    template({
      name: 'User',
      schemaVersion: 1,
      certificateNameFlag: 0xa6000000 | 0,
      enrollmentFlag: 0x29,
      extendedKeyUsages: ['1.3.6.1.4.1.311.10.3.4', '1.3.6.1.5.5.7.3.4', EKU.CLIENT_AUTH],
      securityDescriptor: templateAcl(enroll(sid(513))),
    }),
    template({
      name: 'Machine',
      schemaVersion: 1,
      certificateNameFlag: 0x18000000,
      extendedKeyUsages: [EKU.CLIENT_AUTH, '1.3.6.1.5.5.7.3.1'],
      securityDescriptor: templateAcl(enroll(sid(515))),
    }),
    template({ name: 'WebServer', schemaVersion: 1, certificateNameFlag: 0x1, extendedKeyUsages: ['1.3.6.1.5.5.7.3.1'] }),
    template({ name: 'SubCA', schemaVersion: 1, certificateNameFlag: 0x1, extendedKeyUsages: [] }),
    template({ name: 'EnrollmentAgent', schemaVersion: 1, certificateNameFlag: 0x82000000 | 0, extendedKeyUsages: [EKU.CERTIFICATE_REQUEST_AGENT] }),
    template({
      name: 'DomainController',
      schemaVersion: 2,
      certificateNameFlag: 0x19000000,
      extendedKeyUsages: [EKU.CLIENT_AUTH, '1.3.6.1.5.5.7.3.1', EKU.SMART_CARD_LOGON],
      securityDescriptor: templateAcl(enroll(sid(516)), enroll('S-1-5-9'), enroll(sid(498))),
    }),
  ];
}

export function authority(input: Partial<CertificationAuthority> = {}): CertificationAuthority {
  return certificationAuthoritySchema.parse({
    objectGuid: guid(),
    distinguishedName: `CN=TEST-CA,CN=Enrollment Services,${PKI}`,
    name: 'TEST-CA',
    dnsHostName: 'ca01.test.local',
    certificateTemplates: defaultTemplates().map((item) => item.name),
    ...input,
  });
}

/** The clean domain plus an enterprise CA with the default templates (no CA registry data, as the collector reads it). */
export function adcsSnapshot(): Snapshot {
  const snapshot = cleanSnapshot();
  snapshot.certificateTemplates = defaultTemplates();
  snapshot.certificationAuthorities = [authority()];
  return snapshot;
}

/** The AD CS domain's template of that name (throws when the fixture lacks it). */
export function findTemplate(snapshot: Snapshot, name: string): CertificateTemplate {
  const found = snapshot.certificateTemplates?.find((item) => item.name === name);
  if (!found) throw new Error(`fixture has no template ${name}`);
  return found;
}
