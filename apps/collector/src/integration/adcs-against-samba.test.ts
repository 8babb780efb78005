/**
 * Issue 16 AD CS end to end: a clean Samba AD DC raises none of the ESC checks; then an enterprise CA object, an ESC1
 * template (Domain Users may enrol, found by RID 513), an ESC4 template (a plain user may change its ACL), an ESC13
 * template (issuance policy linked to a group) and a CES URL over plain HTTP (ESC8) are seeded, collected by the real
 * collector, evaluated by the real server, and each is found with the right object; ESC6/ESC7 say „Nicht geprüft“.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireDependency } from '../../../../test-support/require-dependency';
import * as L from '../../../../test-support/samba-ad/samba-lab';
import { type SambaSuite, startSambaSuite, stopSambaSuite } from './samba-suite';

const samba = requireDependency('adcs-against-samba', L.sambaLabMissing());

const LAB_IP = '127.0.30.1';
const APP_PORT = 3400;
const PASSWORD = 'Burgw4ll!Test-2026';
const ENROLL = '0e10c968-78fb-11d2-90d4-00c04f79dc55';
const POLICY_OID = '1.3.6.1.4.1.311.21.8.4711.1.2.400';
const CES_URL = 'http://ca01.lab.example/LAB-CA_CES_Kerberos/service.svc/CES';
const ADCS_SLUGS = [
  'adcs-template-esc1',
  'adcs-template-esc2',
  'adcs-template-esc3',
  'adcs-template-esc4',
  'adcs-ca-esc6',
  'adcs-ca-esc7',
  'adcs-web-enrollment-esc8',
  'adcs-template-esc9',
  'adcs-template-esc13',
  'adcs-template-esc15',
];

let suite: SambaSuite | undefined;

/** The Public Key Services containers a Windows CA creates (Samba provisions none or only some of them). */
async function ensurePkiContainers(activeLab: L.Lab, pki: string): Promise<void> {
  for (const dn of [pki, `CN=Certificate Templates,${pki}`, `CN=Enrollment Services,${pki}`, `CN=OID,${pki}`]) {
    const existing = await L.ldapsearch(activeLab, dn, '(objectClass=*)', ['cn'], 'base').catch(() => []);
    if (existing.length === 0) await L.ldapAdd(activeLab, `dn: ${dn}\nobjectClass: container\n`);
  }
}

const templateLdif = (dn: string, name: string, attributes: string[]) =>
  [
    `dn: ${dn}`,
    'objectClass: pKICertificateTemplate',
    `displayName: ${name}`,
    'flags: 131680',
    'msPKI-Template-Schema-Version: 2',
    'msPKI-Enrollment-Flag: 0',
    'msPKI-RA-Signature: 0',
    ...attributes,
    '',
  ].join('\n');

async function seedAdcs(activeLab: L.Lab): Promise<void> {
  const pki = `CN=Public Key Services,CN=Services,CN=Configuration,${activeLab.baseDn}`;
  await ensurePkiContainers(activeLab, pki);
  await L.sambaTool(activeLab, ['user', 'add', 'vorlagenpfleger', PASSWORD]);
  await L.sambaTool(activeLab, ['group', 'add', 'Zertifikat-Tier0', '--group-scope=Universal']);
  const caretaker = await L.sidOf(activeLab, 'user', 'vorlagenpfleger');
  const domainUsers = `${activeLab.domainSid}-513`;
  const templates = `CN=Certificate Templates,${pki}`;
  await L.ldapAdd(
    activeLab,
    [
      templateLdif(`CN=ESC1Vorlage,${templates}`, 'ESC1 Vorlage', ['msPKI-Certificate-Name-Flag: 1', 'pKIExtendedKeyUsage: 1.3.6.1.5.5.7.3.2']),
      templateLdif(`CN=ESC4Vorlage,${templates}`, 'ESC4 Vorlage', ['msPKI-Certificate-Name-Flag: 134217728', 'pKIExtendedKeyUsage: 1.3.6.1.5.5.7.3.1']),
      templateLdif(`CN=ESC13Vorlage,${templates}`, 'ESC13 Vorlage', [
        'msPKI-Certificate-Name-Flag: 134217728',
        'pKIExtendedKeyUsage: 1.3.6.1.5.5.7.3.2',
        `msPKI-Certificate-Policy: ${POLICY_OID}`,
      ]),
      [
        `dn: CN=400.4711ABCDEF,CN=OID,${pki}`,
        'objectClass: msPKI-Enterprise-Oid',
        'displayName: Hohe Sicherheit',
        'flags: 2',
        `msPKI-Cert-Template-OID: ${POLICY_OID}`,
        `msDS-OIDToGroupLink: CN=Zertifikat-Tier0,CN=Users,${activeLab.baseDn}`,
        '',
      ].join('\n'),
      [
        `dn: CN=LAB-CA,CN=Enrollment Services,${pki}`,
        'objectClass: pKIEnrollmentService',
        'dNSHostName: ca01.lab.example',
        'certificateTemplates: ESC1Vorlage',
        'certificateTemplates: ESC4Vorlage',
        'certificateTemplates: ESC13Vorlage',
        // "priority\nauthentication\nrenewal-only\nURL" holds newlines: base64 in LDIF.
        `msPKI-Enrollment-Servers:: ${Buffer.from(`1\n4\n0\n${CES_URL}`).toString('base64')}`,
        '',
      ].join('\n'),
    ].join('\n'),
  );
  await L.sambaTool(activeLab, ['dsacl', 'set', `--objectdn=CN=ESC1Vorlage,${templates}`, `--sddl=(OA;;CR;${ENROLL};;${domainUsers})`]);
  await L.sambaTool(activeLab, ['dsacl', 'set', `--objectdn=CN=ESC13Vorlage,${templates}`, `--sddl=(OA;;CR;${ENROLL};;${domainUsers})`]);
  await L.sambaTool(activeLab, ['dsacl', 'set', `--objectdn=CN=ESC4Vorlage,${templates}`, `--sddl=(A;;WD;;;${caretaker})`]);
}

