/**
 * Lookups every check needs (objects by DN and SID, transitive group members,
 * Tier-0 membership), built once per snapshot and cached, so 37 checks over a
 * million objects stay linear.
 */
import type { CheckComputer, CheckGroup, CheckUser, CheckSnapshot } from './check-snapshot';
import { UAC, hasUacFlag } from '@burgwall/shared';
import { parseTimestamp } from './iso-time';

export type Account = CheckUser | CheckComputer;

export type IndexedObject =
  | { kind: 'user'; object: CheckUser }
  | { kind: 'computer'; object: CheckComputer }
  | { kind: 'group'; object: CheckGroup };

/** Domain-relative RIDs of Tier-0 groups (CHECKS.md §2.1). */
export const RID = {
  ADMINISTRATOR: 500,
  GUEST: 501,
  KRBTGT: 502,
  DOMAIN_ADMINS: 512,
  DOMAIN_USERS: 513,
  DOMAIN_GUESTS: 514,
  DOMAIN_COMPUTERS: 515,
  DOMAIN_CONTROLLERS: 516,
  CERT_PUBLISHERS: 517,
  SCHEMA_ADMINS: 518,
  ENTERPRISE_ADMINS: 519,
  GROUP_POLICY_CREATOR_OWNERS: 520,
  READONLY_DCS: 521,
  PROTECTED_USERS: 525,
  KEY_ADMINS: 526,
  ENTERPRISE_KEY_ADMINS: 527,
  ALLOWED_RODC_PRG: 571,
  DENIED_RODC_PRG: 572,
} as const;

export const BUILTIN = {
  ADMINISTRATORS: 'S-1-5-32-544',
  ACCOUNT_OPERATORS: 'S-1-5-32-548',
  SERVER_OPERATORS: 'S-1-5-32-549',
  PRINT_OPERATORS: 'S-1-5-32-550',
  BACKUP_OPERATORS: 'S-1-5-32-551',
  PRE_WIN2000: 'S-1-5-32-554',
} as const;

export const WELL_KNOWN = {
  EVERYONE: 'S-1-1-0',
  ANONYMOUS: 'S-1-5-7',
  AUTHENTICATED_USERS: 'S-1-5-11',
  ENTERPRISE_DCS: 'S-1-5-9',
  SELF: 'S-1-5-10',
  SYSTEM: 'S-1-5-18',
  ENTERPRISE_RODCS_RID: 498,
} as const;

/**
 * SIDs of the Tier-0 groups (CHECKS.md §2.1): DA, SA, EA, (Enterprise) Key Admins and the builtin admin and operator
 * groups. Identified by SID only: German domains call them „Domänen-Admins“, „Administratoren“ …
 */
export function tier0GroupSids(domainSid: string): string[] {
  return [
    ...[RID.DOMAIN_ADMINS, RID.SCHEMA_ADMINS, RID.ENTERPRISE_ADMINS, RID.KEY_ADMINS, RID.ENTERPRISE_KEY_ADMINS].map((rid) => `${domainSid}-${rid}`),
    BUILTIN.ADMINISTRATORS,
    BUILTIN.ACCOUNT_OPERATORS,
    BUILTIN.SERVER_OPERATORS,
    BUILTIN.PRINT_OPERATORS,
    BUILTIN.BACKUP_OPERATORS,
  ];
}

/**
 * DnsAdmins is created by the DNS role with a RID ≥ 1000 that differs per domain, so its account name is the only
 * identifier LDAP offers; Windows does not localise it (it is „DnsAdmins“ on German servers too).
 */
export function isDnsAdmins(group: { sAMAccountName: string; objectSid: string }): boolean {
  return group.sAMAccountName.toLowerCase() === 'dnsadmins' && ridOf(group.objectSid) >= 1000;
}

export interface PrivilegedMembership {
  account: Account;
  kind: 'user' | 'computer';
  /** Names of the Tier-0 groups the account is (transitively) in. */
  groups: string[];
}

export class SnapshotIndex {
  readonly domainSid: string;
  readonly #byDn = new Map<string, IndexedObject>();
  /** Lower-case DN map, built only if an exact lookup misses (DN case from AD is normally consistent). */
  #byLowerDn: Map<string, IndexedObject> | null = null;
  /** Groups by SID, built eagerly (few). Accounts by SID are built only when a lookup misses the groups. */
  readonly #groupsBySid = new Map<string, IndexedObject>();
  #accountsBySid: Map<string, IndexedObject> | null = null;
  readonly #primaryMembers = new Map<number, Account[]>();
  readonly #transitive = new Map<string, Account[]>();
  #privileged: Map<string, PrivilegedMembership> | null = null;

