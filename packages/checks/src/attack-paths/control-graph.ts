import type { Ace } from '@burgwall/shared';
import type { CheckSnapshot } from '../check-snapshot';
import { UAC, hasUacFlag } from '@burgwall/shared';
import { allowsAuthentication, issuedWithoutApproval, suppliesSubject } from '../adcs';
import { BUILTIN, RID, SnapshotIndex, WELL_KNOWN } from '../snapshot-index';
import { type TargetKind, asInherited, dcsyncTrustees, edgesOfAce, inheritsTo } from './ace-edges';
import { ControlGraph, type NodeAttributes } from './compact-graph';
import type { EdgeType } from './edge-types';

export { ControlGraph, type NodeAttributes, type NodeKind } from './compact-graph';

export interface ControlGraphOptions {
  /** Client-defined extra Tier-0 objects: SIDs, objectGUIDs or distinguished names. */
  extraTier0?: readonly string[];
}

/** Domain RIDs and builtin SIDs whose holders control the domain (CHECKS.md §2.1), by SID, never by name. */
const TIER0_RIDS = [RID.ADMINISTRATOR, RID.KRBTGT, RID.DOMAIN_ADMINS, RID.DOMAIN_CONTROLLERS, RID.SCHEMA_ADMINS, RID.ENTERPRISE_ADMINS, RID.KEY_ADMINS, RID.ENTERPRISE_KEY_ADMINS];
const TIER0_BUILTIN = [BUILTIN.ADMINISTRATORS, BUILTIN.ACCOUNT_OPERATORS, BUILTIN.SERVER_OPERATORS, BUILTIN.PRINT_OPERATORS, BUILTIN.BACKUP_OPERATORS];
/** Groups everyone is in implicitly: their edges are given to every account (only when they have any). */
const IMPLICIT_GROUPS = [WELL_KNOWN.EVERYONE, WELL_KNOWN.AUTHENTICATED_USERS];

const dnKey = (dn: string) => `dn:${dn.toLowerCase()}`;
const parentDn = (dn: string) => dn.replace(/^(?:[^,\\]|\\.)*,/, '');

/**
 * Builds the control graph of one AD snapshot: who can take control of what, from memberships, ACLs, ownership,
 * GPO links, OU containment, delegation, sIDHistory and AD CS templates. Pure: the same snapshot gives the same graph.
 */
