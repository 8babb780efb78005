/**
 * The data the collector sends: one full snapshot of a domain and
 * attribute-level change records. Shared by collector, server and checks.
 * Timestamps are ISO 8601 strings; AD's "never" (0 or 1601) is null.
 */
import { z } from 'zod';

const guid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'Der Wert muss eine GUID in Kleinbuchstaben sein.');
const sid = z.string().regex(/^S-1-\d+(-\d+)+$/, 'Der Wert muss eine SID wie S-1-5-21-… sein.');
const timestamp = z.iso.datetime({ offset: true }).nullable();

/** One access-control entry of a security descriptor (nTSecurityDescriptor, decoded). */
export const aceSchema = z.object({
  type: z.enum(['allow', 'deny', 'allow-object', 'deny-object', 'audit', 'other']),
  trustee: sid,
  accessMask: z.number().int().nonnegative(),
  /** Extended right, property or class GUID of object ACEs. */
  objectType: guid.nullable().default(null),
  inheritedObjectType: guid.nullable().default(null),
  flags: z.number().int().nonnegative().default(0),
});
export type Ace = z.infer<typeof aceSchema>;

export const securityDescriptorSchema = z.object({
  owner: sid.nullable(),
  aces: z.array(aceSchema),
});
export type SecurityDescriptor = z.infer<typeof securityDescriptorSchema>;

const directoryObject = z.object({
  objectGuid: guid,
  distinguishedName: z.string().min(1),
  name: z.string().default(''),
  description: z.string().nullable().default(null),
  info: z.string().nullable().default(null),
  whenCreated: timestamp.default(null),
  whenChanged: timestamp.default(null),
  usnChanged: z.number().int().nonnegative().default(0),
});

const securityPrincipal = directoryObject.extend({
  objectSid: sid,
  sAMAccountName: z.string().min(1),
  adminCount: z.number().int().nullable().default(null),
  sidHistory: z.array(sid).default([]),
  /** DNs of the groups this object is a direct member of. */
  memberOf: z.array(z.string()).default([]),
});

const account = securityPrincipal.extend({
  userAccountControl: z.number().int().nonnegative(),
  primaryGroupId: z.number().int().nonnegative(),
  servicePrincipalNames: z.array(z.string()).default([]),
  pwdLastSet: timestamp.default(null),
  lastLogonTimestamp: timestamp.default(null),
  accountExpires: timestamp.default(null),
  /** msDS-AllowedToDelegateTo (constrained delegation targets). */
  allowedToDelegateTo: z.array(z.string()).default([]),
  /** SIDs allowed by msDS-AllowedToActOnBehalfOfOtherIdentity (RBCD). */
  allowedToActOnBehalfOf: z.array(sid).default([]),
  supportedEncryptionTypes: z.number().int().nullable().default(null),
  /** Number of msDS-KeyCredentialLink values (shadow credentials). */
  keyCredentialLinkCount: z.number().int().nonnegative().default(0),
  userPrincipalName: z.string().nullable().default(null),
  /** Only for accounts whose ACL the collector reads (privileged ones). */
  securityDescriptor: securityDescriptorSchema.nullable().default(null),
});

export const userSchema = account.extend({
  displayName: z.string().nullable().default(null),
  mail: z.string().nullable().default(null),
  /** Legacy attributes that sometimes hold clear-text passwords. */
  userPassword: z.string().nullable().default(null),
  unixUserPassword: z.string().nullable().default(null),
});
export type DirectoryUser = z.infer<typeof userSchema>;

export const computerSchema = account.extend({
  dnsHostName: z.string().nullable().default(null),
  operatingSystem: z.string().nullable().default(null),
  operatingSystemVersion: z.string().nullable().default(null),
  isDomainController: z.boolean().default(false),
  isReadOnlyDomainController: z.boolean().default(false),
  /** Expiry of a LAPS password (legacy ms-Mcs-AdmPwdExpirationTime or Windows LAPS); null = no LAPS. */
  lapsPasswordExpiry: timestamp.default(null),
});
export type DirectoryComputer = z.infer<typeof computerSchema>;