describe.skipIf(samba.skip)('AD CS checks on a collected Samba AD DC', () => {
  beforeAll(async () => {
    samba.assertAvailable();
    suite = await startSambaSuite({ ip: LAB_IP, port: APP_PORT, prefix: 'samba-issue-16-adcs-', clientName: 'Labor Zertifikate GmbH', machineCode: 'lab-machine-0016' });
  }, 240_000);

  afterAll(() => stopSambaSuite(suite), 60_000);

  it('raises none of the AD CS checks on the clean domain (no enterprise CA)', async () => {
    const { collect, states, findings } = suite as SambaSuite;
    await collect();
    const answer = await states();
    for (const slug of ADCS_SLUGS) {
      const state = answer.ioe.find((ioe) => ioe.ioeType === slug);
      expect(state, slug).toBeDefined();
      expect(state?.skippedReason ?? null, slug).toBeNull();
      expect((await findings(slug)).findings, slug).toEqual([]);
    }
  }, 120_000);

  it('finds the seeded ESC1, ESC4, ESC8 and ESC13 weaknesses with the right objects; ESC6/ESC7 are „Nicht geprüft“', async () => {
    const { lab, collect, findings } = suite as SambaSuite;
    await seedAdcs(lab);
    await collect();

    const esc1 = await findings('adcs-template-esc1');
    expect(esc1.names).toEqual(['Zertifikatvorlage „ESC1 Vorlage“']);
    expect(esc1.findings[0]?.evidence).toContain('registrieren dürfen: Domain Users');

    const esc4 = await findings('adcs-template-esc4');
    expect(esc4.findings.map((finding) => [finding.objectName, finding.evidence])).toEqual([['Zertifikatvorlage „ESC4 Vorlage“', 'vorlagenpfleger: Berechtigungen ändern (WriteDacl)']]);

    const esc13 = await findings('adcs-template-esc13');
    expect(esc13.names).toEqual(['Zertifikatvorlage „ESC13 Vorlage“']);
    expect(esc13.findings[0]?.evidence).toContain('Hohe Sicherheit → Zertifikat-Tier0');

    const esc8 = await findings('adcs-web-enrollment-esc8');
    expect(esc8.findings.map((finding) => [finding.objectName, finding.evidence])).toEqual([['Zertifizierungsstelle „LAB-CA“', `Registrierungs-Webdienst ohne TLS: ${CES_URL}`]]);

    for (const slug of ['adcs-ca-esc6', 'adcs-ca-esc7']) expect((await findings(slug)).ioe.skippedReason, slug).toMatch(/^Nicht geprüft: .*LAB-CA/);
    for (const slug of ['adcs-template-esc2', 'adcs-template-esc3', 'adcs-template-esc9', 'adcs-template-esc15']) {
      expect((await findings(slug)).findings, slug).toEqual([]);
    }
  }, 180_000);
});
