/**
 * Synthetic directory snapshots for the three demo clients, each with the
 * weaknesses typical of its size, so `npm start` shows real evaluated scores.
 */
import { type Snapshot, type SnapshotInput, UAC, snapshotSchema } from '@burgwall/shared';

export type DemoProfile = 'small' | 'medium' | 'large';

interface Builder {
  users: NonNullable<SnapshotInput['users']>;
  computers: NonNullable<SnapshotInput['computers']>;
  groups: NonNullable<SnapshotInput['groups']>;
}

const DAY = 86_400_000;

const HARDENED_DC_VALUES: Record<string, string> = {
  'MACHINE\\System\\CurrentControlSet\\Services\\NTDS\\Parameters\\LDAPServerIntegrity': '4,2',
  'MACHINE\\System\\CurrentControlSet\\Services\\NTDS\\Parameters\\LdapEnforceChannelBinding': '4,2',
  'MACHINE\\System\\CurrentControlSet\\Services\\LanManServer\\Parameters\\RequireSecuritySignature': '4,1',
  'MACHINE\\Software\\Policies\\Microsoft\\Windows\\PowerShell\\ScriptBlockLogging\\EnableScriptBlockLogging': '4,1',
};

export function demoSnapshot(profile: DemoProfile, dnsName: string, now = new Date()): Snapshot {
  const dn = dnsName.split('.').map((part) => `DC=${part}`).join(',');
  const sidBase = { small: 'S-1-5-21-3719-1001-7001', medium: 'S-1-5-21-3719-2002-7002', large: 'S-1-5-21-3719-3003-7003' }[profile];
  const seed = { small: 1, medium: 2, large: 3 }[profile];
  let counter = 0;
  const guid = () => `${seed.toString(16).padStart(8, '0')}-0000-4000-8000-${(++counter).toString(16).padStart(12, '0')}`;
  const ago = (days: number) => new Date(now.getTime() - days * DAY).toISOString();
  const b: Builder = { users: [], computers: [], groups: [] };

  const group = (name: string, sid: string, container = `CN=Users,${dn}`) => {
    const entry = { objectGuid: guid(), distinguishedName: `CN=${name},${container}`, name, objectSid: sid, sAMAccountName: name, groupType: -2147483646, members: [] as string[], memberOf: [] as string[] };
    b.groups.push(entry);
    return entry;
  };
  const member = (target: { members: string[] }, dnOfMember: string) => target.members.push(dnOfMember);
  const domainAdmins = group('Domain Admins', `${sidBase}-512`);
  group('Domain Users', `${sidBase}-513`);
  group('Domain Controllers', `${sidBase}-516`);
  const schemaAdmins = group('Schema Admins', `${sidBase}-518`);
  const enterpriseAdmins = group('Enterprise Admins', `${sidBase}-519`);
  const protectedUsers = group('Protected Users', `${sidBase}-525`);
  group('Allowed RODC Password Replication Group', `${sidBase}-571`);
  group('DnsAdmins', `${sidBase}-1101`);
  const administrators = group('Administrators', 'S-1-5-32-544', `CN=Builtin,${dn}`);
  group('Backup Operators', 'S-1-5-32-551', `CN=Builtin,${dn}`);
  member(administrators, domainAdmins.distinguishedName);
  member(administrators, enterpriseAdmins.distinguishedName);

  let rid = 1100;
  const user = (name: string, extra: Record<string, unknown> = {}) => {
    const entry = {
      objectGuid: guid(),
      distinguishedName: `CN=${name},OU=Mitarbeiter,${dn}`,
      name,
      objectSid: `${sidBase}-${(extra.rid as number | undefined) ?? ++rid}`,
      sAMAccountName: name,
      userAccountControl: UAC.NORMAL_ACCOUNT,
      primaryGroupId: 513,
      pwdLastSet: ago(20 + (rid % 150)),
      lastLogonTimestamp: ago(rid % 20),
      whenCreated: ago(700),
      userPrincipalName: `${name}@${dnsName}`,
      ...extra,
    };
    delete (entry as Record<string, unknown>).rid;
    b.users.push(entry);
    return entry;
  };
  const computer = (name: string, extra: Record<string, unknown> = {}) => {
    const entry = {
      objectGuid: guid(),
      distinguishedName: `CN=${name},OU=Computer,${dn}`,
      name,
      objectSid: `${sidBase}-${++rid}`,
      sAMAccountName: `${name}$`,
      userAccountControl: UAC.WORKSTATION_TRUST_ACCOUNT,
      primaryGroupId: 515,
      dnsHostName: `${name.toLowerCase()}.${dnsName}`,
      operatingSystem: 'Windows 11 Pro',
      pwdLastSet: ago(rid % 30),
      lastLogonTimestamp: ago(rid % 10),
      whenCreated: ago(500),
      lapsPasswordExpiry: ago(-15),
      ...extra,
    };
    b.computers.push(entry);
    return entry;
  };

  const administrator = user('Administrator', { rid: 500, adminCount: 1, userAccountControl: UAC.NORMAL_ACCOUNT | UAC.NOT_DELEGATED, pwdLastSet: ago(90) });
  member(domainAdmins, administrator.distinguishedName);
  member(protectedUsers, administrator.distinguishedName);
  user('Guest', { rid: 501, userAccountControl: UAC.NORMAL_ACCOUNT | UAC.ACCOUNTDISABLE, lastLogonTimestamp: null, pwdLastSet: null });
  user('krbtgt', { rid: 502, userAccountControl: UAC.NORMAL_ACCOUNT | UAC.ACCOUNTDISABLE, pwdLastSet: ago(120), lastLogonTimestamp: null });
  computer('DC01', { distinguishedName: `CN=DC01,OU=Domain Controllers,${dn}`, userAccountControl: UAC.SERVER_TRUST_ACCOUNT | UAC.TRUSTED_FOR_DELEGATION, primaryGroupId: 516, isDomainController: true, operatingSystem: 'Windows Server 2022 Standard', lapsPasswordExpiry: null });

  const staff = { small: 10, medium: 180, large: 640 }[profile];
  for (let i = 1; i <= staff; i++) user(`mitarbeiter${String(i).padStart(3, '0')}`, { description: i === 7 && profile === 'large' ? 'Startpasswort: Willkommen2024!' : 'Mitarbeiter' });
  const devices = { small: 8, medium: 120, large: 420 }[profile];
  for (let i = 1; i <= devices; i++) {
    const noLaps = profile === 'medium' ? i % 3 === 0 : profile === 'large' ? i % 2 === 0 : false;
    computer(`PC${String(i).padStart(3, '0')}`, { lapsPasswordExpiry: noLaps ? null : ago(-15) });
  }
  // Small: a forgotten former employee; everyone: the default schema-admin membership.
  user('praktikant2019', { lastLogonTimestamp: ago(800), pwdLastSet: ago(900), whenCreated: ago(1000) });
  member(schemaAdmins, administrator.distinguishedName);

  if (profile !== 'small') {
    for (let i = 1; i <= 6; i++) {
      const admin = user(`adm-${i}`, { adminCount: 1, userAccountControl: UAC.NORMAL_ACCOUNT | UAC.NOT_DELEGATED });
      member(domainAdmins, admin.distinguishedName);
      member(protectedUsers, admin.distinguishedName);
    }
    user('svc-sql', { servicePrincipalNames: [`MSSQLSvc/sql01.${dnsName}:1433`], userAccountControl: UAC.NORMAL_ACCOUNT | UAC.DONT_EXPIRE_PASSWORD, pwdLastSet: ago(2000) });
  }
  if (profile === 'large') {
    const exAdmin = user('adm-alt', { userAccountControl: UAC.NORMAL_ACCOUNT | UAC.ACCOUNTDISABLE, adminCount: 1 });
    member(domainAdmins, exAdmin.distinguishedName);
    computer('APP01', { allowedToDelegateTo: [`ldap/dc01.${dnsName}`], userAccountControl: UAC.WORKSTATION_TRUST_ACCOUNT | UAC.TRUSTED_TO_AUTH_FOR_DELEGATION, operatingSystem: 'Windows Server 2012 R2 Standard' });
    // An attack path as the helpdesk delegation of many domains builds it: the helpdesk may reset the password of a
    // support account that sits in a group with full control of Domain Admins.
    const helpdesk = group('Helpdesk', `${sidBase}-9400`);
    for (const name of ['mitarbeiter011', 'mitarbeiter012', 'mitarbeiter013']) member(helpdesk, `CN=${name},OU=Mitarbeiter,${dn}`);
    const itAdministration = group('IT-Administration', `${sidBase}-9401`);
    const support = user('it-support', { securityDescriptor: { owner: `${sidBase}-512`, aces: [{ type: 'allow-object', trustee: helpdesk.objectSid, accessMask: 0x100, objectType: '00299570-246d-11d0-a768-00aa006e0529' }] } });
    member(itAdministration, support.distinguishedName);
    Object.assign(domainAdmins, { securityDescriptor: { owner: `${sidBase}-512`, aces: [{ type: 'allow', trustee: itAdministration.objectSid, accessMask: 0x10000000 }] } });
  }

  const gpoGuid = `{${guid().toUpperCase()}}`;
  const defaultPolicyDn = `CN=${gpoGuid},CN=Policies,CN=System,${dn}`;
  const gpos: NonNullable<SnapshotInput['gpos']> = [
    {
      objectGuid: guid(),
      distinguishedName: defaultPolicyDn,
      gpoId: gpoGuid,
      displayName: 'Default Domain Policy',
      files: {
        gptTmpl: {
          'System Access': { MinimumPasswordLength: profile === 'large' ? '8' : '12', PasswordComplexity: '1', LockoutBadCount: profile === 'large' ? '0' : '10', PasswordHistorySize: '24' },
          // The smaller demo domains harden their domain controllers (LDAP/SMB signing, channel binding, script block logging).
          'Registry Values': profile === 'large' ? {} : HARDENED_DC_VALUES,
        },
      },
    },
  ];
  if (profile === 'large') {
    const kioskGuid = `{${guid().toUpperCase()}}`;
    gpos.push({
      objectGuid: guid(),
      distinguishedName: `CN=${kioskGuid},CN=Policies,CN=System,${dn}`,
      gpoId: kioskGuid,
      displayName: 'Lokale Administratoren Leitstelle',
      files: { preferences: { 'Machine/Preferences/Groups/Groups.xml': '<Groups><User name="Administrator"><Properties action="U" userName="Administrator" cpassword="j1Uyj3Vx8TY9LtLZil2uAuZkFQA/4latT76ZwgdHdhw"/></User></Groups>' } },
    });
  }

  return snapshotSchema.parse({
    schemaVersion: 1,
    collectedAt: now.toISOString(),
    collectorVersion: '2.4.1',
    highestUsn: 10_000 * seed,
    domain: {
      distinguishedName: dn,
      dnsName,
      netbiosName: dnsName.split('.')[0]?.toUpperCase() ?? null,
      objectSid: sidBase,
      objectGuid: guid(),
      minPasswordLength: profile === 'large' ? 8 : 12,
      passwordHistoryLength: 24,
      maxPasswordAgeDays: null,
      minPasswordAgeDays: 1,
      passwordProperties: 1,
      lockoutThreshold: profile === 'large' ? 0 : 10,
      lockoutDurationMinutes: 15,
      lockoutObservationWindowMinutes: 15,
      machineAccountQuota: profile === 'medium' ? 10 : 0,
      domainFunctionalLevel: 7,
      forestFunctionalLevel: 7,
      gpLinks: [{ gpoDistinguishedName: defaultPolicyDn, options: 0 }],
      securityDescriptor: { owner: `${sidBase}-512`, aces: [] },
    },
    users: b.users,
    computers: b.computers,
    groups: b.groups,
    organizationalUnits: [],
    gpos,
    // The demo collector read NETLOGON and the GPO scripts; none holds credentials.
    sysvolScripts: { scannedFiles: 4, scripts: [], readError: null },
  } satisfies SnapshotInput);
}

