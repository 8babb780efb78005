/**
 * Issue 16 end to end for the new IoE families: Tier-0 object ACLs, the GPO families (dangerous user rights, local
 * Administrators by restricted groups and by GPP local groups, GPOs a non-admin may change, LDAP signing and channel binding, SMB signing,
 * NTLM, WDigest, PowerShell logging), Pre-Windows 2000 Compatible Access and `$`-less computer account names.
 * A freshly provisioned Samba AD DC is collected by the real collector and evaluated by the real server: the new
 * checks raise nothing beyond what is true of a default domain. Then one weakness per family is seeded and found with
 * the right objects; finally more GPOs show that the result follows GPO precedence (an OU link over a domain link, an
 * enforced link over both, a disabled link and a GPO with its computer side disabled ignored).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireDependency } from '../../../../test-support/require-dependency';
import * as L from '../../../../test-support/samba-ad/samba-lab';
import { createGpo, type LabGpo, linkGpo, putGpoFiles } from './lab-gpo';
import { type SambaSuite, startSambaSuite, stopSambaSuite } from './samba-suite';

const samba = requireDependency('detection-families-against-samba', L.sambaLabMissing());
const LAB_IP = '127.0.42.1';
const APP_PORT = 3541;
const PASSWORD = 'Burgw4ll!Familie-2026';
const WEAK_GPO = 'Burgwall Schwachstellen';
const DELEGATED_GPO = 'Burgwall Delegiert';
const GPP_GPO = 'Burgwall Lokale Gruppen';

const NTDS = 'MACHINE\\System\\CurrentControlSet\\Services\\NTDS\\Parameters';
const LANMAN_SERVER = 'MACHINE\\System\\CurrentControlSet\\Services\\LanManServer\\Parameters';
const LSA = 'MACHINE\\System\\CurrentControlSet\\Control\\Lsa';
const WDIGEST = 'System\\CurrentControlSet\\Control\\SecurityProviders\\WDigest';
const SCRIPT_BLOCK_LOGGING = 'Software\\Policies\\Microsoft\\Windows\\PowerShell\\ScriptBlockLogging';

/** The checks that read the effective value on the DCs (requireDcRegistryValue). */
const DC_REGISTRY_SLUGS = ['ldap-signing-not-required', 'ldap-channel-binding-not-enforced', 'smb-signing-not-required-dc', 'powershell-logging-disabled'];
const OTHER_NEW_SLUGS = [
  'tier0-object-acl-weak',
  'gpo-dangerous-user-rights',
  'gpo-local-admin-everyone',
  'gpo-writable-by-non-admins',
  'gpo-lanmanager-enabled',
  'wdigest-enabled',
  'pre-win2000-compatible-access',
  'computer-samaccountname-invalid',
];

let suite: SambaSuite | undefined;
const s = () => suite as SambaSuite;
let weakGpo: LabGpo;