export const groupSchema = securityPrincipal.extend({
  groupType: z.number().int(),
  /** DNs of direct members (users, computers, groups, foreign principals). */
  members: z.array(z.string()).default([]),
  /** ACL of the group (who may add members, reset it, take it over); optional, for the attack paths. */
  securityDescriptor: securityDescriptorSchema.nullable().optional(),
});
export type DirectoryGroup = z.infer<typeof groupSchema>;

/** One link of a gPLink value: the GPO's DN plus link options (1 disabled, 2 enforced). */
export const gpLinkSchema = z.object({ gpoDistinguishedName: z.string(), options: z.number().int().nonnegative() });
export type GpLink = z.infer<typeof gpLinkSchema>;

export const organizationalUnitSchema = directoryObject.extend({
  gpLinks: z.array(gpLinkSchema).default([]),
  /** gPOptions 1 = block inheritance. */
  blockInheritance: z.boolean().default(false),
  /** ACL of the OU (rights inherited by its children); optional, for the attack paths. */
  securityDescriptor: securityDescriptorSchema.nullable().optional(),
});
export type OrganizationalUnit = z.infer<typeof organizationalUnitSchema>;

export const registryPolEntrySchema = z.object({
  key: z.string(),
  valueName: z.string(),
  /** REG_SZ = 1, REG_EXPAND_SZ = 2, REG_BINARY = 3, REG_DWORD = 4, REG_MULTI_SZ = 7, REG_QWORD = 11. */
  type: z.number().int(),
  /** Strings as text, numbers as decimal text, binary as hex. */
  data: z.string(),
});
export type RegistryPolEntry = z.infer<typeof registryPolEntrySchema>;

export const gpoFilesSchema = z.object({
  /** GptTmpl.inf: section -> key -> raw value (text after '='). */
  gptTmpl: z.record(z.string(), z.record(z.string(), z.string())).nullable().default(null),
  machineRegistryPol: z.array(registryPolEntrySchema).default([]),
  userRegistryPol: z.array(registryPolEntrySchema).default([]),
  /** Group Policy Preferences XML files: path inside the GPO folder -> file text. */
  preferences: z.record(z.string(), z.string()).default({}),
  /** Why files could not be read, if they could not. */
  readError: z.string().nullable().default(null),
});
export type GpoFiles = z.infer<typeof gpoFilesSchema>;

export const gpoSchema = directoryObject.extend({
  /** The GPO's '{GUID}' folder name (its cn). */
  gpoId: z.string().regex(/^\{[0-9A-Fa-f-]{36}\}$/),
  displayName: z.string(),
  /** 1 = user side disabled, 2 = computer side disabled, 3 = all disabled. */
  flags: z.number().int().nonnegative().default(0),
  versionNumber: z.number().int().nonnegative().default(0),
  fileSysPath: z.string().nullable().default(null),
  files: gpoFilesSchema,
  /** ACL of the GPO object (who may edit it); optional, added by collector 0.1. */
  securityDescriptor: securityDescriptorSchema.nullable().optional(),
});
export type Gpo = z.infer<typeof gpoSchema>;

