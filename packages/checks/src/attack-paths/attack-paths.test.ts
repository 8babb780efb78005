import type { Ace, Snapshot } from '@burgwall/shared';
import { UAC, certificateTemplateSchema, organizationalUnitSchema } from '@burgwall/shared';
import { describe, expect, it } from 'vitest';
import { DOMAIN_DN, addMember, cleanSnapshot, computer, findGroup, findUser, gpo, group, guid, sid, user } from '../testing/fixtures';
import { CLASS_GUIDS, GUIDS } from './ace-edges';
import { analyseAttackPaths, buildControlGraph, describePath, type EdgeType } from './index';

const GENERIC_ALL = 0x10000000;
const ace = (trustee: string, accessMask: number, objectType: string | null = null): Ace => ({
  type: objectType ? 'allow-object' : 'allow',
  trustee,
  accessMask,
  objectType,
  inheritedObjectType: null,
  flags: 0,
});
const descriptor = (...aces: Ace[]) => ({ owner: sid(512), aces });

function analyse(snapshot: Snapshot) {
  return analyseAttackPaths(buildControlGraph(snapshot));
}
/** The path of one principal as [from, type, to] triples. */
function pathOf(snapshot: Snapshot, name: string): [string, EdgeType, string][] {
  const found = analyse(snapshot).principals.find((entry) => entry.principal.name === name);
  return (found?.steps ?? []).map((s) => [s.from.name, s.type, s.to.name]);
}

/** The clean domain plus a user bob without rights. */
function domainWithBob() {
  const snapshot = cleanSnapshot();
  const bob = user({ sAMAccountName: 'bob' });
  snapshot.users.push(bob);
  return { snapshot, bob, domainAdmins: findGroup(snapshot, 512) };
}

