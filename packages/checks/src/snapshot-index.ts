/**
 * Lookups every check needs (objects by DN and SID, transitive group members,
 * Tier-0 membership), built once per snapshot and cached, so 37 checks over a
 * million objects stay linear.
 */
import type { DirectoryComputer, DirectoryGroup, DirectoryUser, Snapshot } from '@burgwall/shared';
import { UAC, hasUacFlag } from '@burgwall/shared';

export type Account = DirectoryUser | DirectoryComputer;

export type IndexedObject =
  | { kind: 'user'; object: DirectoryUser }
  | { kind: 'computer'; object: DirectoryComputer }
  | { kind: 'group'; object: DirectoryGroup };

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
  readonly #bySid = new Map<string, IndexedObject>();
  readonly #primaryMembers = new Map<number, Account[]>();
  readonly #transitive = new Map<string, Account[]>();
  #privileged: Map<string, PrivilegedMembership> | null = null;

  constructor(readonly snapshot: Snapshot) {
    this.domainSid = snapshot.domain.objectSid;
    for (const object of snapshot.users) this.#add({ kind: 'user', object });
    for (const object of snapshot.computers) this.#add({ kind: 'computer', object });
    for (const object of snapshot.groups) this.#add({ kind: 'group', object });
  }

  #add(entry: IndexedObject): void {
    this.#byDn.set(entry.object.distinguishedName, entry);
    this.#bySid.set(entry.object.objectSid, entry);
    if (entry.kind !== 'group') {
      const rid = entry.object.primaryGroupId;
      // Domain Users / Computers hold nearly everyone; no check needs their primary members.
      if (rid !== RID.DOMAIN_USERS && rid !== RID.DOMAIN_COMPUTERS) {
        const list = this.#primaryMembers.get(rid) ?? [];
        list.push(entry.object);
        this.#primaryMembers.set(rid, list);
      }
    }
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
    const entry = this.#bySid.get(this.domainRidSid(rid));
    return entry && entry.kind !== 'group' ? entry.object : undefined;
  }

  /** Users and computers in one array (built once). */
  get accounts(): readonly Account[] {
    this.#accounts ??= [...this.snapshot.users, ...this.snapshot.computers];
    return this.#accounts;
  }
  #accounts: Account[] | null = null;

  bySid(sid: string): IndexedObject | undefined {
    return this.#bySid.get(sid);
  }

  domainRidSid(rid: number): string {
    return `${this.domainSid}-${rid}`;
  }

  /** A group by full SID, or by domain RID. */
  group(sidOrRid: string | number): DirectoryGroup | undefined {
    const sid = typeof sidOrRid === 'number' ? this.domainRidSid(sidOrRid) : sidOrRid;
    const entry = this.#bySid.get(sid);
    return entry?.kind === 'group' ? entry.object : undefined;
  }

  groupByName(sAMAccountName: string): DirectoryGroup | undefined {
    const wanted = sAMAccountName.toLowerCase();
    return this.snapshot.groups.find((group) => group.sAMAccountName.toLowerCase() === wanted);
  }

  /** Users and computers that are members through nesting or their primaryGroupID. */
  transitiveMembers(group: DirectoryGroup): Account[] {
    const cached = this.#transitive.get(group.objectSid);
    if (cached) return cached;
    const result = new Map<string, Account>();
    const seenGroups = new Set<string>([group.distinguishedName.toLowerCase()]);
    const queue: DirectoryGroup[] = [group];
    while (queue.length > 0) {
      const current = queue.pop() as DirectoryGroup;
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

  /** Tier-0 groups present in this snapshot. */
  tier0Groups(): DirectoryGroup[] {
    const sids = [
      RID.DOMAIN_ADMINS,
      RID.SCHEMA_ADMINS,
      RID.ENTERPRISE_ADMINS,
      RID.KEY_ADMINS,
      RID.ENTERPRISE_KEY_ADMINS,
    ].map((rid) => this.domainRidSid(rid));
    sids.push(
      BUILTIN.ADMINISTRATORS,
      BUILTIN.ACCOUNT_OPERATORS,
      BUILTIN.SERVER_OPERATORS,
      BUILTIN.PRINT_OPERATORS,
      BUILTIN.BACKUP_OPERATORS,
    );
    const groups = sids.map((sid) => this.group(sid)).filter((group): group is DirectoryGroup => !!group);
    const dnsAdmins = this.groupByName('DnsAdmins');
    if (dnsAdmins) groups.push(dnsAdmins);
    return groups;
  }

  /** Every user or computer in a Tier-0 group (domain controllers excluded), keyed by DN. */
  privileged(): Map<string, PrivilegedMembership> {
    if (this.#privileged) return this.#privileged;
    const map = new Map<string, PrivilegedMembership>();
    for (const group of this.tier0Groups()) {
      for (const account of this.transitiveMembers(group)) {
        if ('isDomainController' in account && account.isDomainController) continue;
        const entry = map.get(account.distinguishedName) ?? {
          account,
          kind: 'isDomainController' in account ? ('computer' as const) : ('user' as const),
          groups: [],
        };
        entry.groups.push(group.name || group.sAMAccountName);
        map.set(account.distinguishedName, entry);
      }
    }
    this.#privileged = map;
    return map;
  }

  privilegedUsers(): Array<{ user: DirectoryUser; groups: string[] }> {
    const result: Array<{ user: DirectoryUser; groups: string[] }> = [];
    for (const entry of this.privileged().values()) {
      if (entry.kind === 'user') result.push({ user: entry.account as DirectoryUser, groups: entry.groups });
    }
    return result;
  }

  isPrivileged(account: Account): boolean {
    return this.privileged().has(account.distinguishedName);
  }

  domainControllers(): DirectoryComputer[] {
    return this.snapshot.computers.filter(isDomainController);
  }

  nameOfSid(sid: string): string {
    const entry = this.#bySid.get(sid);
    if (entry) return entry.object.sAMAccountName;
    return WELL_KNOWN_NAMES[sid] ?? sid;
  }
}

const WELL_KNOWN_NAMES: Record<string, string> = {
  'S-1-1-0': 'Jeder',
  'S-1-5-7': 'Anonymous-Anmeldung',
  'S-1-5-11': 'Authentifizierte Benutzer',
  'S-1-5-9': 'Domänencontroller der Organisation',
  'S-1-5-10': 'SELBST',
  'S-1-5-18': 'SYSTEM',
};

export function isDomainController(computer: DirectoryComputer): boolean {
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
    lastNowMs = Date.parse(now);
  }
  return Math.floor((lastNowMs - Date.parse(timestamp)) / 86_400_000);
}

export function ridOf(sid: string): number {
  return Number(sid.slice(sid.lastIndexOf('-') + 1));
}

const cache = new WeakMap<Snapshot, SnapshotIndex>();

/** The (cached) index of a snapshot. */
export function indexSnapshot(snapshot: Snapshot): SnapshotIndex {
  let index = cache.get(snapshot);
  if (!index) {
    index = new SnapshotIndex(snapshot);
    cache.set(snapshot, index);
  }
  return index;
}