export function buildControlGraph(snapshot: CheckSnapshot, options: ControlGraphOptions = {}, index = new SnapshotIndex(snapshot)): ControlGraph {
  // About two edges per principal in real and synthetic domains: sized once instead of rehashed while growing.
  const graph = new ControlGraph(2 * (snapshot.users.length + snapshot.computers.length + snapshot.groups.length));
  const extra = new Set((options.extraTier0 ?? []).map((value) => value.toLowerCase()));
  const isExtra = (...keys: (string | null | undefined)[]) => keys.some((key) => key != null && extra.has(key.toLowerCase()));
  const tier0Sids = new Set<string>([...TIER0_RIDS.map((rid) => index.domainRidSid(rid)), ...TIER0_BUILTIN, WELL_KNOWN.ENTERPRISE_DCS]);

  // Nodes are named by key (SID, `dn:` + lower-case DN) and referred to by id.
  const node = (key: string, attributes: NodeAttributes): number => {
    const id = graph.idOf(key);
    // A principal first seen as a trustee gets its real attributes when its object comes along.
    if (id === -1 || graph.kinds[id] === 'principal') return graph.setNode(key, attributes);
    return id;
  };
  const principal = (sid: string): number => {
    const id = graph.idOf(sid);
    if (id !== -1) return id;
    return graph.setNode(sid, { kind: 'principal', name: index.nameOfSid(sid), distinguishedName: null, objectKey: sid, tier0Seed: tier0Sids.has(sid) || isExtra(sid) });
  };
  const id = (key: string): number => graph.idOf(key);
  // One edge per pair: the first reason found is kept (memberships, then ACL rights in order of strength). A cut then
  // means "no control of A over B at all", and removing one of several rights of A over B never counts as a cut.
  const edge = (from: number, to: number, type: EdgeType) => {
    // Every caller names existing nodes; a missing one is a bug that must not pass as "no path".
    if (from < 0 || to < 0) throw new Error(`Angriffspfad-Graph: Kante ${type} zu einem unbekannten Knoten`);
    graph.addEdge(from, to, type);
  };
  const aclEdges = (target: number, kind: TargetKind, descriptor: { owner: string | null; aces: readonly Ace[] } | null | undefined, options2: { hasLaps?: boolean } = {}) => {
    if (!descriptor) return;
    if (descriptor.owner) edge(principal(descriptor.owner), target, 'Owns');
    for (const ace of descriptor.aces) for (const type of edgesOfAce(ace, kind, options2)) edge(principal(ace.trustee), target, type);
  };

  // Nodes: the domain head, AdminSDHolder, principals, OUs, GPOs, templates.
  const domain = snapshot.domain;
  const domainNode = node(dnKey(domain.distinguishedName), { kind: 'domain', name: domain.dnsName, distinguishedName: domain.distinguishedName, objectKey: domain.objectGuid, tier0Seed: true });
  const adminSdHolderDn = `CN=AdminSDHolder,CN=System,${domain.distinguishedName}`;
  const adminSdHolder = node(dnKey(adminSdHolderDn), { kind: 'adminsdholder', name: 'AdminSDHolder', distinguishedName: adminSdHolderDn, objectKey: adminSdHolderDn, tier0Seed: true });
  const dcOuDn = `OU=Domain Controllers,${domain.distinguishedName}`.toLowerCase();

  // Node ids of the principals by list position: looked up once here, not again per edge (millions of Map lookups).
  const userIds = new Int32Array(snapshot.users.length);
  const computerIds = new Int32Array(snapshot.computers.length);
  const groupIds = new Int32Array(snapshot.groups.length);
  for (const [i, user] of snapshot.users.entries()) {
    userIds[i] = node(user.objectSid, { kind: 'user', name: user.sAMAccountName, distinguishedName: user.distinguishedName, objectKey: user.objectGuid, tier0Seed: tier0Sids.has(user.objectSid) || isExtra(user.objectSid, user.objectGuid, user.distinguishedName) });
  }
  for (const [i, computer] of snapshot.computers.entries()) {
    computerIds[i] = node(computer.objectSid, {
      kind: 'computer',
      name: computer.sAMAccountName,
      distinguishedName: computer.distinguishedName,
      objectKey: computer.objectGuid,
      tier0Seed: computer.isDomainController || hasUacFlag(computer.userAccountControl, UAC.SERVER_TRUST_ACCOUNT) || isExtra(computer.objectSid, computer.objectGuid, computer.distinguishedName),
    });
  }
  for (const [i, group] of snapshot.groups.entries()) {
    groupIds[i] = node(group.objectSid, { kind: 'group', name: group.sAMAccountName, distinguishedName: group.distinguishedName, objectKey: group.objectGuid, tier0Seed: tier0Sids.has(group.objectSid) || isExtra(group.objectSid, group.objectGuid, group.distinguishedName) });
  }
  for (const ou of snapshot.organizationalUnits) {
    node(dnKey(ou.distinguishedName), { kind: 'ou', name: ou.name || ou.distinguishedName, distinguishedName: ou.distinguishedName, objectKey: ou.objectGuid, tier0Seed: isExtra(ou.objectGuid, ou.distinguishedName) });
  }
  const tier0Containers = new Set([domain.distinguishedName.toLowerCase(), dcOuDn]);
  const gpoLinkedToTier0 = new Set<string>();
  for (const container of [{ distinguishedName: domain.distinguishedName, gpLinks: domain.gpLinks }, ...snapshot.organizationalUnits]) {
    if (!tier0Containers.has(container.distinguishedName.toLowerCase())) continue;
    for (const link of container.gpLinks) if ((link.options & 1) === 0) gpoLinkedToTier0.add(link.gpoDistinguishedName.toLowerCase());
  }
  for (const gpo of snapshot.gpos) {
    node(dnKey(gpo.distinguishedName), { kind: 'gpo', name: gpo.displayName, distinguishedName: gpo.distinguishedName, objectKey: gpo.gpoId, tier0Seed: gpoLinkedToTier0.has(gpo.distinguishedName.toLowerCase()) || isExtra(gpo.gpoId, gpo.objectGuid, gpo.distinguishedName) });
  }

  // MemberOf (direct members and primary groups), sIDHistory.
  // index.accounts lists users, then computers.
  const accountIds = new Int32Array(userIds.length + computerIds.length);
  accountIds.set(userIds);
  accountIds.set(computerIds, userIds.length);
  for (const [i, group] of snapshot.groups.entries()) {
    for (const memberDn of group.members) {
      const sid = index.sidOfDn(memberDn);
      if (sid) edge(principal(sid), groupIds[i] as number, 'MemberOf');
    }
  }
  const implicitPrimary = new Set([index.domainRidSid(RID.DOMAIN_USERS), index.domainRidSid(RID.DOMAIN_COMPUTERS)]);
  for (const [i, account] of index.accounts.entries()) {
    // Domain Users / Computers (nearly every account) are decided by RID, without building their SID per account.
    const primary = account.primaryGroupId === RID.DOMAIN_USERS || account.primaryGroupId === RID.DOMAIN_COMPUTERS ? null : index.domainRidSid(account.primaryGroupId);
    if (primary !== null && graph.hasNode(primary)) edge(accountIds[i] as number, id(primary), 'MemberOf');
    for (const sid of account.sidHistory) edge(accountIds[i] as number, principal(sid), 'SIDHistory');
  }
  for (const [i, group] of snapshot.groups.entries()) for (const sid of group.sidHistory) edge(groupIds[i] as number, principal(sid), 'SIDHistory');

  // ACLs: domain head (with DCSync), AdminSDHolder, accounts, groups, OUs, GPOs.
  aclEdges(domainNode, 'domain', domain.securityDescriptor);
  for (const trustee of dcsyncTrustees(domain.securityDescriptor?.aces ?? [])) edge(principal(trustee), domainNode, 'DCSync');
  aclEdges(adminSdHolder, 'other', snapshot.adminSdHolder);
  for (const [i, user] of snapshot.users.entries()) aclEdges(userIds[i] as number, 'user', user.securityDescriptor);
  for (const [i, computer] of snapshot.computers.entries()) aclEdges(computerIds[i] as number, 'computer', computer.securityDescriptor, { hasLaps: computer.lapsPasswordExpiry !== null });
  for (const [i, group] of snapshot.groups.entries()) aclEdges(groupIds[i] as number, 'group', group.securityDescriptor);
  for (const ou of snapshot.organizationalUnits) aclEdges(id(dnKey(ou.distinguishedName)), 'other', ou.securityDescriptor);
  for (const gpo of snapshot.gpos) aclEdges(id(dnKey(gpo.distinguishedName)), 'other', gpo.securityDescriptor);

  // Inheritable ACEs of the domain head and of OUs reach the objects below them (the usual helpdesk delegation: reset
  // passwords of the users in an OU). Objects protected by AdminSDHolder (adminCount = 1) inherit nothing.
  const inheritable = new Map<string, Ace[]>();
  for (const container of [{ distinguishedName: domain.distinguishedName, securityDescriptor: domain.securityDescriptor }, ...snapshot.organizationalUnits]) {
    const aces = (container.securityDescriptor?.aces ?? []).filter((ace) => (ace.flags & 0x03) !== 0 && !tier0Sids.has(ace.trustee));
    if (aces.length > 0) inheritable.set(container.distinguishedName.toLowerCase(), aces);
  }
  if (inheritable.size > 0) {
    const below = (kind: 'user' | 'computer' | 'group' | 'ou', key: number, dn: string, targetKind: TargetKind, targetOptions: { hasLaps?: boolean } = {}) => {
      let depth = 0;
      for (let parent = parentDn(dn); parent !== '' && parent !== dn; dn = parent, parent = parentDn(parent)) {
        depth += 1;
        for (const ace of inheritable.get(parent.toLowerCase()) ?? []) {
          if (!inheritsTo(ace, depth, kind)) continue;
          for (const type of edgesOfAce(asInherited(ace), targetKind, targetOptions)) edge(principal(ace.trustee), key, type);
        }
        if (parent.toLowerCase() === domain.distinguishedName.toLowerCase()) break;
      }
    };
    for (const [i, user] of snapshot.users.entries()) if (user.adminCount !== 1) below('user', userIds[i] as number, user.distinguishedName, 'user');
    for (const [i, computer] of snapshot.computers.entries()) if (computer.adminCount !== 1) below('computer', computerIds[i] as number, computer.distinguishedName, 'computer', { hasLaps: computer.lapsPasswordExpiry !== null });
    for (const [i, group] of snapshot.groups.entries()) if (group.adminCount !== 1) below('group', groupIds[i] as number, group.distinguishedName, 'group');
    for (const ou of snapshot.organizationalUnits) below('ou', id(dnKey(ou.distinguishedName)), ou.distinguishedName, 'other');
  }

  // GPO links (not disabled; a GPO with all settings disabled applies nothing) and OU containment. Objects protected
  // by AdminSDHolder (adminCount = 1) do not inherit ACEs from their OU.
  const gpoFlags = new Map(snapshot.gpos.map((gpo) => [dnKey(gpo.distinguishedName), gpo.flags]));
  for (const container of [{ distinguishedName: domain.distinguishedName, gpLinks: domain.gpLinks }, ...snapshot.organizationalUnits]) {
    for (const link of container.gpLinks) {
      const gpoKey = dnKey(link.gpoDistinguishedName);
      const flags = gpoFlags.get(gpoKey);
      if ((link.options & 1) !== 0 || flags === undefined || (flags & 3) === 3) continue;
      edge(id(gpoKey), id(dnKey(container.distinguishedName)), 'GPLink');
    }
  }
  // Objects share few parents: the parent's node is looked up once per parent DN.
  const parents = new Map<string, number | null>();
  const containedIn = (dn: string): number | null => {
    const parentText = parentDn(dn);
    let parent = parents.get(parentText);
    if (parent === undefined) {
      const found = id(dnKey(parentText));
      parent = found !== -1 && graph.kinds[found] === 'ou' ? found : null;
      parents.set(parentText, parent);
    }
    return parent;
  };
  for (const ou of snapshot.organizationalUnits) {
    const parent = containedIn(ou.distinguishedName);
    if (parent !== null) edge(parent, id(dnKey(ou.distinguishedName)), 'Contains');
  }
  for (const [objects, ids] of [[snapshot.users, userIds], [snapshot.computers, computerIds], [snapshot.groups, groupIds]] as const) {
    for (const [i, object] of objects.entries()) {
      const parent = containedIn(object.distinguishedName);
      if (parent !== null && object.adminCount !== 1) edge(parent, ids[i] as number, 'Contains');
    }
  }

  // Delegation: constrained (to the computer behind the SPN), resource-based, unconstrained (non-DC hosts receive
  // the TGTs of DCs that authenticate to them: control of the domain).
  const computerByHost = new Map<string, number>();
  for (const [i, computer] of snapshot.computers.entries()) {
    if (computer.dnsHostName) computerByHost.set(computer.dnsHostName.toLowerCase(), computerIds[i] as number);
    computerByHost.set(computer.sAMAccountName.replace(/\$$/, '').toLowerCase(), computerIds[i] as number);
  }
  for (const [i, account] of index.accounts.entries()) {
    for (const spn of account.allowedToDelegateTo) {
      const host = spn.split('/')[1]?.split(':')[0]?.toLowerCase();
      const target = host ? computerByHost.get(host) : undefined;
      if (target !== undefined) edge(accountIds[i] as number, target, 'AllowedToDelegate');
    }
    for (const sid of account.allowedToActOnBehalfOf) edge(principal(sid), accountIds[i] as number, 'AllowedToAct');
  }
  for (const [i, computer] of snapshot.computers.entries()) {
    if (computer.isDomainController || !hasUacFlag(computer.userAccountControl, UAC.TRUSTED_FOR_DELEGATION)) continue;
    if (hasUacFlag(computer.userAccountControl, UAC.ACCOUNTDISABLE)) continue;
    edge(computerIds[i] as number, domainNode, 'UnconstrainedDelegation');
  }

  // AD CS: enrolment rights on an ESC1 template lead to a certificate for any account, i.e. the domain.
  for (const template of snapshot.certificateTemplates ?? []) {
    if (!template.published) continue;
    const templateNode = node(dnKey(template.distinguishedName), { kind: 'template', name: template.displayName ?? template.name, distinguishedName: template.distinguishedName, objectKey: template.objectGuid, tier0Seed: false });
    aclEdges(templateNode, 'template', template.securityDescriptor);
    // Same ESC1 template conditions as the check adcs-template-esc1 (enrolment rights come from the ACL edges).
    if (suppliesSubject(template) && issuedWithoutApproval(template) && allowsAuthentication(template)) edge(templateNode, domainNode, 'ADCSESC1');
  }

  // Everyone / Authenticated Users, and Domain Users / Computers as primary group: every account is in them.
  for (const sid of [...IMPLICIT_GROUPS, ...implicitPrimary]) {
    if (!graph.hasNode(sid) || graph.outDegree(sid) === 0) continue;
    const target = id(sid);
    const everyone = IMPLICIT_GROUPS.includes(sid as (typeof IMPLICIT_GROUPS)[number]);
    const primaryRid = sid === index.domainRidSid(RID.DOMAIN_USERS) ? RID.DOMAIN_USERS : RID.DOMAIN_COMPUTERS;
    for (const [i, account] of index.accounts.entries()) {
      if (everyone || account.primaryGroupId === primaryRid) edge(accountIds[i] as number, target, 'MemberOf');
    }
  }
  return graph;
}
