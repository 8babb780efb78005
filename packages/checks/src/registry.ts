/**
 * The explicit list of checks (one file per check under `checks/`). The order
 * is the display order: the 12 spec checks first.
 */
import { gpoRegAutologin } from './checks/gpo-reg-autologin';
import { countDomainAdmins } from './checks/count-domain-admins';
import { groupRodcNotEmpty } from './checks/group-rodc-not-empty';
import { gpoLanmanagerEnabled } from './checks/gpo-lanmanager-enabled';
import { gpoWeakPasswordPolicy } from './checks/gpo-weak-password-policy';
import { passwordLikeStringFound } from './checks/password-like-string-found';
import { privilegedUserDeactivated } from './checks/privileged-user-deactivated';
import { groupSchemaAdminsNotEmpty } from './checks/group-schema-admins-not-empty';
import { objectDuplicatedSamaccountname } from './checks/object-duplicated-samaccountname';
import { entraLegacyAuthenticationAllowed } from './checks/entra-legacy-authentication-allowed';
import { entraPrivilegedOnpremUserSynced } from './checks/entra-privileged-onprem-user-synced';
import { computerDcNoConstrainedDelegation } from './checks/computer-dc-no-constrained-delegation';
import { admincountOrphaned } from './checks/admincount-orphaned';
import { adminsdholderAclModified } from './checks/adminsdholder-acl-modified';
import { builtinAdminPasswordOld } from './checks/builtin-admin-password-old';
import { computerUnconstrainedDelegation } from './checks/computer-unconstrained-delegation';
import { dcsyncRightsNonAdmin } from './checks/dcsync-rights-non-admin';
import { desRc4OnlyAccounts } from './checks/des-rc4-only-accounts';
import { dnsadminsMembers } from './checks/dnsadmins-members';
import { dsheuristicsAnonymous } from './checks/dsheuristics-anonymous';
import { functionalLevelOutdated } from './checks/functional-level-outdated';
import { gpoGppCpassword } from './checks/gpo-gpp-cpassword';
import { groupEnterpriseAdminsNotEmpty } from './checks/group-enterprise-admins-not-empty';
import { groupOperatorsNotEmpty } from './checks/group-operators-not-empty';
import { guestAccountEnabled } from './checks/guest-account-enabled';
import { krbtgtPasswordOld } from './checks/krbtgt-password-old';
import { lapsNotDeployed } from './checks/laps-not-deployed';
import { machineAccountQuota } from './checks/machine-account-quota';
import { obsoleteOs } from './checks/obsolete-os';
import { primaryGroupNondefault } from './checks/primary-group-nondefault';
import { privilegedPasswordNeverExpires } from './checks/privileged-password-never-expires';
import { privilegedPasswordOld } from './checks/privileged-password-old';
import { privilegedUserDelegatable } from './checks/privileged-user-delegatable';
import { privilegedUserInactive } from './checks/privileged-user-inactive';
import { privilegedUserSpn } from './checks/privileged-user-spn';
import { protectedUsersUnused } from './checks/protected-users-unused';
import { rbcdOnSensitiveObject } from './checks/rbcd-on-sensitive-object';
import { sidhistoryPresent } from './checks/sidhistory-present';
import { sidhistoryPrivilegedSid } from './checks/sidhistory-privileged-sid';
import { staleAccounts } from './checks/stale-accounts';
import { trustSidFilteringDisabled } from './checks/trust-sid-filtering-disabled';
import { userNoPreauth } from './checks/user-no-preauth';
import { userPasswordNotRequired } from './checks/user-password-not-required';
import { userReversibleEncryption } from './checks/user-reversible-encryption';
import { userSpnKerberoastable } from './checks/user-spn-kerberoastable';
import { attackPathToTier0 } from './checks/attack-path-to-tier0';
import { tier0ObjectAclWeak } from './checks/tier0-object-acl-weak';
import { ldapSigningNotRequired } from './checks/ldap-signing-not-required';
import { ldapChannelBindingNotEnforced } from './checks/ldap-channel-binding-not-enforced';
import { smbSigningNotRequiredDc } from './checks/smb-signing-not-required-dc';
import { powershellLoggingDisabled } from './checks/powershell-logging-disabled';
import { gpoDangerousUserRights } from './checks/gpo-dangerous-user-rights';
import { gpoLocalAdminEveryone } from './checks/gpo-local-admin-everyone';
import { gpoWritableByNonAdmins } from './checks/gpo-writable-by-non-admins';
import { preWin2000CompatibleAccess } from './checks/pre-win2000-compatible-access';
import { computerSamaccountnameInvalid } from './checks/computer-samaccountname-invalid';
import { wdigestEnabled } from './checks/wdigest-enabled';
import { adcsTemplateEsc1 } from './checks/adcs-template-esc1';
import { adcsTemplateEsc2 } from './checks/adcs-template-esc2';
import { adcsTemplateEsc3 } from './checks/adcs-template-esc3';
import { adcsTemplateEsc4 } from './checks/adcs-template-esc4';
import { adcsCaEsc6 } from './checks/adcs-ca-esc6';
import { adcsCaEsc7 } from './checks/adcs-ca-esc7';
import { adcsWebEnrollmentEsc8 } from './checks/adcs-web-enrollment-esc8';
import { adcsTemplateEsc9 } from './checks/adcs-template-esc9';
import { adcsTemplateEsc13 } from './checks/adcs-template-esc13';
import { adcsTemplateEsc15 } from './checks/adcs-template-esc15';
import { sysvolScriptCredentials } from './checks/sysvol-script-credentials';
import type { CheckDefinition } from './types';
import { entraAdminPhishingResistantMfaMissing } from './checks/entra-admin-phishing-resistant-mfa-missing';
import { entraAdminWithoutMfa } from './checks/entra-admin-without-mfa';
import { entraAppCredentialLifetime } from './checks/entra-app-credential-lifetime';
import { entraConnectAccountOverprivileged } from './checks/entra-connect-account-overprivileged';
import { entraDeviceCodeFlowAllowed } from './checks/entra-device-code-flow-allowed';
import { entraGlobalAdminCount } from './checks/entra-global-admin-count';
import { entraGuestAccessUnrestricted } from './checks/entra-guest-access-unrestricted';
import { entraGuestInviteEveryone } from './checks/entra-guest-invite-everyone';
import { entraGuestPrivilegedRole } from './checks/entra-guest-privileged-role';
import { entraMfaNotEnforced } from './checks/entra-mfa-not-enforced';
import { entraOnpremTier0Synced } from './checks/entra-onprem-tier0-synced';
import { entraPermanentPrivilegedAssignment } from './checks/entra-permanent-privileged-assignment';
import { entraRiskPoliciesMissing } from './checks/entra-risk-policies-missing';
import { entraSpDangerousAppPermissions } from './checks/entra-sp-dangerous-app-permissions';
import { entraStaleGuestAccounts } from './checks/entra-stale-guest-accounts';
import { entraStalePrivilegedUser } from './checks/entra-stale-privileged-user';
import { entraSyncedAdminAdDisabled } from './checks/entra-synced-admin-ad-disabled';
import { entraUserConsentAllowed } from './checks/entra-user-consent-allowed';
import { entraUsersCanRegisterApps } from './checks/entra-users-can-register-apps';
import { entraWeakAuthMethods } from './checks/entra-weak-auth-methods';

