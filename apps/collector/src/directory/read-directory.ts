import { Control } from 'ldapts';
import type { LdapEntry } from '../ldap/ldap-entry';
import type { LdapSession } from '../ldap/ldap-session';
import { SdFlagsControl } from '../ldap/sd-flags-control';
import * as A from './attributes';

export interface RootDse {
  defaultNamingContext: string;
  configurationNamingContext: string;
  schemaNamingContext: string;
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
  /** ACLs of accounts and groups with adminCount = 1, by lower-case DN. */
  privilegedAcls: Map<string, LdapEntry>;
  /** ACLs of every account, group and OU, by lower-case DN. */
  objectAcls: Map<string, LdapEntry>;
  /** CN=Directory Service in the configuration partition (dSHeuristics); null if unchanged in an incremental read. */
  directoryService: LdapEntry | null;
  dsHeuristics: string | null;
  /** Only in full reads (the crossRef of the domain). */
  netbiosName: string | null;
  /** Only in full reads: AD CS templates, the template names enterprise CAs publish, optional features, LAPS schema. */
  certificateTemplates: LdapEntry[];
  publishedTemplateNames: Set<string>;
  /** Enterprise CAs (pKIEnrollmentService) and issuance policies (msPKI-Enterprise-Oid with a group link). */
  enrollmentServices: LdapEntry[];
  issuancePolicies: LdapEntry[];
  recycleBinEnabled: boolean | undefined;
  lapsSchema: { legacy: boolean; windows: boolean } | undefined;
  /** Only in full reads: CN=WellKnown Security Principals (member DNs → SIDs). */
  wellKnownPrincipals: LdapEntry[];
}

export async function readRootDse(session: LdapSession): Promise<RootDse> {
  const entry = await session.read('', [
    'defaultNamingContext',
    'configurationNamingContext',
    'schemaNamingContext',
    'highestCommittedUSN',
    'domainFunctionality',
    'forestFunctionality',
  ]);
  const defaultNamingContext = entry?.string('defaultNamingContext');
  if (!entry || !defaultNamingContext) throw new Error('RootDSE ohne defaultNamingContext – ist das ein Domain Controller?');
  return {
    defaultNamingContext,
    configurationNamingContext: entry.string('configurationNamingContext') ?? `CN=Configuration,${defaultNamingContext}`,
    schemaNamingContext: entry.string('schemaNamingContext') ?? `CN=Schema,CN=Configuration,${defaultNamingContext}`,
    highestCommittedUsn: entry.int('highestCommittedUSN') ?? 0,
    domainFunctionality: entry.int('domainFunctionality') ?? 0,
    forestFunctionality: entry.int('forestFunctionality') ?? 0,
  };
}

/**
 * Reads everything the snapshot needs. With `sinceUsn`, only objects whose uSNChanged is greater
 * (incremental read for change tracking; the configuration partition is skipped then).
 */
export interface ReadDirectoryOptions {
  sinceUsn?: number;
  rootDse?: RootDse;
  /**
   * Called as soon as the (small) GPO search is done, while the big searches still run: the full collection starts
   * the SYSVOL download from here so it overlaps the LDAP reads instead of following them.
   */
  onGpos?: (gpos: LdapEntry[]) => void;
}

export async function readDirectory(session: LdapSession, options: ReadDirectoryOptions = {}): Promise<DirectoryRead> {
  const rootDse = options.rootDse ?? (await readRootDse(session));
  const base = rootDse.defaultNamingContext;
  const since = options.sinceUsn;
  const filter = (classFilter: string) => (since === undefined ? classFilter : `(&${classFilter}(uSNChanged>=${since + 1}))`);
  const sd = [new SdFlagsControl()];
  const sub = (classFilter: string, attributes: readonly string[], searchBase = base, controls?: Control[]) =>
    session.search({ base: searchBase, scope: 'sub', filter: filter(classFilter), attributes, binaryAttributes: A.BINARY_ATTRIBUTES, controls });
  const system = `CN=System,${base}`;

  // Everything is started at once: the DC answers the searches of one connection concurrently.
  const configReads = readConfigurationPartition(session, rootDse, filter, since === undefined);
  configReads.catch(() => undefined); // awaited below; this only keeps an early failure from being "unhandled"
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
      sub('(objectClass=groupPolicyContainer)', A.GPO_ATTRIBUTES, `CN=Policies,${system}`, sd).then((entries) => {
        options.onGpos?.(entries);
        return entries;
      }),
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
      // The ACLs of every account, group and OU (owner and DACL only): the privileged ones for the ACL checks and
      // change tracking, all of them for the attack paths (build-snapshot keeps only the explicit control ACEs).
      session.search({
        base,
        scope: 'sub',
        filter: filter('(|(objectClass=user)(objectClass=group)(objectClass=organizationalUnit))'),
        attributes: ['nTSecurityDescriptor', 'adminCount'],
        binaryAttributes: ['nTSecurityDescriptor'],
        controls: sd,
      }),
    ]);

  const { directoryService, partitions, extras } = await configReads;
  const netbiosName = partitions[0]?.string('nETBIOSName') ?? null;

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
    privilegedAcls: new Map(privileged.filter((entry) => entry.int('adminCount') === 1).map((entry) => [entry.dn.toLowerCase(), entry])),
    objectAcls: new Map(privileged.map((entry) => [entry.dn.toLowerCase(), entry])),
    directoryService: directoryService[0] ?? null,
    dsHeuristics: directoryService[0]?.string('dSHeuristics') ?? null,
    netbiosName,
    certificateTemplates: extras?.templates ?? [],
    publishedTemplateNames: extras?.published ?? new Set(),
    enrollmentServices: extras?.services ?? [],
    issuancePolicies: extras?.issuancePolicies ?? [],
    recycleBinEnabled: extras?.recycleBinEnabled,
    lapsSchema: extras?.lapsSchema,
    wellKnownPrincipals: extras?.wellKnownPrincipals ?? [],
  };
}

