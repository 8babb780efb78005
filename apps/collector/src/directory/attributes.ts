/** What the collector reads per object class (CHECKS.md data needs) and which attributes are binary. */

const COMMON = ['objectGUID', 'distinguishedName', 'name', 'description', 'info', 'whenCreated', 'whenChanged', 'uSNChanged'];
const PRINCIPAL = [...COMMON, 'objectSid', 'sAMAccountName', 'adminCount', 'sIDHistory', 'memberOf'];
const ACCOUNT = [
  ...PRINCIPAL,
  'userAccountControl',
  'primaryGroupID',
  'servicePrincipalName',
  'pwdLastSet',
  'lastLogonTimestamp',
  'accountExpires',
  'lockoutTime',
  'msDS-AllowedToDelegateTo',
  'msDS-AllowedToActOnBehalfOfOtherIdentity',
  'msDS-SupportedEncryptionTypes',
  'msDS-KeyCredentialLink',
  'userPrincipalName',
];

export const USER_ATTRIBUTES = [...ACCOUNT, 'displayName', 'mail', 'userPassword', 'unixUserPassword'];
export const COMPUTER_ATTRIBUTES = [
  ...ACCOUNT,
  'dNSHostName',
  'operatingSystem',
  'operatingSystemVersion',
  'ms-Mcs-AdmPwdExpirationTime',
  'msLAPS-PasswordExpirationTime',
];
export const GROUP_ATTRIBUTES = [...PRINCIPAL, 'groupType', 'member'];
export const OU_ATTRIBUTES = [...COMMON, 'gPLink', 'gPOptions'];
export const GPO_ATTRIBUTES = [
  ...COMMON,
  'cn',
  'displayName',
  'flags',
  'versionNumber',
  'gPCFileSysPath',
  'gPCMachineExtensionNames',
  'gPCUserExtensionNames',
  'nTSecurityDescriptor',
];
export const TRUST_ATTRIBUTES = [
  ...COMMON,
  'trustPartner',
  'flatName',
  'trustDirection',
  'trustType',
  'trustAttributes',
  'securityIdentifier',
];
export const PSO_ATTRIBUTES = [
  ...COMMON,
  'msDS-PasswordSettingsPrecedence',
  'msDS-MinimumPasswordLength',
  'msDS-PasswordHistoryLength',
  'msDS-PasswordComplexityEnabled',
  'msDS-PasswordReversibleEncryptionEnabled',
  'msDS-MaximumPasswordAge',
  'msDS-LockoutThreshold',
  'msDS-PSOAppliesTo',
];
export const DOMAIN_ATTRIBUTES = [
  ...COMMON,
  'objectSid',
  'minPwdLength',
  'pwdHistoryLength',
  'maxPwdAge',
  'minPwdAge',
  'pwdProperties',
  'lockoutThreshold',
  'lockoutDuration',
  'lockOutObservationWindow',
  'ms-DS-MachineAccountQuota',
  'msDS-Behavior-Version',
  'gPLink',
  'nTSecurityDescriptor',
];
export const CERTIFICATE_TEMPLATE_ATTRIBUTES = [
  ...COMMON,
  'cn',
  'displayName',
  'msPKI-Template-Schema-Version',
  'msPKI-Certificate-Name-Flag',
  'msPKI-Enrollment-Flag',
  'msPKI-RA-Signature',
  'pKIExtendedKeyUsage',
  'msPKI-Certificate-Application-Policy',
  'msPKI-RA-Application-Policies',
  'msPKI-Certificate-Policy',
  'nTSecurityDescriptor',
];
export const ENROLLMENT_SERVICE_ATTRIBUTES = [...COMMON, 'cn', 'dNSHostName', 'certificateTemplates', 'msPKI-Enrollment-Servers', 'nTSecurityDescriptor'];
export const ISSUANCE_POLICY_ATTRIBUTES = [...COMMON, 'displayName', 'msPKI-Cert-Template-OID', 'msDS-OIDToGroupLink'];
export const DIRECTORY_SERVICE_ATTRIBUTES = [...COMMON, 'dSHeuristics'];
export const ADMIN_SD_HOLDER_ATTRIBUTES = [...COMMON, 'nTSecurityDescriptor'];

export const BINARY_ATTRIBUTES = [
  'objectGUID',
  'objectSid',
  'sIDHistory',
  'securityIdentifier',
  'nTSecurityDescriptor',
  'msDS-AllowedToActOnBehalfOfOtherIdentity',
];

/** Attributes that change without any security meaning; not reported as changes. */
export const VOLATILE_ATTRIBUTES = new Set(
  ['uSNChanged', 'whenChanged', 'lastLogonTimestamp', 'memberOf'].map((name) => name.toLowerCase()),
);
