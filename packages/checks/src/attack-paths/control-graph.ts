import type { Ace, Snapshot } from '@burgwall/shared';
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
export function buildControlGraph(snapshot: Snapshot, options: ControlGraphOptions = {}, index = new SnapshotIndex(snapshot)): ControlGraph {
  const graph = new ControlGraph();
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

  for (const user of snapshot.users) {
    node(user.objectSid, { kind: 'user', name: user.sAMAccountName, distinguishedName: user.distinguishedName, objectKey: user.objectGuid, tier0Seed: tier0Sids.has(user.objectSid) || isExtra(user.objectSid, user.objectGuid, user.distinguishedName) });
  }
  for (const computer of snapshot.computers) {
    node(computer.objectSid, {
      kind: 'computer',
      name: computer.sAMAccountName,
      distinguishedName: computer.distinguishedName,
      objectKey: computer.objectGuid,
      tier0Seed: computer.isDomainController || hasUacFlag(computer.userAccountControl, UAC.SERVER_TRUST_ACCOUNT) || isExtra(computer.objectSid, computer.objectGuid, computer.distinguishedName),
    });
  }
  for (const group of snapshot.groups) {
    node(group.objectSid, { kind: 'group', name: group.sAMAccountName, distinguishedName: group.distinguishedName, objectKey: group.objectGuid, tier0Seed: tier0Sids.has(group.objectSid) || isExtra(group.objectSid, group.objectGuid, group.distinguishedName) });
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
  for (const group of snapshot.groups) {
    for (const memberDn of group.members) {
      const sid = index.sidOfDn(memberDn);
      if (sid) edge(principal(sid), id(group.objectSid), 'MemberOf');
    }
  }
  const implicitPrimary = new Set([index.domainRidSid(RID.DOMAIN_USERS), index.domainRidSid(RID.DOMAIN_COMPUTERS)]);
  for (const account of index.accounts) {
    const primary = index.domainRidSid(account.primaryGroupId);
    if (!implicitPrimary.has(primary) && graph.hasNode(primary)) edge(id(account.objectSid), id(primary), 'MemberOf');
    for (const sid of account.sidHistory) edge(id(account.objectSid), principal(sid), 'SIDHistory');
  }
  for (const group of snapshot.groups) for (const sid of group.sidHistory) edge(id(group.objectSid), principal(sid), 'SIDHistory');

  // ACLs: domain head (with DCSync), AdminSDHolder, accounts, groups, OUs, GPOs.
  aclEdges(domainNode, 'domain', domain.securityDescriptor);
  for (const trustee of dcsyncTrustees(domain.securityDescriptor?.aces ?? [])) edge(principal(trustee), domainNode, 'DCSync');
  aclEdges(adminSdHolder, 'other', snapshot.adminSdHolder);
  for (const user of snapshot.users) aclEdges(id(user.objectSid), 'user', user.securityDescriptor);
  for (const computer of snapshot.computers) aclEdges(id(computer.objectSid), 'computer', computer.securityDescriptor, { hasLaps: computer.lapsPasswordExpiry !== null });
  for (const group of snapshot.groups) aclEdges(id(group.objectSid), 'group', group.securityDescriptor);
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
    for (const user of snapshot.users) if (user.adminCount !== 1) below('user', id(user.objectSid), user.distinguishedName, 'user');
    for (const computer of snapshot.computers) if (computer.adminCount !== 1) below('computer', id(computer.objectSid), computer.distinguishedName, 'computer', { hasLaps: computer.lapsPasswordExpiry !== null });
    for (const group of snapshot.groups) if (group.adminCount !== 1) below('group', id(group.objectSid), group.distinguishedName, 'group');
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
  const containedIn = (dn: string): number | null => {
    const parent = id(dnKey(parentDn(dn)));
    return parent !== -1 && graph.kinds[parent] === 'ou' ? parent : null;
  };
  for (const ou of snapshot.organizationalUnits) {
    const parent = containedIn(ou.distinguishedName);
    if (parent !== null) edge(parent, id(dnKey(ou.distinguishedName)), 'Contains');
  }
  for (const object of [...snapshot.users, ...snapshot.computers, ...snapshot.groups]) {
    const parent = containedIn(object.distinguishedName);
    if (parent !== null && object.adminCount !== 1) edge(parent, id(object.objectSid), 'Contains');
  }

  // Delegation: constrained (to the computer behind the SPN), resource-based, unconstrained (non-DC hosts receive
  // the TGTs of DCs that authenticate to them: control of the domain).
  const computerByHost = new Map<string, number>();
  for (const computer of snapshot.computers) {
    if (computer.dnsHostName) computerByHost.set(computer.dnsHostName.toLowerCase(), id(computer.objectSid));
    computerByHost.set(computer.sAMAccountName.replace(/\$$/, '').toLowerCase(), id(computer.objectSid));
  }
  for (const account of index.accounts) {
    for (const spn of account.allowedToDelegateTo) {
      const host = spn.split('/')[1]?.split(':')[0]?.toLowerCase();
      const target = host ? computerByHost.get(host) : undefined;
      if (target !== undefined) edge(id(account.objectSid), target, 'AllowedToDelegate');
    }
    for (const sid of account.allowedToActOnBehalfOf) edge(principal(sid), id(account.objectSid), 'AllowedToAct');
  }
  for (const computer of snapshot.computers) {
    if (computer.isDomainController || !hasUacFlag(computer.userAccountControl, UAC.TRUSTED_FOR_DELEGATION)) continue;
    if (hasUacFlag(computer.userAccountControl, UAC.ACCOUNTDISABLE)) continue;
    edge(id(computer.objectSid), domainNode, 'UnconstrainedDelegation');
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
    for (const account of index.accounts) {
      const viaPrimary = sid === index.domainRidSid(account.primaryGroupId);
      if (IMPLICIT_GROUPS.includes(sid as (typeof IMPLICIT_GROUPS)[number]) || viaPrimary) edge(id(account.objectSid), id(sid), 'MemberOf');
    }
  }
  return graph;
}
