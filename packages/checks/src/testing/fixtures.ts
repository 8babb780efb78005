/**
 * A small, clean domain that no check flags. Tests add exactly one weakness
 * to it and assert the check (and only that object) triggers.
 */
import {
  type DirectoryComputer,
  type DirectoryGroup,
  type DirectoryUser,
  type Gpo,
  type Snapshot,
  type SnapshotInput,
  UAC,
  computerSchema,
  gpoSchema,
  groupSchema,
  snapshotSchema,
  userSchema,
} from '@burgwall/shared';

export const NOW = '2026-11-20T10:00:00.000Z';
export const DOMAIN_DN = 'DC=test,DC=local';
export const DOMAIN_SID = 'S-1-5-21-1111111111-2222222222-3333333333';

let counter = 0;
export function guid(): string {
  counter += 1;
  return `00000000-0000-4000-8000-${counter.toString(16).padStart(12, '0')}`;
}

export function daysAgo(days: number, from = NOW): string {
  return new Date(Date.parse(from) - days * 86_400_000).toISOString();
}

type UserInput = Partial<Omit<DirectoryUser, 'objectGuid'>> & { sAMAccountName: string };

export function user(input: UserInput & { rid?: number }): DirectoryUser {
  const { rid, ...rest } = input;
  return userSchema.parse({
    objectGuid: guid(),
    distinguishedName: `CN=${input.sAMAccountName},CN=Users,${DOMAIN_DN}`,
    name: input.sAMAccountName,
    objectSid: `${DOMAIN_SID}-${rid ?? 2000 + counter}`,
    userAccountControl: UAC.NORMAL_ACCOUNT,
    primaryGroupId: 513,
    pwdLastSet: daysAgo(30),
    lastLogonTimestamp: daysAgo(2),
    whenCreated: daysAgo(400),
    ...rest,
  });
}

type ComputerInput = Partial<Omit<DirectoryComputer, 'objectGuid'>> & { sAMAccountName: string };

export function computer(input: ComputerInput & { rid?: number }): DirectoryComputer {
  const { rid, ...rest } = input;
  const name = input.sAMAccountName.replace(/\$$/, '');
  return computerSchema.parse({
    objectGuid: guid(),
    distinguishedName: `CN=${name},OU=Computer,${DOMAIN_DN}`,
    name,
    objectSid: `${DOMAIN_SID}-${rid ?? 3000 + counter}`,
    userAccountControl: UAC.WORKSTATION_TRUST_ACCOUNT,
    primaryGroupId: 515,
    dnsHostName: `${name.toLowerCase()}.test.local`,
    operatingSystem: 'Windows 11 Enterprise',
    operatingSystemVersion: '10.0 (22631)',
    pwdLastSet: daysAgo(10),
    lastLogonTimestamp: daysAgo(1),
    whenCreated: daysAgo(300),
    lapsPasswordExpiry: daysAgo(-20),
    ...rest,
  });
}

export function group(
  input: Partial<Omit<DirectoryGroup, 'objectGuid'>> & { sAMAccountName: string; objectSid: string },
  container = `CN=Users,${DOMAIN_DN}`,
): DirectoryGroup {
  return groupSchema.parse({
    objectGuid: guid(),
    distinguishedName: `CN=${input.sAMAccountName},${container}`,
    name: input.sAMAccountName,
    groupType: -2147483646,
    ...input,
  });
}

export function gpo(input: Partial<Omit<Gpo, 'files'>> & { displayName: string; files?: SnapshotInput['gpos'][number]['files'] }): Gpo {
  const id = guid().toUpperCase();
  return gpoSchema.parse({
    objectGuid: guid(),
    distinguishedName: `CN={${id}},CN=Policies,CN=System,${DOMAIN_DN}`,
    name: `{${id}}`,
    gpoId: `{${id}}`,
    files: {},
    ...input,
  });
}

export const sid = (rid: number) => `${DOMAIN_SID}-${rid}`;

/** Adds `member` (a user, computer or group) to `target` as a direct member. */
export function addMember(target: DirectoryGroup, member: { distinguishedName: string; memberOf: string[] }): void {
  target.members.push(member.distinguishedName);
  member.memberOf.push(target.distinguishedName);
}

export function findGroup(snapshot: Snapshot, rid: number | string): DirectoryGroup {
  const wanted = typeof rid === 'number' ? sid(rid) : rid;
  const found = snapshot.groups.find((candidate) => candidate.objectSid === wanted);
  if (!found) throw new Error(`fixture has no group ${wanted}`);
  return found;
}