/** CN=Directory Service (both kinds of read; USNs are per DC across partitions) and, for full reads, the domain's crossRef and the extras. */
async function readConfigurationPartition(session: LdapSession, rootDse: RootDse, filter: (f: string) => string, full: boolean) {
  const config = rootDse.configurationNamingContext;
  const [directoryService, partitions, extras] = await Promise.all([
    session
      .search({
        base: `CN=Directory Service,CN=Windows NT,CN=Services,${config}`,
        scope: 'base',
        filter: filter('(objectClass=*)'),
        attributes: A.DIRECTORY_SERVICE_ATTRIBUTES,
        binaryAttributes: A.BINARY_ATTRIBUTES,
      })
      .catch(notFoundAsEmpty),
    full
      ? session.search({
          base: `CN=Partitions,${config}`,
          scope: 'one',
          filter: `(&(objectClass=crossRef)(nCName=${escapeFilterValue(rootDse.defaultNamingContext)}))`,
          attributes: ['nETBIOSName'],
        })
      : Promise.resolve([]),
    full ? readFullOnlyExtras(session, rootDse) : Promise.resolve(null),
  ]);
  return { directoryService, partitions, extras };
}

/** Configuration and schema partition facts that only full reads need. */
async function readFullOnlyExtras(session: LdapSession, rootDse: RootDse) {
  const config = rootDse.configurationNamingContext;
  const pki = `CN=Public Key Services,CN=Services,${config}`;
  const [templates, services, issuancePolicies, partitions, laps, wellKnownPrincipals] = await Promise.all([
    session
      .search({
        base: `CN=Certificate Templates,${pki}`,
        scope: 'one',
        filter: '(objectClass=pKICertificateTemplate)',
        attributes: A.CERTIFICATE_TEMPLATE_ATTRIBUTES,
        binaryAttributes: A.BINARY_ATTRIBUTES,
        controls: [new SdFlagsControl()],
      })
      .catch(notFoundAsEmpty),
    session
      .search({
        base: `CN=Enrollment Services,${pki}`,
        scope: 'one',
        filter: '(objectClass=pKIEnrollmentService)',
        attributes: A.ENROLLMENT_SERVICE_ATTRIBUTES,
        binaryAttributes: A.BINARY_ATTRIBUTES,
        controls: [new SdFlagsControl()],
      })
      .catch(notFoundAsEmpty),
    // Only OIDs linked to a group matter (ESC13); the container holds hundreds of others.
    session
      .search({ base: `CN=OID,${pki}`, scope: 'one', filter: '(&(objectClass=msPKI-Enterprise-Oid)(msDS-OIDToGroupLink=*))', attributes: A.ISSUANCE_POLICY_ATTRIBUTES, binaryAttributes: A.BINARY_ATTRIBUTES })
      .catch(notFoundAsEmpty),
    session.read(`CN=Partitions,${config}`, ['msDS-EnabledFeature']),
    session.search({
      base: rootDse.schemaNamingContext,
      scope: 'one',
      filter: '(|(lDAPDisplayName=ms-Mcs-AdmPwdExpirationTime)(lDAPDisplayName=msLAPS-PasswordExpirationTime))',
      attributes: ['lDAPDisplayName'],
    }),
    session
      .search({ base: `CN=WellKnown Security Principals,${config}`, scope: 'one', filter: '(objectClass=foreignSecurityPrincipal)', attributes: ['objectSid'], binaryAttributes: A.BINARY_ATTRIBUTES })
      .catch(notFoundAsEmpty),
  ]);
  const names = new Set(laps.map((entry) => (entry.string('lDAPDisplayName') ?? '').toLowerCase()));
  return {
    templates,
    services,
    issuancePolicies,
    published: new Set(services.flatMap((entry) => entry.strings('certificateTemplates').map((name) => name.toLowerCase()))),
    recycleBinEnabled: partitions ? partitions.strings('msDS-EnabledFeature').some((dn) => /^CN=Recycle Bin Feature,/i.test(dn)) : undefined,
    lapsSchema: { legacy: names.has('ms-mcs-admpwdexpirationtime'), windows: names.has('mslaps-passwordexpirationtime') },
    wellKnownPrincipals,
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
export class ShowDeletedControl extends Control {
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