/**
 * The same domain a week earlier, for „Seit der letzten Prüfung“ in the demo: a service account that has since been
 * removed (password never expires, no password required, an SPN) and without the two newest accounts.
 */
export function lastWeeksDemoSnapshot(current: Snapshot): Snapshot {
  const previous = structuredClone(current);
  previous.collectedAt = new Date(Date.parse(current.collectedAt) - 7 * DAY).toISOString();
  previous.users = previous.users.slice(0, -2);
  const template = current.users.find((user) => user.objectSid.endsWith('-500')) ?? current.users[0];
  if (!template) return previous;
  const dn = current.domain.distinguishedName;
  previous.users.push({
    ...structuredClone(template),
    objectGuid: 'ffffffff-0000-4000-8000-00000000a17e',
    distinguishedName: `CN=svc-altsystem,OU=Mitarbeiter,${dn}`,
    name: 'svc-altsystem',
    sAMAccountName: 'svc-altsystem',
    userPrincipalName: null,
    objectSid: `${current.domain.objectSid}-4999`,
    userAccountControl: UAC.NORMAL_ACCOUNT | UAC.DONT_EXPIRE_PASSWORD | UAC.PASSWD_NOTREQD,
    servicePrincipalNames: [`MSSQLSvc/altsystem.${current.domain.dnsName}:1433`],
    adminCount: null,
    memberOf: [],
  });
  return previous;
}