export function findUser(snapshot: Snapshot, name: string): DirectoryUser {
  const found = snapshot.users.find((candidate) => candidate.sAMAccountName === name);
  if (!found) throw new Error(`fixture has no user ${name}`);
  return found;
}

/** A clean domain: one admin (in Protected Users, not delegable), krbtgt fresh, DC, workstation with LAPS. */
export function cleanSnapshot(): Snapshot {
  const administrator = user({
    sAMAccountName: 'Administrator',
    rid: 500,
    adminCount: 1,
    userAccountControl: UAC.NORMAL_ACCOUNT | UAC.NOT_DELEGATED,
  });
  const guest = user({ sAMAccountName: 'Guest', rid: 501, userAccountControl: UAC.NORMAL_ACCOUNT | UAC.ACCOUNTDISABLE, lastLogonTimestamp: null, pwdLastSet: null });
  const krbtgt = user({ sAMAccountName: 'krbtgt', rid: 502, userAccountControl: UAC.NORMAL_ACCOUNT | UAC.ACCOUNTDISABLE, pwdLastSet: daysAgo(60), lastLogonTimestamp: null });
  const alice = user({ sAMAccountName: 'alice', description: 'Buchhaltung, Raum 2.14' });
  const dc = computer({
    sAMAccountName: 'DC01$',
    rid: 1000,
    userAccountControl: UAC.SERVER_TRUST_ACCOUNT | UAC.TRUSTED_FOR_DELEGATION,
    primaryGroupId: 516,
    isDomainController: true,
    operatingSystem: 'Windows Server 2022 Standard',
    operatingSystemVersion: '10.0 (20348)',
    servicePrincipalNames: ['ldap/dc01.test.local', 'HOST/dc01.test.local'],
    lapsPasswordExpiry: null,
  });
  dc.distinguishedName = `CN=DC01,OU=Domain Controllers,${DOMAIN_DN}`;
  const workstation = computer({ sAMAccountName: 'PC001$' });
  const groups = [
    group({ sAMAccountName: 'Domain Admins', objectSid: sid(512), adminCount: 1 }),
    group({ sAMAccountName: 'Domain Users', objectSid: sid(513) }),
    group({ sAMAccountName: 'Domain Computers', objectSid: sid(515) }),
    group({ sAMAccountName: 'Domain Controllers', objectSid: sid(516) }),
    group({ sAMAccountName: 'Schema Admins', objectSid: sid(518), adminCount: 1 }),
    group({ sAMAccountName: 'Enterprise Admins', objectSid: sid(519), adminCount: 1 }),
    group({ sAMAccountName: 'Read-only Domain Controllers', objectSid: sid(521) }),
    group({ sAMAccountName: 'Protected Users', objectSid: sid(525) }),
    group({ sAMAccountName: 'Key Admins', objectSid: sid(526) }),
    group({ sAMAccountName: 'Enterprise Key Admins', objectSid: sid(527) }),
    group({ sAMAccountName: 'Allowed RODC Password Replication Group', objectSid: sid(571) }),
    group({ sAMAccountName: 'Denied RODC Password Replication Group', objectSid: sid(572) }),
    group({ sAMAccountName: 'DnsAdmins', objectSid: sid(1101) }),
    group({ sAMAccountName: 'Administrators', objectSid: 'S-1-5-32-544', adminCount: 1 }, `CN=Builtin,${DOMAIN_DN}`),
    group({ sAMAccountName: 'Account Operators', objectSid: 'S-1-5-32-548', adminCount: 1 }, `CN=Builtin,${DOMAIN_DN}`),
    group({ sAMAccountName: 'Server Operators', objectSid: 'S-1-5-32-549', adminCount: 1 }, `CN=Builtin,${DOMAIN_DN}`),
    group({ sAMAccountName: 'Print Operators', objectSid: 'S-1-5-32-550', adminCount: 1 }, `CN=Builtin,${DOMAIN_DN}`),
    group({ sAMAccountName: 'Backup Operators', objectSid: 'S-1-5-32-551', adminCount: 1 }, `CN=Builtin,${DOMAIN_DN}`),
    group({ sAMAccountName: 'Pre-Windows 2000 Compatible Access', objectSid: 'S-1-5-32-554' }, `CN=Builtin,${DOMAIN_DN}`),
  ];
  const byRid = (value: number | string) =>
    groups.find((candidate) => candidate.objectSid === (typeof value === 'number' ? sid(value) : value)) as DirectoryGroup;
  addMember(byRid(512), administrator);
  addMember(byRid('S-1-5-32-544'), byRid(512));
  addMember(byRid('S-1-5-32-544'), byRid(519));
  addMember(byRid(525), administrator);

  const defaultPolicy = gpo({
    displayName: 'Default Domain Policy',
    files: {
      gptTmpl: {
        'System Access': { MinimumPasswordLength: '14', PasswordComplexity: '1', LockoutBadCount: '10', ClearTextPassword: '0' },
        'Registry Values': {
          'MACHINE\\System\\CurrentControlSet\\Control\\Lsa\\LmCompatibilityLevel': '4,5',
          'MACHINE\\System\\CurrentControlSet\\Control\\Lsa\\NoLMHash': '4,1',
          // Hardened domain controllers: LDAP signing and channel binding, SMB signing, script block logging.
          'MACHINE\\System\\CurrentControlSet\\Services\\NTDS\\Parameters\\LDAPServerIntegrity': '4,2',
          'MACHINE\\System\\CurrentControlSet\\Services\\NTDS\\Parameters\\LdapEnforceChannelBinding': '4,2',
          'MACHINE\\System\\CurrentControlSet\\Services\\LanManServer\\Parameters\\RequireSecuritySignature': '4,1',
          'MACHINE\\Software\\Policies\\Microsoft\\Windows\\PowerShell\\ScriptBlockLogging\\EnableScriptBlockLogging': '4,1',
        },
      },
    },
  });
  const snapshot: SnapshotInput = {
    schemaVersion: 1,
    collectedAt: NOW,
    collectorVersion: 'test',
    highestUsn: 1000,
    domain: {
      distinguishedName: DOMAIN_DN,
      dnsName: 'test.local',
      netbiosName: 'TEST',
      objectSid: DOMAIN_SID,
      objectGuid: guid(),
      minPasswordLength: 14,
      passwordHistoryLength: 24,
      maxPasswordAgeDays: null,
      minPasswordAgeDays: 1,
      passwordProperties: 1,
      lockoutThreshold: 10,
      lockoutDurationMinutes: 15,
      lockoutObservationWindowMinutes: 15,
      machineAccountQuota: 0,
      domainFunctionalLevel: 7,
      forestFunctionalLevel: 7,
      gpLinks: [{ gpoDistinguishedName: defaultPolicy.distinguishedName, options: 0 }],
      securityDescriptor: {
        owner: sid(512),
        aces: [
          { type: 'allow-object', trustee: sid(516), accessMask: 0x100, objectType: '1131f6ad-9c07-11d1-f79f-00c04fc2dcd2' },
          { type: 'allow-object', trustee: 'S-1-5-9', accessMask: 0x100, objectType: '1131f6aa-9c07-11d1-f79f-00c04fc2dcd2' },
          { type: 'allow-object', trustee: 'S-1-5-32-544', accessMask: 0x100, objectType: '1131f6ad-9c07-11d1-f79f-00c04fc2dcd2' },
          { type: 'allow', trustee: sid(512), accessMask: 0xf01ff },
          { type: 'allow', trustee: 'S-1-5-11', accessMask: 0x20094 },
        ],
      },
    },
    users: [administrator, guest, krbtgt, alice],
    computers: [dc, workstation],
    groups,
    organizationalUnits: [],
    gpos: [defaultPolicy],
    // Collected, but no AD CS installed: the ESC checks run and find nothing (adcs-fixtures.ts adds a CA).
    certificateTemplates: [],
    certificationAuthorities: [],
    issuancePolicies: [],
    // A logon script without credentials was scanned: the script check has read everything and found nothing.
    sysvolScripts: { scannedFiles: 1, scripts: [], readError: null },
    adminSdHolder: {
      owner: sid(512),
      aces: [
        { type: 'allow', trustee: 'S-1-5-18', accessMask: 0xf01ff },
        { type: 'allow', trustee: sid(512), accessMask: 0xf01bd },
        { type: 'allow', trustee: 'S-1-5-32-544', accessMask: 0xf01bd },
        { type: 'allow', trustee: 'S-1-5-11', accessMask: 0x20094 },
        { type: 'allow', trustee: 'S-1-1-0', accessMask: 0x20094 },
      ],
    },
  };
  return snapshotSchema.parse(snapshot);
}