/** An AD CS certificate template (pKICertificateTemplate) for the ESC checks; optional, added by collector 0.1. */
export const certificateTemplateSchema = z.object({
  objectGuid: guid,
  distinguishedName: z.string().min(1),
  name: z.string(),
  displayName: z.string().nullable().default(null),
  /** msPKI-Template-Schema-Version. */
  schemaVersion: z.number().int().nullable().default(null),
  /** msPKI-Certificate-Name-Flag (0x1 = ENROLLEE_SUPPLIES_SUBJECT). */
  certificateNameFlag: z.number().int().default(0),
  /** msPKI-Enrollment-Flag (0x2 = PEND_ALL_REQUESTS, i.e. manager approval). */
  enrollmentFlag: z.number().int().default(0),
  /** msPKI-RA-Signature: number of authorised signatures required. */
  raSignature: z.number().int().default(0),
  /** pKIExtendedKeyUsage OIDs (empty = any purpose). */
  extendedKeyUsages: z.array(z.string()).default([]),
  /** msPKI-Certificate-Application-Policy OIDs. */
  applicationPolicies: z.array(z.string()).default([]),
  /** msPKI-RA-Application-Policies: the policy an enrolment agent's signature must carry (ESC3 on-behalf targets). */
  raApplicationPolicies: z.array(z.string()).default([]),
  /** msPKI-Certificate-Policy: issuance policy OIDs (ESC13, linked to groups by msDS-OIDToGroupLink). */
  issuancePolicies: z.array(z.string()).default([]),
  /** Offered by at least one enterprise CA (listed in a pKIEnrollmentService's certificateTemplates). */
  published: z.boolean().default(false),
  securityDescriptor: securityDescriptorSchema.nullable().default(null),
});
export type CertificateTemplate = z.infer<typeof certificateTemplateSchema>;

/**
 * An enterprise CA (pKIEnrollmentService under CN=Enrollment Services); optional (absent from older snapshots). The CA's
 * own configuration (EditFlags, CA security with ManageCA / ManageCertificates) lives in the CA's registry, not in
 * LDAP: null means it was not collected.
 */
export const certificationAuthoritySchema = z.object({
  objectGuid: guid,
  distinguishedName: z.string().min(1),
  name: z.string(),
  dnsHostName: z.string().nullable().default(null),
  /** Names (cn) of the templates the CA offers. */
  certificateTemplates: z.array(z.string()).default([]),
  /** URLs of the Certificate Enrollment Web Services (msPKI-Enrollment-Servers). */
  enrollmentServerUrls: z.array(z.string()).default([]),
  /** Policy module EditFlags from the CA registry; null = not collected. */
  editFlags: z.number().int().nullable().default(null),
  /** The CA's own security (ManageCA 0x1, ManageCertificates 0x2, Enroll 0x200); null = not collected. */
  caSecurity: securityDescriptorSchema.nullable().default(null),
  /** ACL of the pKIEnrollmentService object in AD. */
  securityDescriptor: securityDescriptorSchema.nullable().default(null),
});
export type CertificationAuthority = z.infer<typeof certificationAuthoritySchema>;

/** An issuance policy object (msPKI-Enterprise-Oid under CN=OID); optional (absent from older snapshots), for ESC13. */
export const issuancePolicySchema = z.object({
  objectGuid: guid,
  distinguishedName: z.string().min(1),
  displayName: z.string().nullable().default(null),
  /** msPKI-Cert-Template-OID. */
  oid: z.string(),
  /** msDS-OIDToGroupLink: DN of the group a certificate with this policy makes its holder a member of. */
  groupLink: z.string().nullable().default(null),
});
export type IssuancePolicy = z.infer<typeof issuancePolicySchema>;

export const trustSchema = directoryObject.extend({
  trustPartner: z.string(),
  flatName: z.string().nullable().default(null),
  /** 1 inbound, 2 outbound, 3 bidirectional. */
  trustDirection: z.number().int(),
  trustType: z.number().int(),
  trustAttributes: z.number().int(),
  securityIdentifier: sid.nullable().default(null),
});
export type Trust = z.infer<typeof trustSchema>;

export const passwordSettingsSchema = directoryObject.extend({
  precedence: z.number().int(),
  minPasswordLength: z.number().int().nonnegative(),
  passwordHistoryLength: z.number().int().nonnegative(),
  complexityEnabled: z.boolean(),
  reversibleEncryptionEnabled: z.boolean(),
  /** Days; null = never expires. */
  maxPasswordAgeDays: z.number().nullable(),
  lockoutThreshold: z.number().int().nonnegative(),
  appliesTo: z.array(z.string()).default([]),
});
export type PasswordSettings = z.infer<typeof passwordSettingsSchema>;

