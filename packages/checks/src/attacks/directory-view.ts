/**
 * What IoA detectors know about the directory beyond the change itself: the newest snapshot's groups, so well-known
 * groups are recognised by SID (domain SID + RID, builtin S-1-5-32-*) and nested membership is followed, whatever the
 * groups are called („Domänen-Admins“, „Administratoren“ …).
 */
import { BUILTIN, RID, WELL_KNOWN_NAMES, isDnsAdmins, ridOf, tier0GroupSids } from '../snapshot-index';

export interface DirectoryGroupEntry {
  objectGuid: string;
  distinguishedName: string;
  objectSid: string;
  sAMAccountName: string;
  /** DNs of direct members. */
  members: readonly string[];
}

export interface BuiltinAccountEntry {
  objectGuid: string;
  objectSid: string;
  sAMAccountName: string;
}

/** A well-known security principal of the configuration partition (Samba adds these as group members). */
export interface WellKnownPrincipalEntry {
  distinguishedName: string;
  objectSid: string;
}

export interface Tier0Membership {
  /** The group whose member changed. */
  group: string;
  /** The Tier-0 group it is (or is nested) in. */
  tier0Group: string;
  /** True when the changed group is not itself Tier-0 but nested in one. */
  nested: boolean;
}

/** Resolves a SID that is not a group (users, computers) to its account name; null when unknown. */
export type SidResolver = (sid: string) => Promise<string | null>;


export class DirectoryView {
  readonly #byDn = new Map<string, DirectoryGroupEntry>();
  readonly #byGuid = new Map<string, DirectoryGroupEntry>();
  readonly #bySid = new Map<string, DirectoryGroupEntry>();
  /** Lower-case DN of every group that is Tier-0 or (transitively) nested in one → the Tier-0 group's name. */
  readonly #tier0Closure = new Map<string, string>();

  readonly #accountsByGuid = new Map<string, BuiltinAccountEntry>();
  readonly #wellKnownByDn = new Map<string, string>();

  constructor(
    readonly domainSid: string,
    groups: readonly DirectoryGroupEntry[],
    private readonly resolveSid: SidResolver = () => Promise.resolve(null),
    /** Built-in accounts (RID < 1000: Administrator, Guest, krbtgt), to recognise them by SID. */
    builtinAccounts: readonly BuiltinAccountEntry[] = [],
    wellKnownPrincipals: readonly WellKnownPrincipalEntry[] = [],
  ) {
    for (const principal of wellKnownPrincipals) this.#wellKnownByDn.set(principal.distinguishedName.toLowerCase(), principal.objectSid.toUpperCase());
    for (const account of builtinAccounts) this.#accountsByGuid.set(account.objectGuid.toLowerCase(), account);
    for (const group of groups) {
      this.#byDn.set(group.distinguishedName.toLowerCase(), group);
      this.#byGuid.set(group.objectGuid.toLowerCase(), group);
      this.#bySid.set(group.objectSid.toUpperCase(), group);
    }
    const roots = [...tier0GroupSids(domainSid), `${domainSid}-${RID.GROUP_POLICY_CREATOR_OWNERS}`]
      .map((sid) => this.#bySid.get(sid.toUpperCase()))
      .filter((group): group is DirectoryGroupEntry => !!group);
    roots.push(...groups.filter(isDnsAdmins));
    for (const root of roots) this.#markNested(root, root.sAMAccountName);
  }

  /** Breadth-first over member groups: each reached group is in `tier0Name` (first Tier-0 root wins). */
  #markNested(root: DirectoryGroupEntry, tier0Name: string): void {
    const queue = [root];
    while (queue.length > 0) {
      const group = queue.shift() as DirectoryGroupEntry;
      const key = group.distinguishedName.toLowerCase();
      if (this.#tier0Closure.has(key) && group !== root) continue;
      if (!this.#tier0Closure.has(key)) this.#tier0Closure.set(key, tier0Name);
      for (const memberDn of group.members) {
        const member = this.#byDn.get(memberDn.toLowerCase());
        if (member && !this.#tier0Closure.has(member.distinguishedName.toLowerCase())) queue.push(member);
      }
    }
  }

  /** The group of a change, by objectGUID (survives renames) or DN. */
  group(objectGuid: string, distinguishedName: string): DirectoryGroupEntry | undefined {
    return this.#byGuid.get(objectGuid.toLowerCase()) ?? this.#byDn.get(distinguishedName.toLowerCase());
  }

  /** Whether a change on this group changes Tier-0 membership (directly or through nesting). */
  tier0Membership(objectGuid: string, distinguishedName: string): Tier0Membership | null {
    const group = this.group(objectGuid, distinguishedName);
    if (!group) return null;
    const tier0Group = this.#tier0Closure.get(group.distinguishedName.toLowerCase());
    if (!tier0Group) return null;
    return { group: group.sAMAccountName, tier0Group, nested: tier0Group !== group.sAMAccountName };
  }

  /** The domain RID of a built-in account by its objectGUID (501 for Guest …), null when not one. */
  builtinAccountRid(objectGuid: string): number | null {
    const account = this.#accountsByGuid.get(objectGuid.toLowerCase());
    return account ? ridOf(account.objectSid) : null;
  }

  /** Whether the group is the builtin Pre-Windows 2000 Compatible Access group (S-1-5-32-554). */
  isPreWindows2000(objectGuid: string, distinguishedName: string): boolean {
    return this.group(objectGuid, distinguishedName)?.objectSid === BUILTIN.PRE_WIN2000;
  }

  /** Display name of a SID: group or account name, German name of a well-known SID, else the SID itself. */
  async nameOfSid(sid: string): Promise<string> {
    const upper = sid.toUpperCase();
    const group = this.#bySid.get(upper);
    if (group) return group.sAMAccountName;
    if (WELL_KNOWN_NAMES[upper]) return WELL_KNOWN_NAMES[upper];
    return (await this.resolveSid(upper)) ?? sid;
  }

  /**
   * The SID of a member DN when it is a group, a foreign security principal (CN=<SID>,CN=ForeignSecurityPrincipals,…,
   * as Windows adds well-known SIDs) or a well-known principal of the configuration partition (as Samba adds them).
   */
  memberSid(distinguishedName: string): string | null {
    const key = distinguishedName.toLowerCase();
    const group = this.#byDn.get(key);
    if (group) return group.objectSid.toUpperCase();
    const foreign = /^CN=(S-1-[\d-]+),CN=ForeignSecurityPrincipals,/i.exec(distinguishedName)?.[1];
    return foreign?.toUpperCase() ?? this.#wellKnownByDn.get(key) ?? null;
  }

  /** The account name of a member DN when it is a known group, the German name of a well-known SID, else its common name. */
  memberName(distinguishedName: string): string {
    const group = this.#byDn.get(distinguishedName.toLowerCase());
    if (group) return group.sAMAccountName;
    const wellKnown = WELL_KNOWN_NAMES[this.memberSid(distinguishedName) ?? ''];
    if (wellKnown) return wellKnown;
    const first = distinguishedName.split(/(?<!\\),/)[0] ?? distinguishedName;
    return first.replace(/^[a-z]+=/i, '').replace(/\\,/g, ',');
  }
}