async function seedWeaknesses(lab: L.Lab): Promise<void> {
  const tool = (args: string[]) => L.sambaTool(lab, args);
  for (const user of ['acl-angreifer', 'gpo-bearbeiter', 'da-konto']) await tool(['user', 'add', user, PASSWORD]);
  await tool(['group', 'addmembers', 'Domain Admins', 'da-konto']);
  // Tier-0 object ACLs: full control for a plain user on AdminSDHolder, the domain head and a Domain Admin.
  const attacker = await L.sidOf(lab, 'user', 'acl-angreifer');
  for (const dn of [`CN=AdminSDHolder,CN=System,${lab.baseDn}`, lab.baseDn, `CN=da-konto,CN=Users,${lab.baseDn}`]) {
    await tool(['dsacl', 'set', `--objectdn=${dn}`, `--sddl=(A;;GA;;;${attacker})`]);
  }
  // A GPO a plain user may change (not linked: only the GPO check may name it, not the Tier-0 one).
  const delegated = await createGpo(lab, DELEGATED_GPO);
  await tool(['dsacl', 'set', `--objectdn=${delegated.distinguishedName}`, `--sddl=(A;;WP;;;${await L.sidOf(lab, 'user', 'gpo-bearbeiter')})`]);
  // The GPO families: one GPO linked at the domain root with every weak setting.
  weakGpo = await createGpo(lab, WEAK_GPO);
  await linkGpo(lab, lab.baseDn, weakGpo);
  await putGpoFiles(lab, weakGpo, {
    gptTmpl: {
      'Privilege Rights': ['SeDebugPrivilege = *S-1-1-0', 'SeShutdownPrivilege = *S-1-1-0'],
      'Group Membership': ['*S-1-5-32-544__Memberof =', '*S-1-5-32-544__Members = *S-1-5-11'],
      'Registry Values': [`${NTDS}\\LDAPServerIntegrity=4,1`, `${NTDS}\\LdapEnforceChannelBinding=4,0`, `${LANMAN_SERVER}\\RequireSecuritySignature=4,0`, `${LSA}\\LmCompatibilityLevel=4,1`],
    },
    registryPol: [
      { key: WDIGEST, valueName: 'UseLogonCredential', type: 4, value: 1 },
      { key: SCRIPT_BLOCK_LOGGING, valueName: 'EnableScriptBlockLogging', type: 4, value: 0 },
    ],
  });
  // GPP „Lokale Benutzer und Gruppen“: Domain Users (found by RID 513) into the local Administrators.
  const gpp = await createGpo(lab, GPP_GPO);
  await linkGpo(lab, lab.baseDn, gpp);
  await putGpoFiles(lab, gpp, {
    preferences: {
      Groups: [
        '<?xml version="1.0" encoding="utf-8"?>',
        '<Groups clsid="{3125E937-EB16-4b4c-9934-544FC6D24D26}">',
        '<Group clsid="{6D4A79E4-529C-4481-ABD0-F5BD7EA93BA7}" name="Administrators (built-in)" uid="{0D3E3B8A-1B3C-4C5F-9E0E-3F5C9D3B2A11}">',
        `<Properties action="U" groupSid="S-1-5-32-544" groupName="Administrators (built-in)"><Members><Member name="LAB\\Domain Users" action="ADD" sid="${lab.domainSid}-513"/></Members></Properties>`,
        '</Group>',
        '</Groups>',
        '',
      ].join('\r\n'),
    },
  });
  // Anonymous Logon in Pre-Windows 2000 Compatible Access (samba creates its foreign security principal).
  await L.ldapModify(lab, `dn: CN=Pre-Windows 2000 Compatible Access,CN=Builtin,${lab.baseDn}\nchangetype: modify\nadd: member\nmember: <SID=S-1-5-7>\n`);
  // Computers without the trailing „$“, one of them named like the DC (noPac): samba refuses both, so raw writes.
  for (const [cn, name] of [
    ['OHNEDOLLAR', 'OHNEDOLLAR'],
    ['DCKLON', 'DC1'],
  ] as const) {
    await tool(['computer', 'create', cn]);
    await L.rawReplaceAttribute(lab, `CN=${cn},CN=Computers,${lab.baseDn}`, 'sAMAccountName', name);
  }
}