export const domainSchema = z.object({
  distinguishedName: z.string().min(1),
  dnsName: z.string().min(1),
  netbiosName: z.string().nullable().default(null),
  objectSid: sid,
  objectGuid: guid,
  minPasswordLength: z.number().int().nonnegative(),
  passwordHistoryLength: z.number().int().nonnegative(),
  /** Days; null = passwords never expire. */
  maxPasswordAgeDays: z.number().nullable(),
  minPasswordAgeDays: z.number().nonnegative(),
  /** pwdProperties bit flags (1 = complexity, 16 = reversible encryption). */
  passwordProperties: z.number().int().nonnegative(),
  lockoutThreshold: z.number().int().nonnegative(),
  lockoutDurationMinutes: z.number().nonnegative().nullable(),
  lockoutObservationWindowMinutes: z.number().nonnegative().nullable(),
  machineAccountQuota: z.number().int(),
  domainFunctionalLevel: z.number().int(),
  forestFunctionalLevel: z.number().int(),
  dsHeuristics: z.string().nullable().default(null),
  gpLinks: z.array(gpLinkSchema).default([]),
  /** ACL of the domain root (for DCSync rights and similar). */
  securityDescriptor: securityDescriptorSchema.nullable().default(null),
  /** Whether the AD Recycle Bin optional feature is enabled (msDS-EnabledFeature on CN=Partitions); optional. */
  recycleBinEnabled: z.boolean().optional(),
  /** Which LAPS attributes the schema has (legacy ms-Mcs-AdmPwd, Windows LAPS msLAPS-*); optional. */
  lapsSchema: z.object({ legacy: z.boolean(), windows: z.boolean() }).optional(),
});
export type DomainInfo = z.infer<typeof domainSchema>;

/** A logon/startup script in SYSVOL with lines that look like credentials (masked by the collector). */
export const sysvolScriptSchema = z.object({
  /** Path below the SYSVOL share root, '/'-separated: 'lab.example/scripts/logon.bat'. */
  path: z.string().min(1),
  /** The GPO whose Scripts folder holds the file; null for the NETLOGON (scripts) folder. */
  gpoId: z.string().nullable().default(null),
  /** Only the first bytes up to the per-file limit were scanned. */
  truncated: z.boolean().default(false),
  /** Lines that look like credentials; the secret itself is masked before upload and never leaves the network. */
  hits: z.array(z.object({ line: z.number().int().positive(), kind: z.string(), excerpt: z.string() })),
});
export type SysvolScript = z.infer<typeof sysvolScriptSchema>;

export const sysvolScriptsSchema = z.object({
  /** How many script files (.bat, .cmd, .ps1, .vbs, .kix) were scanned. */
  scannedFiles: z.number().int().nonnegative(),
  /** Only scripts with hits are listed. */
  scripts: z.array(sysvolScriptSchema).default([]),
  /** Why scripts could not be read or were not all scanned (total size limit), if so. */
  readError: z.string().nullable().default(null),
});
export type SysvolScripts = z.infer<typeof sysvolScriptsSchema>;

export const SNAPSHOT_SCHEMA_VERSION = 1;

