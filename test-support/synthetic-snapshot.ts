/**
 * A synthetic domain of N objects: 70 % users, 25 % computers, 5 % groups (benchmarks and the large-upload tests).
 * Groups nest (department → team → project, up to 4 levels), users are members
 * of 1–3 groups, a few weaknesses are sprinkled in so the checks do real work.
 */
import type { Ace, DirectoryComputer, DirectoryGroup, DirectoryUser, Snapshot } from '@burgwall/shared';
import { UAC } from '@burgwall/shared';

const DOMAIN_SID = 'S-1-5-21-100-200-300';
const DN = 'DC=bench,DC=local';
const NOW = Date.parse('2026-11-20T00:00:00Z');

function guid(n: number): string {
  return `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

function daysAgo(days: number): string {
  return new Date(NOW - days * 86_400_000).toISOString();
}

/** Deterministic pseudo-random numbers so every run measures the same data. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/**
 * Object literals with every field in schema order, so all objects of a kind share one shape
 * (as after JSON.parse / zod parsing on the server); spreads would give V8 slow dictionary objects.
 */
function makeUser(n: number, fields: Pick<DirectoryUser, 'distinguishedName' | 'name' | 'description' | 'whenCreated' | 'objectSid' | 'userAccountControl' | 'servicePrincipalNames' | 'pwdLastSet' | 'lastLogonTimestamp' | 'userPrincipalName'>): DirectoryUser {
  return {
    objectGuid: guid(n),
    distinguishedName: fields.distinguishedName,
    name: fields.name,
    description: fields.description,
    info: null,
    whenCreated: fields.whenCreated,
    whenChanged: null,
    usnChanged: 1,
    objectSid: fields.objectSid,
    sAMAccountName: fields.name,
    adminCount: null,
    sidHistory: [],
    memberOf: [],
    userAccountControl: fields.userAccountControl,
    primaryGroupId: 513,
    servicePrincipalNames: fields.servicePrincipalNames,
    pwdLastSet: fields.pwdLastSet,
    lastLogonTimestamp: fields.lastLogonTimestamp,
    accountExpires: null,
    allowedToDelegateTo: [],
    allowedToActOnBehalfOf: [],
    supportedEncryptionTypes: null,
    keyCredentialLinkCount: 0,
    userPrincipalName: fields.userPrincipalName,
    securityDescriptor: null,
    displayName: fields.name,
    mail: null,
    userPassword: null,
    unixUserPassword: null,
  };
}

function makeComputer(n: number, fields: Pick<DirectoryComputer, 'distinguishedName' | 'name' | 'objectSid' | 'userAccountControl' | 'primaryGroupId' | 'pwdLastSet' | 'lastLogonTimestamp' | 'dnsHostName' | 'operatingSystem' | 'isDomainController' | 'lapsPasswordExpiry' | 'allowedToDelegateTo'>): DirectoryComputer {
  return {
    objectGuid: guid(n),
    distinguishedName: fields.distinguishedName,
    name: fields.name,
    description: null,
    info: null,
    whenCreated: daysAgo(500),
    whenChanged: null,
    usnChanged: 1,
    objectSid: fields.objectSid,
    sAMAccountName: `${fields.name}$`,
    adminCount: null,
    sidHistory: [],
    memberOf: [],
    userAccountControl: fields.userAccountControl,
    primaryGroupId: fields.primaryGroupId,
    servicePrincipalNames: [],
    pwdLastSet: fields.pwdLastSet,
    lastLogonTimestamp: fields.lastLogonTimestamp,
    accountExpires: null,
    allowedToDelegateTo: fields.allowedToDelegateTo,
    allowedToActOnBehalfOf: [],
    supportedEncryptionTypes: null,
    keyCredentialLinkCount: 0,
    userPrincipalName: null,
    securityDescriptor: null,
    dnsHostName: fields.dnsHostName,
    operatingSystem: fields.operatingSystem,
    operatingSystemVersion: '10.0',
    isDomainController: fields.isDomainController,
    isReadOnlyDomainController: false,
    lapsPasswordExpiry: fields.lapsPasswordExpiry,
  };
}

export function syntheticSnapshot(total: number): Snapshot {
  const rnd = random(total);
  const groupCount = Math.max(20, Math.floor(total * 0.05));
  const computerCount = Math.floor(total * 0.25);
  const userCount = total - groupCount - computerCount;
  let n = 0;

  const wellKnown: Array<[string, string]> = [
    ['Domain Admins', `${DOMAIN_SID}-512`],
    ['Schema Admins', `${DOMAIN_SID}-518`],
    ['Enterprise Admins', `${DOMAIN_SID}-519`],
    ['Protected Users', `${DOMAIN_SID}-525`],
    ['Allowed RODC Password Replication Group', `${DOMAIN_SID}-571`],
    ['Administrators', 'S-1-5-32-544'],
    ['Account Operators', 'S-1-5-32-548'],
    ['Backup Operators', 'S-1-5-32-551'],
    ['DnsAdmins', `${DOMAIN_SID}-1101`],
  ];
  const groups: DirectoryGroup[] = [];
  for (let i = 0; i < groupCount; i++) {
    const [name, sid] = wellKnown[i] ?? [`grp-${i}`, `${DOMAIN_SID}-${100_000 + i}`];
    groups.push({ objectGuid: guid(++n), distinguishedName: `CN=${name},OU=Gruppen,${DN}`, name, description: null, info: null, whenCreated: daysAgo(900), whenChanged: null, usnChanged: 1, objectSid: sid, sAMAccountName: name, adminCount: null, sidHistory: [], memberOf: [], groupType: -2147483646, members: [] });
  }
  // Nesting: each ordinary group is a member of a group with a lower index (a tree of depth ~4).
  for (let i = wellKnown.length + 1; i < groupCount; i++) {
    if (rnd() < 0.6) {
      const parent = groups[wellKnown.length + Math.floor(rnd() * (i - wellKnown.length))] as DirectoryGroup;
      const child = groups[i] as DirectoryGroup;
      parent.members.push(child.distinguishedName);
      child.memberOf.push(parent.distinguishedName);
    }
  }
  // A department group nested into Domain Admins, so transitive resolution walks a real tree.
  (groups[0] as DirectoryGroup).members.push((groups[wellKnown.length] as DirectoryGroup).distinguishedName);

  const users: DirectoryUser[] = [];
  for (let i = 0; i < userCount; i++) {
    const name = `user${i}`;
    const weak = rnd();
    const user = makeUser(++n, {
      distinguishedName: `CN=${name},OU=Benutzer,${DN}`,
      name,
      description: weak < 0.001 ? `Startpasswort: Sommer${i}!` : 'Mitarbeiter Vertrieb',
      whenCreated: daysAgo(30 + Math.floor(rnd() * 2000)),
      objectSid: `${DOMAIN_SID}-${200_000 + i}`,
      userAccountControl: UAC.NORMAL_ACCOUNT | (weak < 0.05 ? UAC.ACCOUNTDISABLE : 0) | (weak > 0.995 ? UAC.DONT_REQ_PREAUTH : 0),
      servicePrincipalNames: weak > 0.99 ? [`http/app${i}.bench.local`] : [],
      pwdLastSet: daysAgo(Math.floor(rnd() * 800)),
      lastLogonTimestamp: daysAgo(Math.floor(rnd() * 400)),
      userPrincipalName: `${name}@bench.local`,
    });
    const memberships = 1 + Math.floor(rnd() * 3);
    for (let m = 0; m < memberships; m++) {
      const group = groups[wellKnown.length + Math.floor(rnd() * (groupCount - wellKnown.length))] as DirectoryGroup;
      group.members.push(user.distinguishedName);
      user.memberOf.push(group.distinguishedName);
    }
    users.push(user);
  }
  const computers: DirectoryComputer[] = [];
  for (let i = 0; i < computerCount; i++) {
    const name = i < 2 ? `DC0${i + 1}` : `PC${i}`;
    const dc = i < 2;
    computers.push(
      makeComputer(++n, {
        distinguishedName: `CN=${name},OU=${dc ? 'Domain Controllers' : 'Computer'},${DN}`,
        name,
        objectSid: `${DOMAIN_SID}-${5_000_000 + i}`,
        userAccountControl: dc ? UAC.SERVER_TRUST_ACCOUNT | UAC.TRUSTED_FOR_DELEGATION : UAC.WORKSTATION_TRUST_ACCOUNT,
        primaryGroupId: dc ? 516 : 515,
        pwdLastSet: daysAgo(Math.floor(rnd() * 60)),
        lastLogonTimestamp: daysAgo(Math.floor(rnd() * 200)),
        dnsHostName: `${name.toLowerCase()}.bench.local`,
        operatingSystem: rnd() < 0.03 ? 'Windows 7 Professional' : 'Windows 11 Enterprise',
        isDomainController: dc,
        lapsPasswordExpiry: rnd() < 0.8 ? daysAgo(-10) : null,
        allowedToDelegateTo: !dc && rnd() < 0.001 ? ['ldap/dc01.bench.local'] : [],
      }),
    );
  }
  return {
    schemaVersion: 1,
    collectedAt: new Date(NOW).toISOString(),
    collectorVersion: 'bench',
    highestUsn: total,
    domain: {
      distinguishedName: DN,
      dnsName: 'bench.local',
      netbiosName: 'BENCH',
      objectSid: DOMAIN_SID,
      objectGuid: guid(++n),
      minPasswordLength: 8,
      passwordHistoryLength: 24,
      maxPasswordAgeDays: 90,
      minPasswordAgeDays: 1,
      passwordProperties: 1,
      lockoutThreshold: 0,
      lockoutDurationMinutes: 30,
      lockoutObservationWindowMinutes: 30,
      machineAccountQuota: 10,
      domainFunctionalLevel: 7,
      forestFunctionalLevel: 7,
      dsHeuristics: null,
      gpLinks: [],
      securityDescriptor: { owner: null, aces: [] },
    },
    users,
    computers,
    groups,
    organizationalUnits: [],
    gpos: [],
    trusts: [],
    passwordSettings: [],
    adminSdHolder: null,
  };
}

/**
 * Delegated rights as real domains have them, added to a synthetic snapshot: helpdesk groups may reset every user's
 * password (an OU delegation inherited onto each user), some groups may write other groups, and one team has full
 * control of a group nested in Domain Admins — so many principals have an attack path and the best cut works.
 */
export function addDelegations(snapshot: Snapshot): Snapshot {
  const ace = (trustee: string, accessMask: number, objectType: string | null = null): Ace => ({ type: objectType ? 'allow-object' : 'allow', trustee, accessMask, objectType, inheritedObjectType: null, flags: 0 });
  const ordinary = snapshot.groups.slice(10);
  const helpdesks = ordinary.slice(0, 20);
  snapshot.users.forEach((user, i) => {
    user.securityDescriptor = { owner: null, aces: [ace((helpdesks[i % helpdesks.length] as DirectoryGroup).objectSid, 0x100, '00299570-246d-11d0-a768-00aa006e0529')] };
  });
  ordinary.forEach((group, i) => {
    if (i % 10 === 0) group.securityDescriptor = { owner: null, aces: [ace((ordinary[(i * 7 + 3) % ordinary.length] as DirectoryGroup).objectSid, 0x40000000)] };
  });
  // The department group nested in Domain Admins is fully controlled by one ordinary team.
  (snapshot.groups[9] as DirectoryGroup).securityDescriptor = { owner: null, aces: [ace((ordinary[25] as DirectoryGroup).objectSid, 0x10000000)] };
  return snapshot;
}

/** The domain bench/scale uploads: the synthetic snapshot with delegated rights (all checks and the attack paths work). */
export function syntheticDomain(total: number): Snapshot {
  return addDelegations(syntheticSnapshot(total));
}