/** GPOs that, by precedence, fix two of the weak DC settings and fail to fix two others. */
async function seedPrecedence(lab: L.Lab): Promise<void> {
  const dcOu = `OU=Domain Controllers,${lab.baseDn}`;
  // Linked at the DC OU: beats the domain link for LDAP signing; its weak channel binding loses to the enforced GPO.
  const dcHardening = await createGpo(lab, 'DC-Härtung');
  await linkGpo(lab, dcOu, dcHardening);
  await putGpoFiles(lab, dcHardening, { gptTmpl: { 'Registry Values': [`${NTDS}\\LDAPServerIntegrity=4,2`, `${NTDS}\\LdapEnforceChannelBinding=4,0`] } });
  const enforced = await createGpo(lab, 'Kanalbindung erzwungen');
  await linkGpo(lab, lab.baseDn, enforced, { enforced: true });
  await putGpoFiles(lab, enforced, { gptTmpl: { 'Registry Values': [`${NTDS}\\LdapEnforceChannelBinding=4,2`] } });
  // A disabled link and a GPO whose computer side is off do not apply: SMB signing and PowerShell logging stay weak.
  const disabledLink = await createGpo(lab, 'SMB-Signatur (Verknüpfung aus)');
  await linkGpo(lab, dcOu, disabledLink, { disabled: true });
  await putGpoFiles(lab, disabledLink, { gptTmpl: { 'Registry Values': [`${LANMAN_SERVER}\\RequireSecuritySignature=4,1`] } });
  const computerSideOff = await createGpo(lab, 'PowerShell-Protokoll (Computerseite aus)');
  await linkGpo(lab, dcOu, computerSideOff);
  await putGpoFiles(lab, computerSideOff, { registryPol: [{ key: SCRIPT_BLOCK_LOGGING, valueName: 'EnableScriptBlockLogging', type: 4, value: 1 }] });
  await L.ldapModify(lab, `dn: ${computerSideOff.distinguishedName}\nchangetype: modify\nreplace: flags\nflags: 2\n`);
}

const evidenceOf = async (slug: string) => (await s().findings(slug)).findings.map((finding) => [finding.objectName, finding.evidence]);

