import { Control } from 'ldapts';
import type { LdapEntry } from '../ldap/ldap-entry';
import type { LdapSession } from '../ldap/ldap-session';
import { SdFlagsControl } from '../ldap/sd-flags-control';
import * as A from './attributes';

export interface RootDse {
  defaultNamingContext: string;
  configurationNamingContext: string;
  highestCommittedUsn: number;
  domainFunctionality: number;
  forestFunctionality: number;
}

/** Raw entries of one read, grouped the way the snapshot and the change tracker need them. */
export interface DirectoryRead {
  rootDse: RootDse;
  domain: LdapEntry | null;
  users: LdapEntry[];
  computers: LdapEntry[];
  groups: LdapEntry[];
  organizationalUnits: LdapEntry[];
  gpos: LdapEntry[];
  trusts: LdapEntry[];
  passwordSettings: LdapEntry[];
  adminSdHolder: LdapEntry | null;
  /** DN -> security descriptor entry of privileged accounts (adminCount=1). */
  privilegedAcls: Map<string, LdapEntry>;
  /** Only in full reads: dSHeuristics and the NetBIOS name live in the configuration partition. */
  dsHeuristics: string | null;
  netbiosName: string | null;
}

export async function readRootDse(session: LdapSession): Promise<RootDse> {
  const entry = await session.read('', [
    'defaultNamingContext',
    'configurationNamingContext',
    'highestCommittedUSN',
    'domainFunctionality',
    'forestFunctionality',
  ]);
  const defaultNamingContext = entry?.string('defaultNamingContext');
  if (!entry || !defaultNamingContext) throw new Error('RootDSE ohne defaultNamingContext – ist das ein Domain Controller?');
  return {
    defaultNamingContext,
    configurationNamingContext: entry.string('configurationNamingContext') ?? `CN=Configuration,${defaultNamingContext}`,
    highestCommittedUsn: entry.int('highestCommittedUSN') ?? 0,
    domainFunctionality: entry.int('domainFunctionality') ?? 0,
    forestFunctionality: entry.int('forestFunctionality') ?? 0,
  };
}

/**
 * Reads everything the snapshot needs. With `sinceUsn`, only objects whose uSNChanged is greater
 * (incremental read for change tracking; the configuration partition is skipped then).
 */
export async function readDirectory(session: LdapSession, options: { sinceUsn?: number; rootDse?: RootDse } = {}): Promise<DirectoryRead> {
  const rootDse = options.rootDse ?? (await readRootDse(session));
  const base = rootDse.defaultNamingContext;
  const since = options.sinceUsn;
  const filter = (classFilter: string) => (since === undefined ? classFilter : `(&${classFilter}(uSNChanged>=${since + 1}))`);
  const sub = (classFilter: string, attributes: readonly string[], searchBase = base) =>
    session.search({ base: searchBase, scope: 'sub', filter: filter(classFilter), attributes, binaryAttributes: A.BINARY_ATTRIBUTES });
  const sd = [new SdFlagsControl()];
  const system = `CN=System,${base}`;

  const [domainEntries, users, computers, groups, organizationalUnits, gpos, trusts, passwordSettings, adminSdHolder, privileged] =
    await Promise.all([
      session.search({
        base,
        scope: 'base',
        filter: filter('(objectClass=*)'),
        attributes: A.DOMAIN_ATTRIBUTES,
        binaryAttributes: A.BINARY_ATTRIBUTES,
        controls: sd,
      }),
      sub('(&(objectClass=user)(!(objectClass=computer)))', A.USER_ATTRIBUTES),
      sub('(objectClass=computer)', A.COMPUTER_ATTRIBUTES),
      sub('(objectClass=group)', A.GROUP_ATTRIBUTES),
      sub('(objectClass=organizationalUnit)', A.OU_ATTRIBUTES),
      sub('(objectClass=groupPolicyContainer)', A.GPO_ATTRIBUTES, `CN=Policies,${system}`),
      sub('(objectClass=trustedDomain)', A.TRUST_ATTRIBUTES, system),
      sub('(objectClass=msDS-PasswordSettings)', A.PSO_ATTRIBUTES, system),
      session.search({
        base: `CN=AdminSDHolder,${system}`,
        scope: 'base',
        filter: filter('(objectClass=*)'),
        attributes: A.ADMIN_SD_HOLDER_ATTRIBUTES,
        binaryAttributes: A.BINARY_ATTRIBUTES,
        controls: sd,
      }).catch(notFoundAsEmpty),
      session.search({
        base,
        scope: 'sub',
        filter: filter('(&(objectClass=user)(adminCount=1))'),
        attributes: ['nTSecurityDescriptor'],
        binaryAttributes: ['nTSecurityDescriptor'],
        controls: sd,
      }),
    ]);

  let dsHeuristics: string | null = null;
  let netbiosName: string | null = null;
  if (since === undefined) {
    const config = rootDse.configurationNamingContext;
    const [directoryService, partitions] = await Promise.all([
      session.read(`CN=Directory Service,CN=Windows NT,CN=Services,${config}`, ['dSHeuristics']),
      session.search({ base: `CN=Partitions,${config}`, scope: 'one', filter: `(&(objectClass=crossRef)(nCName=${escapeFilterValue(base)}))`, attributes: ['nETBIOSName'] }),
    ]);
    dsHeuristics = directoryService?.string('dSHeuristics') ?? null;
    netbiosName = partitions[0]?.string('nETBIOSName') ?? null;
  }

  return {
    rootDse,
    domain: domainEntries[0] ?? null,
    users,
    computers,
    groups,
    organizationalUnits,
    gpos,
    trusts,
    passwordSettings,
    adminSdHolder: adminSdHolder[0] ?? null,
    privilegedAcls: new Map(privileged.map((entry) => [entry.dn.toLowerCase(), entry])),
    dsHeuristics,
    netbiosName,
  };
}

function notFoundAsEmpty(error: unknown): LdapEntry[] {
  if (error instanceof Error && error.name === 'NoSuchObjectError') return [];
  throw error;
}

/** RFC 4515 escaping for a value inside a filter. */
export function escapeFilterValue(value: string): string {
  return value.replace(/[\\*()\0]/g, (char) => `\\${char.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** LDAP_SERVER_SHOW_DELETED_OID: deleted objects (tombstones) are visible only with this control. */
class ShowDeletedControl extends Control {
  constructor() {
    super('1.2.840.113556.1.4.417', { critical: true });
  }
}

/** Objects deleted since the given USN (tombstones keep their objectGUID). */
export async function readDeletedSince(session: LdapSession, base: string, sinceUsn: number): Promise<LdapEntry[]> {
  return session.search({
    base,
    scope: 'sub',
    filter: `(&(isDeleted=TRUE)(uSNChanged>=${sinceUsn + 1}))`,
    attributes: ['objectGUID', 'uSNChanged', 'whenChanged'],
    binaryAttributes: ['objectGUID'],
    controls: [new ShowDeletedControl()],
  });
}