export const snapshotSchema = z.object({
  schemaVersion: z.literal(SNAPSHOT_SCHEMA_VERSION),
  collectedAt: z.iso.datetime({ offset: true }),
  collectorVersion: z.string().min(1),
  /** Highest uSNChanged seen: incremental collection starts after it. */
  highestUsn: z.number().int().nonnegative(),
  domain: domainSchema,
  users: z.array(userSchema),
  computers: z.array(computerSchema),
  groups: z.array(groupSchema),
  organizationalUnits: z.array(organizationalUnitSchema),
  gpos: z.array(gpoSchema),
  trusts: z.array(trustSchema).default([]),
  passwordSettings: z.array(passwordSettingsSchema).default([]),
  adminSdHolder: securityDescriptorSchema.nullable().default(null),
  /** AD CS certificate templates; optional (absent from snapshots of older collectors). */
  certificateTemplates: z.array(certificateTemplateSchema).optional(),
  /** AD CS enterprise CAs; optional (absent from snapshots of older collectors). */
  certificationAuthorities: z.array(certificationAuthoritySchema).optional(),
  /** AD CS issuance policies (OID objects); optional (absent from snapshots of older collectors). */
  issuancePolicies: z.array(issuancePolicySchema).optional(),
  /** Scripts in NETLOGON and the GPO Scripts folders; optional (absent from snapshots of older collectors). */
  sysvolScripts: sysvolScriptsSchema.optional(),
  /**
   * The well-known security principals of CN=WellKnown Security Principals in the configuration partition (Anonymous
   * Logon, Everyone …): Samba makes them group members there instead of foreign security principals, so a member DN
   * is mapped to its SID through this list. Optional (absent from snapshots of older collectors).
   */
  wellKnownPrincipals: z.array(z.object({ distinguishedName: z.string(), objectSid: z.string() })).optional(),
});
export type Snapshot = z.infer<typeof snapshotSchema>;
/** What producers may send (defaults not yet applied). */
export type SnapshotInput = z.input<typeof snapshotSchema>;

/**
 * Issue 15: the snapshot lists that are stored one row per object (client table `directory_object`) and uploaded in
 * parts; everything else of a snapshot (domain head, AD CS, scripts, well-known principals) is its small head.
 * The order is the order of a snapshot's lists: objects are read back users first, then computers, groups …
 */
export const DIRECTORY_OBJECT_KINDS = ['users', 'computers', 'groups', 'organizationalUnits', 'gpos', 'trusts', 'passwordSettings'] as const;
export type DirectoryObjectKind = (typeof DIRECTORY_OBJECT_KINDS)[number];

/** The schema of each per-object list's entries. */
export const directoryObjectSchemas = {
  users: userSchema,
  computers: computerSchema,
  groups: groupSchema,
  organizationalUnits: organizationalUnitSchema,
  gpos: gpoSchema,
  trusts: trustSchema,
  passwordSettings: passwordSettingsSchema,
} as const satisfies Record<DirectoryObjectKind, z.ZodType>;

/** A snapshot without its per-object lists: what `POST …/collector/snapshots` (begin) carries. */
export const snapshotHeadSchema = snapshotSchema.omit({
  users: true,
  computers: true,
  groups: true,
  organizationalUnits: true,
  gpos: true,
  trusts: true,
  passwordSettings: true,
});
export type SnapshotHead = z.infer<typeof snapshotHeadSchema>;
export type SnapshotHeadInput = z.input<typeof snapshotHeadSchema>;

/** One line of a snapshot part (newline-delimited JSON): one object of one list, in its snapshot form. */
export const snapshotPartLineSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('users'), object: userSchema }),
  z.object({ kind: z.literal('computers'), object: computerSchema }),
  z.object({ kind: z.literal('groups'), object: groupSchema }),
  z.object({ kind: z.literal('organizationalUnits'), object: organizationalUnitSchema }),
  z.object({ kind: z.literal('gpos'), object: gpoSchema }),
  z.object({ kind: z.literal('trusts'), object: trustSchema }),
  z.object({ kind: z.literal('passwordSettings'), object: passwordSettingsSchema }),
]);
export type SnapshotPartLine = z.infer<typeof snapshotPartLineSchema>;

/** A part of a snapshot upload is at most this big as sent (gzip). */
export const SNAPSHOT_PART_MAX_COMPRESSED_BYTES = 10 * 1024 * 1024;
/** …and at most this big unpacked (the server refuses a larger part with 413 without storing any of it). */
export const SNAPSHOT_PART_MAX_BYTES = 128 * 1024 * 1024;
/** At most this many parts in one snapshot upload (10,000 × ≤ 128 MB is far beyond any real domain). */
export const SNAPSHOT_MAX_PARTS = 10_000;

