import type { Entry } from 'ldapts';
import { describe, expect, it } from 'vitest';
import { LdapEntry } from '../ldap/ldap-entry';
import { parseGpLink } from './gp-link';
import { mapCertificateTemplate, mapCertificationAuthority, mapComputer, mapIssuancePolicy, mapPasswordSettings } from './map-objects';

const GUID = Buffer.from('06e61c2b79a0f14e8f3a0123456789ab', 'hex');
function sid(rid: number): Buffer {
  const buffer = Buffer.alloc(24);
  buffer[0] = 1;
  buffer[1] = 4;
  buffer.writeUIntBE(5, 2, 6);
  [21, 1, 2, rid].forEach((value, i) => buffer.writeUInt32LE(value, 8 + i * 4));
  return buffer;
}
const entry = (values: Record<string, unknown>) => new LdapEntry({ dn: 'CN=x,DC=lab,DC=example', objectGUID: GUID, ...values } as unknown as Entry);

describe('mapping LDAP entries', () => {
  it('maps a read-only DC with Windows LAPS, reading attribute names case-insensitively', () => {
    const computer = mapComputer(
      entry({
        objectsid: sid(1105),
        SAMACCOUNTNAME: 'RODC1$',
        userAccountControl: String(0x1000 | 0x4000000),
        primaryGroupID: '521',
        'msLAPS-PasswordExpirationTime': '133767936000000000',
        whenChanged: '20261123101500.0Z',
      }),
    );
    expect(computer).toMatchObject({
      objectGuid: '2b1ce606-a079-4ef1-8f3a-0123456789ab',
      objectSid: 'S-1-5-21-1-2-1105',
      sAMAccountName: 'RODC1$',
      isDomainController: false,
      isReadOnlyDomainController: true,
      lapsPasswordExpiry: '2024-11-23T00:00:00.000Z',
      whenChanged: '2026-11-23T10:15:00.000Z',
    });
  });

  it('maps certificate templates and marks published ones', () => {
    const template = mapCertificateTemplate(
      entry({ cn: 'ESC1Vorlage', 'msPKI-Certificate-Name-Flag': '1', pKIExtendedKeyUsage: ['1.3.6.1.5.5.7.3.2'], 'msPKI-Template-Schema-Version': '2' }),
      new Set(['esc1vorlage']),
    );
    expect(template).toMatchObject({ name: 'ESC1Vorlage', certificateNameFlag: 1, extendedKeyUsages: ['1.3.6.1.5.5.7.3.2'], published: true, schemaVersion: 2, raSignature: 0 });
    expect(mapCertificateTemplate(entry({ cn: 'Andere' }), new Set(['esc1vorlage'])).published).toBe(false);
  });

  it('maps the RA and issuance policies of a template', () => {
    const template = mapCertificateTemplate(
      entry({ cn: 'Agent', 'msPKI-RA-Application-Policies': ['1.3.6.1.4.1.311.20.2.1'], 'msPKI-Certificate-Policy': ['1.3.6.1.4.1.311.21.8.9'] }),
      new Set(),
    );
    expect(template).toMatchObject({ raApplicationPolicies: ['1.3.6.1.4.1.311.20.2.1'], issuancePolicies: ['1.3.6.1.4.1.311.21.8.9'] });
  });

  it('maps an enterprise CA with its enrolment web service URLs; registry data stays not collected (null)', () => {
    const authority = mapCertificationAuthority(
      entry({
        cn: 'LAB-CA',
        dNSHostName: 'ca01.lab.example',
        certificateTemplates: ['User', 'Machine'],
        'msPKI-Enrollment-Servers': ['1\n4\n0\nhttp://ca01.lab.example/LAB-CA_CES_Kerberos/service.svc/CES', '2\r\n2\r\n0\r\nhttps://ca01.lab.example/x'],
      }),
    );
    expect(authority).toMatchObject({
      name: 'LAB-CA',
      dnsHostName: 'ca01.lab.example',
      certificateTemplates: ['User', 'Machine'],
      enrollmentServerUrls: ['http://ca01.lab.example/LAB-CA_CES_Kerberos/service.svc/CES', 'https://ca01.lab.example/x'],
      editFlags: null,
      caSecurity: null,
    });
  });

  it('maps an issuance policy linked to a group', () => {
    const policy = mapIssuancePolicy(entry({ displayName: 'Hohe Sicherheit', 'msPKI-Cert-Template-OID': '1.3.6.1.4.1.311.21.8.9', 'msDS-OIDToGroupLink': 'CN=Tier0,DC=lab,DC=example' }));
    expect(policy).toMatchObject({ displayName: 'Hohe Sicherheit', oid: '1.3.6.1.4.1.311.21.8.9', groupLink: 'CN=Tier0,DC=lab,DC=example' });
  });

  it('maps password settings objects with "never" max age', () => {
    const pso = mapPasswordSettings(
      entry({
        'msDS-PasswordSettingsPrecedence': '10',
        'msDS-MinimumPasswordLength': '14',
        'msDS-PasswordComplexityEnabled': 'TRUE',
        'msDS-PasswordReversibleEncryptionEnabled': 'FALSE',
        'msDS-MaximumPasswordAge': '-9223372036854775808',
        'msDS-PSOAppliesTo': ['CN=Domain Admins,CN=Users,DC=lab,DC=example'],
      }),
    );
    expect(pso).toMatchObject({ precedence: 10, minPasswordLength: 14, complexityEnabled: true, reversibleEncryptionEnabled: false, maxPasswordAgeDays: null });
  });

  it('parses gPLink values', () => {
    expect(parseGpLink('[LDAP://cn={A},cn=policies,cn=system,DC=lab,DC=example;0][LDAP://CN={B},CN=Policies,CN=System,DC=lab,DC=example;2]')).toEqual([
      { gpoDistinguishedName: 'cn={A},cn=policies,cn=system,DC=lab,DC=example', options: 0 },
      { gpoDistinguishedName: 'CN={B},CN=Policies,CN=System,DC=lab,DC=example', options: 2 },
    ]);
    expect(parseGpLink(undefined)).toEqual([]);
  });
});