describe('attack paths to Tier 0', () => {
  it('finds nothing in a clean domain (its DC with unconstrained delegation and the admins are Tier 0 themselves)', () => {
    const result = analyse(cleanSnapshot());
    expect(result.principals).toEqual([]);
    expect(result.cuts).toEqual([]);
    expect(result.tier0Count).toBeGreaterThan(10);
  });

  it('follows a chain over a password reset, a membership and full control to a German-named Domain Admins group', () => {
    const { snapshot, bob, domainAdmins } = domainWithBob();
    domainAdmins.sAMAccountName = 'Domänen-Admins';
    domainAdmins.name = 'Domänen-Admins';
    const helpdesk = user({ sAMAccountName: 'helpdesk', securityDescriptor: descriptor(ace(bob.objectSid, 0x100, GUIDS.FORCE_CHANGE_PASSWORD)) });
    const itAdmins = group({ sAMAccountName: 'IT-Admins', objectSid: sid(4001) });
    addMember(itAdmins, helpdesk);
    domainAdmins.securityDescriptor = descriptor(ace(itAdmins.objectSid, GENERIC_ALL));
    snapshot.users.push(helpdesk);
    snapshot.groups.push(itAdmins);

    expect(pathOf(snapshot, 'bob')).toEqual([
      ['bob', 'ForceChangePassword', 'helpdesk'],
      ['helpdesk', 'MemberOf', 'IT-Admins'],
      ['IT-Admins', 'GenericAll', 'Domänen-Admins'],
    ]);
    const result = analyse(snapshot);
    expect(result.principals.map((p) => [p.principal.name, p.steps.length])).toEqual([['IT-Admins', 1], ['helpdesk', 2], ['bob', 3]]);
    expect(describePath(result.principals[2]!.steps)).toBe('bob —darf das Kennwort zurücksetzen von→ helpdesk —ist Mitglied von→ IT-Admins —hat Vollzugriff auf→ Domänen-Admins');
    // One cut breaks all three paths: the full control of IT-Admins.
    expect(result.cuts.map((c) => [c.step.from.name, c.step.type, c.step.to.name, c.disconnects])).toEqual([['IT-Admins', 'GenericAll', 'Domänen-Admins', 3]]);
    expect(result.cuts[0]!.remediation).toContain('GenericAll');
  });

  const direct: [EdgeType, (s: ReturnType<typeof domainWithBob>) => void][] = [
    ['GenericAll', ({ bob, domainAdmins }) => void (domainAdmins.securityDescriptor = descriptor(ace(bob.objectSid, GENERIC_ALL)))],
    ['GenericWrite', ({ bob, domainAdmins }) => void (domainAdmins.securityDescriptor = descriptor(ace(bob.objectSid, 0x40000000)))],
    ['WriteDacl', ({ bob, domainAdmins }) => void (domainAdmins.securityDescriptor = descriptor(ace(bob.objectSid, 0x40000)))],
    ['WriteOwner', ({ bob, domainAdmins }) => void (domainAdmins.securityDescriptor = descriptor(ace(bob.objectSid, 0x80000)))],
    ['Owns', ({ bob, domainAdmins }) => void (domainAdmins.securityDescriptor = { owner: bob.objectSid, aces: [] })],
    ['AddMember', ({ bob, domainAdmins }) => void (domainAdmins.securityDescriptor = descriptor(ace(bob.objectSid, 0x20, GUIDS.MEMBER_ATTRIBUTE)))],
    ['ForceChangePassword', ({ snapshot, bob }) => void (findUser(snapshot, 'Administrator').securityDescriptor = descriptor(ace(bob.objectSid, 0x100, GUIDS.FORCE_CHANGE_PASSWORD)))],
    ['AllExtendedRights', ({ snapshot, bob }) => void (findUser(snapshot, 'Administrator').securityDescriptor = descriptor(ace(bob.objectSid, 0x100)))],
    [
      'DCSync',
      ({ snapshot, bob }) =>
        void (snapshot.domain.securityDescriptor = descriptor(
          ace(bob.objectSid, 0x100, '1131f6aa-9c07-11d1-f79f-00c04fc2dcd2'),
          ace(bob.objectSid, 0x100, '1131f6ad-9c07-11d1-f79f-00c04fc2dcd2'),
        )),
    ],
    ['AllowedToDelegate', ({ bob }) => void (bob.allowedToDelegateTo = ['cifs/dc01.test.local'])],
    ['AllowedToAct', ({ snapshot, bob }) => void (snapshot.computers.find((c) => c.isDomainController)!.allowedToActOnBehalfOf = [bob.objectSid])],
  ];
  it.each(direct)('%s: one edge from bob into Tier 0', (type, plant) => {
    const setup = domainWithBob();
    plant(setup);
    const path = pathOf(setup.snapshot, 'bob');
    expect(path).toHaveLength(1);
    expect(path[0]![1]).toBe(type);
  });

  it('DCSync needs both replication rights', () => {
    const { snapshot, bob } = domainWithBob();
    snapshot.domain.securityDescriptor = descriptor(ace(bob.objectSid, 0x100, '1131f6aa-9c07-11d1-f79f-00c04fc2dcd2'));
    expect(pathOf(snapshot, 'bob')).toEqual([]);
  });

  it('GPLink and Contains: control of a GPO linked to an OU reaches its computer with unconstrained delegation', () => {
    const { snapshot, bob } = domainWithBob();
    const ouDn = `OU=Server,${DOMAIN_DN}`;
    const policy = gpo({ displayName: 'Server-Härtung', securityDescriptor: descriptor(ace(bob.objectSid, GENERIC_ALL)) });
    snapshot.gpos.push(policy);
    snapshot.organizationalUnits.push(organizationalUnitSchema.parse({ objectGuid: guid(), distinguishedName: ouDn, name: 'Server', gpLinks: [{ gpoDistinguishedName: policy.distinguishedName, options: 0 }] }));
    const server = computer({ sAMAccountName: 'SRV01$', userAccountControl: UAC.WORKSTATION_TRUST_ACCOUNT | UAC.TRUSTED_FOR_DELEGATION });
    server.distinguishedName = `CN=SRV01,${ouDn}`;
    snapshot.computers.push(server);
    expect(pathOf(snapshot, 'bob')).toEqual([
      ['bob', 'GenericAll', 'Server-Härtung'],
      ['Server-Härtung', 'GPLink', 'Server'],
      ['Server', 'Contains', 'SRV01$'],
      ['SRV01$', 'UnconstrainedDelegation', 'test.local'],
    ]);
    // A disabled link is no path.
    snapshot.organizationalUnits[snapshot.organizationalUnits.length - 1]!.gpLinks[0]!.options = 1;
    expect(pathOf(snapshot, 'bob').map((step) => step[1])).not.toContain('GPLink');
  });

  it('ReadLAPSPassword: full control of a computer with LAPS is reading its local administrator password', () => {
    const { snapshot, bob } = domainWithBob();
    const server = computer({ sAMAccountName: 'SRV02$', userAccountControl: UAC.WORKSTATION_TRUST_ACCOUNT | UAC.TRUSTED_FOR_DELEGATION, securityDescriptor: descriptor(ace(bob.objectSid, GENERIC_ALL)) });
    snapshot.computers.push(server);
    expect(pathOf(snapshot, 'bob').map((step) => step[1])).toEqual(['ReadLAPSPassword', 'UnconstrainedDelegation']);
  });

  it('SIDHistory: a privileged SID makes the holder Tier 0, another SID is a step of a path', () => {
    const { snapshot, bob, domainAdmins } = domainWithBob();
    const carol = user({ sAMAccountName: 'carol', sidHistory: [sid(512)] });
    const legacy = group({ sAMAccountName: 'Alt-Admins', objectSid: 'S-1-5-21-9-9-9-1200' });
    legacy.securityDescriptor = descriptor();
    domainAdmins.securityDescriptor = descriptor(ace(legacy.objectSid, GENERIC_ALL));
    bob.sidHistory = [legacy.objectSid];
    snapshot.users.push(carol);
    snapshot.groups.push(legacy);
    const result = analyse(snapshot);
    expect(result.principals.map((p) => p.principal.name)).not.toContain('carol');
    expect(pathOf(snapshot, 'bob')).toEqual([
      ['bob', 'SIDHistory', 'Alt-Admins'],
      ['Alt-Admins', 'GenericAll', 'Domain Admins'],
    ]);
  });

  it('Enroll and ADCSESC1: enrolment on a template where the enrollee names the subject', () => {
    const { snapshot, bob } = domainWithBob();
    const template = certificateTemplateSchema.parse({
      objectGuid: guid(),
      distinguishedName: `CN=Benutzer-Anmeldung,CN=Certificate Templates,CN=Public Key Services,CN=Services,CN=Configuration,${DOMAIN_DN}`,
      name: 'Benutzer-Anmeldung',
      certificateNameFlag: 1,
      extendedKeyUsages: ['1.3.6.1.5.5.7.3.2'],
      published: true,
      securityDescriptor: descriptor(ace(bob.objectSid, 0x100, GUIDS.CERTIFICATE_ENROLLMENT)),
    });
    snapshot.certificateTemplates = [template];
    expect(pathOf(snapshot, 'bob')).toEqual([
      ['bob', 'Enroll', 'Benutzer-Anmeldung'],
      ['Benutzer-Anmeldung', 'ADCSESC1', 'test.local'],
    ]);
    // Manager approval closes it.
    template.enrollmentFlag = 2;
    expect(pathOf(snapshot, 'bob')).toEqual([]);
  });

  it('Everyone on a Tier-0 object gives every account a path; Contains skips AdminSDHolder-protected objects', () => {
    const { snapshot, domainAdmins } = domainWithBob();
    domainAdmins.securityDescriptor = descriptor(ace('S-1-1-0', 0x40000));
    const names = analyse(snapshot).principals.map((p) => p.principal.name);
    expect(names).toEqual(expect.arrayContaining(['alice', 'bob', 'PC001$']));
    expect(names).not.toContain('Administrator');

    const fresh = domainWithBob();
    const ouDn = `OU=Admins,${DOMAIN_DN}`;
    fresh.snapshot.organizationalUnits.push(organizationalUnitSchema.parse({ objectGuid: guid(), distinguishedName: ouDn, name: 'Admins', securityDescriptor: descriptor(ace(fresh.bob.objectSid, GENERIC_ALL)) }));
    const protectedAdmin = user({ sAMAccountName: 'admin2', adminCount: 1 });
    protectedAdmin.distinguishedName = `CN=admin2,${ouDn}`;
    addMember(fresh.domainAdmins, protectedAdmin);
    fresh.snapshot.users.push(protectedAdmin);
    expect(pathOf(fresh.snapshot, 'bob')).toEqual([]);
    protectedAdmin.adminCount = null;
    expect(pathOf(fresh.snapshot, 'bob').map((step) => step[1])).toEqual(['GenericAll', 'Contains']);
  });

  it('inheritable OU delegation: a helpdesk that may reset passwords in an OU reaches the users below it, by class', () => {
    const { snapshot, bob, domainAdmins } = domainWithBob();
    const staffOu = `OU=Mitarbeiter,${DOMAIN_DN}`;
    const delegation = (inheritedObjectType: string | null, flags = 0x0a): Ace => ({ ...ace(bob.objectSid, 0x100, GUIDS.FORCE_CHANGE_PASSWORD), inheritedObjectType, flags });
    const ou = organizationalUnitSchema.parse({ objectGuid: guid(), distinguishedName: staffOu, name: 'Mitarbeiter', securityDescriptor: descriptor(delegation(CLASS_GUIDS.user)) });
    snapshot.organizationalUnits.push(organizationalUnitSchema.parse({ objectGuid: guid(), distinguishedName: `OU=Technik,${staffOu}`, name: 'Technik' }), ou);
    const admins = group({ sAMAccountName: 'Server-Admins', objectSid: sid(4300) });
    const svc = user({ sAMAccountName: 'svc-backup' });
    svc.distinguishedName = `CN=svc-backup,OU=Technik,${staffOu}`;
    addMember(admins, svc);
    domainAdmins.securityDescriptor = descriptor(ace(admins.objectSid, GENERIC_ALL));
    snapshot.users.push(svc);
    snapshot.groups.push(admins);
    expect(pathOf(snapshot, 'bob')).toEqual([
      ['bob', 'ForceChangePassword', 'svc-backup'],
      ['svc-backup', 'MemberOf', 'Server-Admins'],
      ['Server-Admins', 'GenericAll', 'Domain Admins'],
    ]);
    // Limited to computer objects: no edge to a user.
    ou.securityDescriptor = descriptor(delegation(CLASS_GUIDS.computer));
    expect(pathOf(snapshot, 'bob')).toEqual([]);
    // Not propagated beyond the OU's children: svc-backup is a grandchild.
    ou.securityDescriptor = descriptor(delegation(null, 0x0e));
    expect(pathOf(snapshot, 'bob')).toEqual([]);
    // Protected by AdminSDHolder: no inheritance.
    ou.securityDescriptor = descriptor(delegation(null));
    svc.adminCount = 1;
    expect(pathOf(snapshot, 'bob')).toEqual([]);
  });

  it('orders the best cuts by how many principals each removal disconnects', () => {
    const { snapshot, bob, domainAdmins } = domainWithBob();
    const team = group({ sAMAccountName: 'Servicedesk', objectSid: sid(4100) });
    const members = ['sd1', 'sd2', 'sd3'].map((name) => user({ sAMAccountName: name }));
    for (const member of members) addMember(team, member);
    snapshot.users.push(...members);
    snapshot.groups.push(team);
    domainAdmins.securityDescriptor = descriptor(ace(team.objectSid, 0x20, GUIDS.MEMBER_ATTRIBUTE), ace(bob.objectSid, 0x40000));
    const result = analyse(snapshot);
    expect(result.cuts.map((c) => [c.step.from.name, c.step.type, c.disconnects])).toEqual([
      ['Servicedesk', 'AddMember', 4],
      ['bob', 'WriteDacl', 1],
    ]);
  });

  it('full control (as AD stores it, 0xF01FF) is one edge that one cut removes, also next to other rights of the pair', () => {
    const { snapshot, domainAdmins } = domainWithBob();
    const team = group({ sAMAccountName: 'Betrieb', objectSid: sid(4400) });
    const member = user({ sAMAccountName: 'op1' });
    addMember(team, member);
    snapshot.users.push(member);
    snapshot.groups.push(team);
    domainAdmins.securityDescriptor = descriptor(ace(team.objectSid, 0xf01ff), ace(team.objectSid, 0x40000 | 0x80000));
    const result = analyse(snapshot);
    expect(result.cuts.map((c) => [c.step.from.name, c.step.type, c.disconnects])).toEqual([['Betrieb', 'GenericAll', 2]]);
  });

  it('a client-defined extra Tier-0 object is a target', () => {
    const { snapshot, bob } = domainWithBob();
    const fileServer = computer({ sAMAccountName: 'FS01$', securityDescriptor: descriptor(ace(bob.objectSid, 0x40000)) });
    snapshot.computers.push(fileServer);
    expect(analyseAttackPaths(buildControlGraph(snapshot)).principals).toEqual([]);
    const result = analyseAttackPaths(buildControlGraph(snapshot, { extraTier0: [fileServer.objectGuid] }));
    expect(result.principals.map((p) => p.principal.name)).toEqual(['bob']);
  });

  it('a descriptor shared by many objects (frozen, as the evaluation loads it) gives each the edges of its own kind', () => {
    const { snapshot, bob } = domainWithBob();
    const staffOu = `OU=Mitarbeiter,${DOMAIN_DN}`;
    const helpdesk = user({ sAMAccountName: 'helpdesk' });
    snapshot.users.push(helpdesk);
    // Inheritable: reset passwords of the users below the OU, which holds all four objects.
    const delegation: Ace = { ...ace(helpdesk.objectSid, 0x100, GUIDS.FORCE_CHANGE_PASSWORD), inheritedObjectType: CLASS_GUIDS.user, flags: 0x0a };
    snapshot.organizationalUnits.push(organizationalUnitSchema.parse({ objectGuid: guid(), distinguishedName: staffOu, name: 'Mitarbeiter', securityDescriptor: descriptor(delegation) }));
    const shared = descriptor(ace(bob.objectSid, GENERIC_ALL));
    for (const entry of shared.aces) Object.freeze(entry);
    Object.freeze(shared.aces);
    Object.freeze(shared);
    const inOu = <T extends { distinguishedName: string; sAMAccountName: string; securityDescriptor: unknown }>(object: T): T =>
      Object.assign(object, { distinguishedName: `CN=${object.sAMAccountName},${staffOu}`, securityDescriptor: shared });
    const withLaps = inOu(computer({ sAMAccountName: 'PC-LAPS$', lapsPasswordExpiry: '2027-01-01T00:00:00.000Z' }));
    const withoutLaps = inOu(computer({ sAMAccountName: 'PC-ALT$', lapsPasswordExpiry: null }));
    const [anna, ben] = [inOu(user({ sAMAccountName: 'anna' })), inOu(user({ sAMAccountName: 'ben' }))];
    snapshot.computers.push(withLaps, withoutLaps);
    snapshot.users.push(anna, ben);

    const graph = buildControlGraph(snapshot);
    const edgesOf = (g: typeof graph) => {
      const { from, to, types } = g.edges();
      return Array.from(from, (source, e) => `${g.keys[source]} ${types[e]} ${g.keys[to[e] as number]}`);
    };
    // The same graph as from unshared, unfrozen copies of every descriptor.
    const unshared = buildControlGraph(structuredClone(snapshot));
    expect(edgesOf(graph)).toEqual(edgesOf(unshared));
    expect(graph.keys).toEqual(unshared.keys);
    const typesTo = (target: string, source: string) => {
      const { from, to, types } = graph.edges();
      return Array.from(from.keys()).filter((e) => graph.keys[from[e] as number] === source && graph.keys[to[e] as number] === target).map((e) => types[e]);
    };
    expect(typesTo(withLaps.objectSid, bob.objectSid)).not.toEqual(typesTo(withoutLaps.objectSid, bob.objectSid));
    expect(typesTo(anna.objectSid, helpdesk.objectSid)).toHaveLength(1);
    expect(typesTo(ben.objectSid, helpdesk.objectSid)).toEqual(typesTo(anna.objectSid, helpdesk.objectSid));
  });
});