/**
 * What of the domain head an incremental read can tell: its snapshot form without the fields that come from reads only
 * a full collection makes (the crossRef's NetBIOS name, CN=Directory Service, the optional features, the schema).
 * Parsing drops those fields, so the server keeps the stored ones.
 */
export const domainHeadSchema = domainSchema.omit({ netbiosName: true, dsHeuristics: true, recycleBinEnabled: true, lapsSchema: true });
export type DomainHead = z.infer<typeof domainHeadSchema>;

/**
 * The objects an incremental read found changed, mapped exactly as for a snapshot (the collector's map-objects): a
 * change batch carries them so the server can lay them over the stored snapshot and evaluate the checks on the
 * current directory without a full collection. GPOs are left to the full collection (their snapshot form needs SYSVOL).
 */
export const changedObjectsSchema = z.object({
  /** The domain head, when it changed (password and lockout policy, machine account quota, its ACL, gPLink). */
  domain: domainHeadSchema.optional(),
  users: z.array(userSchema).default([]),
  computers: z.array(computerSchema).default([]),
  groups: z.array(groupSchema).default([]),
  organizationalUnits: z.array(organizationalUnitSchema).default([]),
  trusts: z.array(trustSchema).default([]),
  passwordSettings: z.array(passwordSettingsSchema).default([]),
});
export type ChangedObjects = z.infer<typeof changedObjectsSchema>;
export type ChangedObjectsInput = z.input<typeof changedObjectsSchema>;

export const objectClassSchema = z.enum([
  'user',
  'computer',
  'group',
  'organizationalUnit',
  'groupPolicyContainer',
  'domainDNS',
  'trustedDomain',
  'container',
  'other',
]);
export type ObjectClass = z.infer<typeof objectClassSchema>;

/** One attribute-level change seen through uSNChanged (the SPEC §3 change event's payload). */
export const attributeChangeSchema = z.object({
  objectGuid: guid,
  objectClass: objectClassSchema,
  distinguishedName: z.string().min(1),
  propertyName: z.string().min(1),
  oldValue: z.string().nullable(),
  newValue: z.string().nullable(),
  timestamp: z.iso.datetime({ offset: true }),
  usn: z.number().int().nonnegative(),
  /**
   * From the object's replication metadata, when the collector could read it (optional: older collectors send
   * neither): the DN of the originating DC's NTDS Settings and the attribute's version (dwVersion).
   */
  originatingDsa: z.string().min(1).max(2048).nullable().optional(),
  version: z.number().int().nonnegative().max(2_147_483_647).optional(),
});
export type AttributeChange = z.infer<typeof attributeChangeSchema>;

/** UAC bits used across collector and checks. */
export const UAC = {
  ACCOUNTDISABLE: 0x2,
  PASSWD_NOTREQD: 0x20,
  ENCRYPTED_TEXT_PWD_ALLOWED: 0x80,
  NORMAL_ACCOUNT: 0x200,
  WORKSTATION_TRUST_ACCOUNT: 0x1000,
  SERVER_TRUST_ACCOUNT: 0x2000,
  DONT_EXPIRE_PASSWORD: 0x10000,
  TRUSTED_FOR_DELEGATION: 0x80000,
  NOT_DELEGATED: 0x100000,
  USE_DES_KEY_ONLY: 0x200000,
  DONT_REQ_PREAUTH: 0x400000,
  TRUSTED_TO_AUTH_FOR_DELEGATION: 0x1000000,
  PARTIAL_SECRETS_ACCOUNT: 0x4000000,
} as const;

export function hasUacFlag(userAccountControl: number, flag: number): boolean {
  return (userAccountControl & flag) === flag;
}