describe.skipIf(samba.skip)('the new IoE families on a collected Samba AD DC', () => {
  beforeAll(async () => {
    samba.assertAvailable();
    suite = await startSambaSuite({ ip: LAB_IP, port: APP_PORT, prefix: 'samba-issue-16-families-', clientName: 'Labor Prüffamilien GmbH', machineCode: 'lab-machine-1601' });
  }, 240_000);

  afterAll(() => stopSambaSuite(suite), 60_000);

  it('a clean default domain raises none of the new checks, except the DC settings no default Samba GPO sets', async () => {
    await s().collect();
    const { dnsDomain } = s().lab;
    for (const slug of OTHER_NEW_SLUGS) {
      const body = await s().findings(slug);
      expect(body.ioe.skippedReason, slug).toBeNull();
      expect(body.findings, slug).toEqual([]);
    }
    // Samba provisions the Default Domain (Controllers) Policy with an empty GptTmpl.inf/Registry.pol: no GPO sets
    // these values for the DCs, and Windows' own default for each is the insecure one (Windows' Default Domain
    // Controllers Policy would set RequireSecuritySignature = 1; Samba's does not). So each raises exactly one finding,
    // on the domain, saying that no GPO sets it — true of this domain, and no GPO or other object is named.
    for (const slug of DC_REGISTRY_SLUGS) {
      const body = await s().findings(slug);
      expect(body.ioe.skippedReason, slug).toBeNull();
      expect(body.findings.map((finding) => [finding.objectType, finding.objectName]), slug).toEqual([['domain', dnsDomain]]);
      expect(body.findings[0]?.evidence, slug).toMatch(/^Keine für die Domänencontroller wirksame GPO setzt /);
    }
  }, 180_000);

  it('finds one seeded weakness per family with the right objects', async () => {
    await seedWeaknesses(s().lab);
    await s().collect();
    const { dnsDomain } = s().lab;

    expect((await s().findings('tier0-object-acl-weak')).names).toEqual([`acl-angreifer → AdminSDHolder`, `acl-angreifer → da-konto`, `acl-angreifer → ${dnsDomain}`]);
    for (const [, evidence] of await evidenceOf('tier0-object-acl-weak')) expect(evidence).toMatch(/^Vollzugriff \(GenericAll\)/);

    expect(await evidenceOf('gpo-dangerous-user-rights')).toEqual([[WEAK_GPO, 'SeDebugPrivilege für Jeder']]);
    expect((await evidenceOf('gpo-local-admin-everyone')).sort()).toEqual([
      [GPP_GPO, 'Domain Users in lokaler Gruppe „Administratoren“ (Machine/Preferences/Groups/Groups.xml)'],
      [WEAK_GPO, 'Authentifizierte Benutzer in lokaler Gruppe „Administratoren“ (Eingeschränkte Gruppen)'],
    ]);
    expect(await evidenceOf('gpo-writable-by-non-admins')).toEqual([[DELEGATED_GPO, 'gpo-bearbeiter: Alle Eigenschaften schreiben']]);
    expect(await evidenceOf('gpo-lanmanager-enabled')).toEqual([[WEAK_GPO, 'LmCompatibilityLevel = 1 (GptTmpl.inf)']]);
    expect(await evidenceOf('wdigest-enabled')).toEqual([[WEAK_GPO, 'UseLogonCredential = 1 (Registry.pol): WDigest speichert Klartext-Kennwörter']]);
    expect(await evidenceOf('ldap-signing-not-required')).toEqual([[WEAK_GPO, 'Wirksam auf den Domänencontrollern: LDAPServerIntegrity = 1 (GptTmpl.inf); erforderlich: 2 (Signatur erforderlich)']]);
    expect(await evidenceOf('ldap-channel-binding-not-enforced')).toEqual([[WEAK_GPO, 'Wirksam auf den Domänencontrollern: LdapEnforceChannelBinding = 0 (GptTmpl.inf); erforderlich: 2 (immer)']]);
    expect(await evidenceOf('smb-signing-not-required-dc')).toEqual([[WEAK_GPO, 'Wirksam auf den Domänencontrollern: RequireSecuritySignature = 0 (GptTmpl.inf); erforderlich: 1 (immer signieren)']]);
    expect(await evidenceOf('powershell-logging-disabled')).toEqual([[WEAK_GPO, 'Wirksam auf den Domänencontrollern: EnableScriptBlockLogging = 0 (Registry.pol); erforderlich: 1 (aktiviert)']]);
    expect(await evidenceOf('pre-win2000-compatible-access')).toEqual([['Pre-Windows 2000 Compatible Access', 'Mitglied: Anonymous-Anmeldung (S-1-5-7)']]);
    expect(await evidenceOf('computer-samaccountname-invalid')).toEqual([
      ['DC1', 'DC1: Kontoname endet nicht auf „$“, entspricht dem Domänencontroller DC1$'],
      ['OHNEDOLLAR', 'OHNEDOLLAR: Kontoname endet nicht auf „$“'],
    ]);
  }, 180_000);

  it('follows GPO precedence: DC OU over domain, enforced over both, disabled links and computer-side-off GPOs ignored', async () => {
    await seedPrecedence(s().lab);
    await s().collect();
    // DC-Härtung (DC OU) sets LDAPServerIntegrity = 2 over the domain-linked 1.
    expect(await evidenceOf('ldap-signing-not-required')).toEqual([]);
    // DC-Härtung sets LdapEnforceChannelBinding = 0, but the enforced domain link's 2 wins.
    expect(await evidenceOf('ldap-channel-binding-not-enforced')).toEqual([]);
    // The disabled link's RequireSecuritySignature = 1 and the computer-side-off GPO's logging do not apply.
    expect((await s().findings('smb-signing-not-required-dc')).names).toEqual([WEAK_GPO]);
    expect((await s().findings('powershell-logging-disabled')).names).toEqual([WEAK_GPO]);
    // The new GPOs apply to the DCs, so their ACLs are Tier-0 objects now: their default ACLs raise nothing new.
    expect((await s().findings('tier0-object-acl-weak')).names).toHaveLength(3);
    expect((await s().findings('gpo-writable-by-non-admins')).names).toEqual([DELEGATED_GPO]);
  }, 180_000);
});