  constructor(readonly snapshot: CheckSnapshot) {
    this.domainSid = snapshot.domain.objectSid;
    // Insertion order users → computers → groups: on a (broken) duplicate DN or SID the group wins, as it always did.
    for (const object of snapshot.users) this.#addAccount({ kind: 'user', object });
    for (const object of snapshot.computers) this.#addAccount({ kind: 'computer', object });
    for (const object of snapshot.groups) {
      const entry: IndexedObject = { kind: 'group', object };
      this.#byDn.set(object.distinguishedName, entry);
      this.#groupsBySid.set(object.objectSid, entry);
    }
  }

  #addAccount(entry: IndexedObject & { kind: 'user' | 'computer' }): void {
    this.#byDn.set(entry.object.distinguishedName, entry);
    const rid = entry.object.primaryGroupId;
    // Domain Users / Computers hold nearly everyone; no check needs their primary members.
    if (rid !== RID.DOMAIN_USERS && rid !== RID.DOMAIN_COMPUTERS) {
      const list = this.#primaryMembers.get(rid);
      if (list) list.push(entry.object);
      else this.#primaryMembers.set(rid, [entry.object]);
    }
  }

  /** The DN map's entry of an account (reused, no allocation), or a new one if a duplicate DN displaced it. */
  #entryOf(object: Account, kind: 'user' | 'computer'): IndexedObject {
    const entry = this.#byDn.get(object.distinguishedName);
    if (entry && entry.object === object) return entry;
    return kind === 'user' ? { kind, object: object as CheckUser } : { kind, object: object as CheckComputer };
  }

  /** Users and computers by SID (computers win over users on a duplicate, as in the original single map). */
  #accountBySid(sid: string): IndexedObject | undefined {
    if (!this.#accountsBySid) {
      const map = new Map<string, IndexedObject>();
      for (const object of this.snapshot.users) map.set(object.objectSid, this.#entryOf(object, 'user'));
      for (const object of this.snapshot.computers) map.set(object.objectSid, this.#entryOf(object, 'computer'));
      this.#accountsBySid = map;
    }
    return this.#accountsBySid.get(sid);
  }

  byDn(dn: string): IndexedObject | undefined {
    const exact = this.#byDn.get(dn);
    if (exact) return exact;
    if (!this.#byLowerDn) {
      this.#byLowerDn = new Map();
      for (const [key, entry] of this.#byDn) this.#byLowerDn.set(key.toLowerCase(), entry);
    }
    return this.#byLowerDn.get(dn.toLowerCase());
  }

  /** The account with a domain RID (Administrator 500, Guest 501, krbtgt 502). */
  accountByRid(rid: number): Account | undefined {
    const sid = this.domainRidSid(rid);
    if (this.#groupsBySid.has(sid)) return undefined;
    if (this.#accountsBySid || rid >= 1000) return this.#accountBySid(sid)?.object as Account | undefined;
    if (!this.#builtinAccounts) {
      // Built-in accounts have RIDs below 1000; collecting only those avoids a SID map of every account.
      const map = new Map<string, Account>();
      for (const list of [this.snapshot.users, this.snapshot.computers]) {
        for (const account of list) {
          const sidText = account.objectSid;
          if (sidText.length - sidText.lastIndexOf('-') <= 4) map.set(sidText, account);
        }
      }
      this.#builtinAccounts = map;
    }
    return this.#builtinAccounts.get(sid);
  }
  #builtinAccounts: Map<string, Account> | null = null;

  /** Users and computers in one array (built once). */
  get accounts(): readonly Account[] {
    this.#accounts ??= [...this.snapshot.users, ...this.snapshot.computers];
    return this.#accounts;
  }
  #accounts: Account[] | null = null;

  bySid(sid: string): IndexedObject | undefined {
    return this.#groupsBySid.get(sid) ?? this.#accountBySid(sid);
  }

  domainRidSid(rid: number): string {
    return `${this.domainSid}-${rid}`;
  }

  /** A group by full SID, or by domain RID. */
  group(sidOrRid: string | number): CheckGroup | undefined {
    const sid = typeof sidOrRid === 'number' ? this.domainRidSid(sidOrRid) : sidOrRid;
    const entry = this.#groupsBySid.get(sid);
    return entry?.kind === 'group' ? entry.object : undefined;
  }

  /** Users and computers that are members through nesting or their primaryGroupID. */
  transitiveMembers(group: CheckGroup): Account[] {
    const cached = this.#transitive.get(group.objectSid);
    if (cached) return cached;
    const result = new Map<string, Account>();
    const seenGroups = new Set<string>([group.distinguishedName.toLowerCase()]);
    const queue: CheckGroup[] = [group];
    while (queue.length > 0) {
      const current = queue.pop() as CheckGroup;
      const rid = Number(current.objectSid.split('-').pop());
      if (current.objectSid.startsWith(this.domainSid + '-')) {
        for (const account of this.#primaryMembers.get(rid) ?? []) result.set(account.distinguishedName, account);
      }
      for (const memberDn of current.members) {
        const member = this.byDn(memberDn);
        if (!member) continue;
        if (member.kind === 'group') {
          const key = member.object.distinguishedName.toLowerCase();
          if (!seenGroups.has(key)) {
            seenGroups.add(key);
            queue.push(member.object);
          }
        } else {
          result.set(member.object.distinguishedName, member.object);
        }
      }
    }
    const members = [...result.values()];
    this.#transitive.set(group.objectSid, members);
    return members;
  }

  /** Tier-0 groups present in this snapshot (by SID; DnsAdmins has no fixed RID, see `isDnsAdmins`). */
  tier0Groups(): CheckGroup[] {
    const groups = tier0GroupSids(this.domainSid)
      .map((sid) => this.group(sid))
      .filter((group): group is CheckGroup => !!group);
    const dnsAdmins = this.snapshot.groups.find(isDnsAdmins);
    if (dnsAdmins) groups.push(dnsAdmins);
    return groups;
  }

  /** Every user or computer in a Tier-0 group (domain controllers excluded), keyed by DN. */
  privileged(): Map<string, PrivilegedMembership> {
    if (this.#privileged) return this.#privileged;
    const map = new Map<string, PrivilegedMembership>();
    const add = (account: Account, label: string) => {
      if ('isDomainController' in account && account.isDomainController) return;
      const entry = map.get(account.distinguishedName) ?? {
        account,
        kind: 'isDomainController' in account ? ('computer' as const) : ('user' as const),
        groups: [],
      };
      if (!entry.groups.includes(label)) entry.groups.push(label);
      map.set(account.distinguishedName, entry);
    };
    for (const group of this.tier0Groups()) {
      for (const account of this.transitiveMembers(group)) add(account, group.name || group.sAMAccountName);
    }
    // A privileged SID in sIDHistory grants the same rights as the original: its holder (or the holder group's
    // members) is privileged everywhere the index is used.
    for (const principal of [...this.snapshot.users, ...this.snapshot.computers, ...this.snapshot.groups]) {
      if (principal.sidHistory.length === 0) continue;
      const sids = this.privilegedSidHistory(principal);
      if (sids.length === 0) continue;
      const label = `sIDHistory: ${sids.map((sid) => this.nameOfSid(sid)).join(', ')}`;
      if ('groupType' in principal) for (const account of this.transitiveMembers(principal)) add(account, label);
      else add(principal, label);
    }
    this.#privileged = map;
    return map;
  }

  /**
   * SIDs in a principal's sIDHistory that carry Tier-0 rights: this domain's Tier-0 groups, Administrator, krbtgt,
   * (read-only) domain controllers and members of Tier-0 groups; builtin admin groups; and the privileged RIDs of any
   * domain (500, 512, 516, 518, 519).
   */
  privilegedSidHistory(principal: { sidHistory: readonly string[] }): string[] {
    if (!this.#privilegedSids) {
      const sids = new Set(tier0GroupSids(this.domainSid));
      for (const group of this.tier0Groups()) {
        sids.add(group.objectSid);
        for (const account of this.transitiveMembers(group)) sids.add(account.objectSid);
      }
      for (const rid of [RID.ADMINISTRATOR, RID.KRBTGT, RID.DOMAIN_CONTROLLERS, RID.READONLY_DCS, RID.GROUP_POLICY_CREATOR_OWNERS]) sids.add(this.domainRidSid(rid));
      this.#privilegedSids = sids;
    }
    const known = this.#privilegedSids;
    return principal.sidHistory.filter((sid) => known.has(sid) || PRIVILEGED_RIDS_ANY_DOMAIN.has(ridOf(sid)));
  }
  #privilegedSids: Set<string> | null = null;

  privilegedUsers(): Array<{ user: CheckUser; groups: string[] }> {
    const result: Array<{ user: CheckUser; groups: string[] }> = [];
    for (const entry of this.privileged().values()) {
      if (entry.kind === 'user') result.push({ user: entry.account as CheckUser, groups: entry.groups });
    }
    return result;
  }

  isPrivileged(account: Account): boolean {
    return this.privileged().has(account.distinguishedName);
  }

  domainControllers(): CheckComputer[] {
    return this.snapshot.computers.filter(isDomainController);
  }

  nameOfSid(sid: string): string {
    const entry = this.bySid(sid);
    if (entry) return entry.object.sAMAccountName;
    return WELL_KNOWN_NAMES[sid] ?? sid;
  }

  /**
   * The SID behind a member DN: a collected object, a foreign security principal (CN=<SID>,CN=ForeignSecurityPrincipals,
   * as Windows adds Anonymous Logon or Everyone) or a well-known security principal of the configuration partition
   * (CN=Anonymous Logon,CN=WellKnown Security Principals,…, as Samba adds them); null when unknown.
   */
  sidOfDn(dn: string): string | null {
    const entry = this.byDn(dn);
    if (entry) return entry.object.objectSid;
    const foreign = FOREIGN_SID.exec(dn)?.[1];
    if (foreign) return foreign.toUpperCase();
    this.#wellKnownByDn ??= new Map((this.snapshot.wellKnownPrincipals ?? []).map((principal) => [principal.distinguishedName.toLowerCase(), principal.objectSid]));
    return this.#wellKnownByDn.get(dn.toLowerCase()) ?? null;
  }
  #wellKnownByDn: Map<string, string> | null = null;
}

const FOREIGN_SID = /^CN=(S-1-[\d-]+),CN=ForeignSecurityPrincipals,/i;

/** RIDs that are privileged in any domain (a foreign domain's Domain Admins in sIDHistory is just as dangerous). */
const PRIVILEGED_RIDS_ANY_DOMAIN = new Set([500, 512, 516, 518, 519]);

export const WELL_KNOWN_NAMES: Record<string, string> = {
  'S-1-1-0': 'Jeder',
  'S-1-5-7': 'Anonymous-Anmeldung',
  'S-1-5-11': 'Authentifizierte Benutzer',
  'S-1-5-9': 'Domänencontroller der Organisation',
  'S-1-5-10': 'SELBST',
  'S-1-5-18': 'SYSTEM',
};

export function isDomainController(computer: CheckComputer): boolean {
  return (
    computer.isDomainController ||
    computer.isReadOnlyDomainController ||
    hasUacFlag(computer.userAccountControl, UAC.SERVER_TRUST_ACCOUNT) ||
    hasUacFlag(computer.userAccountControl, UAC.PARTIAL_SECRETS_ACCOUNT) ||
    computer.primaryGroupId === RID.DOMAIN_CONTROLLERS ||
    computer.primaryGroupId === RID.READONLY_DCS
  );
}

export function isEnabled(account: Account): boolean {
  return !hasUacFlag(account.userAccountControl, UAC.ACCOUNTDISABLE);
}

/** Whole days from an ISO timestamp to the snapshot time; null when the timestamp is empty. */
let lastNow = '';
let lastNowMs = 0;

export function ageInDays(timestamp: string | null, now: string): number | null {
  if (!timestamp) return null;
  // Checks call this once per object with the same snapshot time: parse it once.
  if (now !== lastNow) {
    lastNow = now;
    lastNowMs = parseTimestamp(now);
  }
  return Math.floor((lastNowMs - parseTimestamp(timestamp)) / 86_400_000);
}

export function ridOf(sid: string): number {
  return Number(sid.slice(sid.lastIndexOf('-') + 1));
}

const cache = new WeakMap<CheckSnapshot, SnapshotIndex>();

/** The (cached) index of a snapshot. */
export function indexSnapshot(snapshot: CheckSnapshot): SnapshotIndex {
  let index = cache.get(snapshot);
  if (!index) {
    index = new SnapshotIndex(snapshot);
    cache.set(snapshot, index);
  }
  return index;
}