/** Slugs with a dedicated finding page (SPEC §2). */
export const SPEC_SLUGS: readonly string[] = [
  'gpo-reg-autologin',
  'count-domain-admins',
  'group-rodc-not-empty',
  'gpo-lanmanager-enabled',
  'gpo-weak-password-policy',
  'password-like-string-found',
  'privileged-user-deactivated',
  'group-schema-admins-not-empty',
  'object-duplicated-samaccountname',
  'entra-legacy-authentication-allowed',
  'entra-privileged-onprem-user-synced',
  'computer-dc-no-constrained-delegation',
];

export const checkRegistry: readonly CheckDefinition[] = [
  gpoRegAutologin,
  countDomainAdmins,
  groupRodcNotEmpty,
  gpoLanmanagerEnabled,
  gpoWeakPasswordPolicy,
  passwordLikeStringFound,
  privilegedUserDeactivated,
  groupSchemaAdminsNotEmpty,
  objectDuplicatedSamaccountname,
  entraLegacyAuthenticationAllowed,
  entraPrivilegedOnpremUserSynced,
  computerDcNoConstrainedDelegation,
  admincountOrphaned,
  adminsdholderAclModified,
  builtinAdminPasswordOld,
  computerUnconstrainedDelegation,
  dcsyncRightsNonAdmin,
  desRc4OnlyAccounts,
  dnsadminsMembers,
  dsheuristicsAnonymous,
  functionalLevelOutdated,
  gpoGppCpassword,
  groupEnterpriseAdminsNotEmpty,
  groupOperatorsNotEmpty,
  guestAccountEnabled,
  krbtgtPasswordOld,
  lapsNotDeployed,
  machineAccountQuota,
  obsoleteOs,
  primaryGroupNondefault,
  privilegedPasswordNeverExpires,
  privilegedPasswordOld,
  privilegedUserDelegatable,
  privilegedUserInactive,
  privilegedUserSpn,
  protectedUsersUnused,
  rbcdOnSensitiveObject,
  sidhistoryPresent,
  sidhistoryPrivilegedSid,
  staleAccounts,
  trustSidFilteringDisabled,
  userNoPreauth,
  userPasswordNotRequired,
  userReversibleEncryption,
  userSpnKerberoastable,
  attackPathToTier0,
  tier0ObjectAclWeak,
  ldapSigningNotRequired,
  ldapChannelBindingNotEnforced,
  smbSigningNotRequiredDc,
  powershellLoggingDisabled,
  gpoDangerousUserRights,
  gpoLocalAdminEveryone,
  gpoWritableByNonAdmins,
  preWin2000CompatibleAccess,
  computerSamaccountnameInvalid,
  wdigestEnabled,
  adcsTemplateEsc1,
  adcsTemplateEsc2,
  adcsTemplateEsc3,
  adcsTemplateEsc4,
  adcsCaEsc6,
  adcsCaEsc7,
  adcsWebEnrollmentEsc8,
  adcsTemplateEsc9,
  adcsTemplateEsc13,
  adcsTemplateEsc15,
  sysvolScriptCredentials,
  entraAdminPhishingResistantMfaMissing,
  entraAdminWithoutMfa,
  entraAppCredentialLifetime,
  entraConnectAccountOverprivileged,
  entraDeviceCodeFlowAllowed,
  entraGlobalAdminCount,
  entraGuestAccessUnrestricted,
  entraGuestInviteEveryone,
  entraGuestPrivilegedRole,
  entraMfaNotEnforced,
  entraOnpremTier0Synced,
  entraPermanentPrivilegedAssignment,
  entraRiskPoliciesMissing,
  entraSpDangerousAppPermissions,
  entraStaleGuestAccounts,
  entraStalePrivilegedUser,
  entraSyncedAdminAdDisabled,
  entraUserConsentAllowed,
  entraUsersCanRegisterApps,
  entraWeakAuthMethods,
];

const bySlug = new Map(checkRegistry.map((check) => [check.slug, check]));

export function checkBySlug(slug: string): CheckDefinition | undefined {
  return bySlug.get(slug);
}
