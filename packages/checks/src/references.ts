/**
 * Framework references of every check and IoA detector: MITRE ATT&CK technique ids, BSI IT-Grundschutz requirements
 * (APP.2.2 Active Directory, ORP.4 Identitäts- und Berechtigungsmanagement) and ANSSI AD checklist rule ids, where
 * they apply. The registry tests require a MITRE id for every slug.
 */
export interface References {
  mitre: readonly string[];
  bsi: readonly string[];
  anssi: readonly string[];
}

export const FRAMEWORKS = ['mitre', 'bsi', 'anssi'] as const;
export type Framework = (typeof FRAMEWORKS)[number];

export const FRAMEWORK_LABELS: Record<Framework, string> = { mitre: 'MITRE ATT&CK', bsi: 'BSI IT-Grundschutz', anssi: 'ANSSI' };

const ref = (mitre: string[], bsi: string[] = [], anssi: string[] = []): References => ({ mitre, bsi, anssi });

// BSI IT-Grundschutz-Kompendium, Edition 2023.
const PLAN = 'APP.2.2.A1'; // Planung des Active Directory
const PRIV = 'APP.2.2.A2'; // Planung der Active-Directory-Administration
const GPO = 'APP.2.2.A3'; // Planung der Gruppenrichtlinien unter Windows
const HARDEN = 'APP.2.2.A5'; // Härtung des Active Directory
const TRUSTS = 'APP.2.2.A6'; // Sichere Vertrauensbeziehungen
const AUTHENTICATION = 'APP.2.2.A9'; // Schutz der Authentisierung beim Einsatz von Active Directory
const DNS = 'APP.2.2.A10'; // Sicherer Einsatz von DNS für Active Directory
const MONITORING = 'APP.2.2.A11'; // Überwachung der Active-Directory-Infrastruktur
const ACCOUNTS = 'ORP.4.A1'; // Regelung für die Einrichtung und Löschung von Benutzern und Benutzergruppen
const PASSWORD_USE = 'ORP.4.A8'; // Regelung des Passwortgebrauchs (keine ungeschützt gespeicherten Passwörter)
const PASSWORDS = 'ORP.4.A22'; // Regelung zur Passwortqualität

const REFERENCES: Record<string, References> = {
  // AD checks
  'gpo-reg-autologin': ref(['T1552.006'], [GPO, PASSWORD_USE], ['vuln_gpp_password']),
  'count-domain-admins': ref(['T1078.002', 'T1069.002'], [PRIV], ['vuln_privileged_members']),
  'group-rodc-not-empty': ref(['T1003'], [PRIV], ['vuln_rodc_priv_revealed']),
  'gpo-lanmanager-enabled': ref(['T1557.001', 'T1110.002'], [GPO, AUTHENTICATION]),
  'gpo-weak-password-policy': ref(['T1110.001', 'T1110.003'], [PASSWORDS, GPO]),
  'password-like-string-found': ref(['T1552.001'], [PASSWORD_USE]),
  'privileged-user-deactivated': ref(['T1078.002'], [PRIV], ['vuln_privileged_members']),
  'group-schema-admins-not-empty': ref(['T1078.002'], [PRIV], ['vuln_privileged_members']),
  'object-duplicated-samaccountname': ref(['T1036'], [PLAN]),
  'computer-dc-no-constrained-delegation': ref(['T1558'], [HARDEN], ['vuln_delegation_a2d2']),
  'admincount-orphaned': ref(['T1078.002'], [PRIV]),
  'adminsdholder-acl-modified': ref(['T1098', 'T1222.001'], [HARDEN], ['vuln_permissions_adminsdholder']),
  'builtin-admin-password-old': ref(['T1078.002', 'T1110'], [HARDEN]),
  'computer-unconstrained-delegation': ref(['T1558'], [HARDEN], ['vuln_unconstrained_delegation']),
  'dcsync-rights-non-admin': ref(['T1003.006'], [HARDEN], ['vuln_permissions_naming_context']),
  'des-rc4-only-accounts': ref(['T1558.003'], [AUTHENTICATION]),
  'dnsadmins-members': ref(['T1068', 'T1078.002'], [PRIV, DNS], ['vuln_dnsadmins']),
  'dsheuristics-anonymous': ref(['T1087.002'], [HARDEN], ['vuln_dsheuristics_bad']),
  'functional-level-outdated': ref(['T1210'], [PLAN], ['vuln_functional_level']),
  'gpo-gpp-cpassword': ref(['T1552.006'], [GPO, PASSWORD_USE], ['vuln_gpp_password']),
  'sysvol-script-credentials': ref(['T1552.001', 'T1552.006'], [PASSWORD_USE, GPO]),
  'group-enterprise-admins-not-empty': ref(['T1078.002'], [PRIV], ['vuln_privileged_members']),
  'group-operators-not-empty': ref(['T1078.002'], [PRIV], ['vuln_privileged_members']),
  'guest-account-enabled': ref(['T1078.001'], [HARDEN]),
  'krbtgt-password-old': ref(['T1558.001'], [HARDEN], ['vuln_krbtgt']),
  'laps-not-deployed': ref(['T1078.003', 'T1550.002'], [HARDEN]),
  'machine-account-quota': ref(['T1136.002'], [HARDEN]),
  'obsolete-os': ref(['T1210']),
  'primary-group-nondefault': ref(['T1098'], [PRIV]),
  'privileged-password-never-expires': ref(['T1078.002'], [PASSWORDS, PRIV], ['vuln_dont_expire_priv']),
  'privileged-password-old': ref(['T1078.002', 'T1110'], [PASSWORDS, PRIV], ['vuln_password_change_priv']),
  'privileged-user-delegatable': ref(['T1558'], [PRIV, HARDEN]),
  'privileged-user-inactive': ref(['T1078.002'], [PRIV]),
  'privileged-user-spn': ref(['T1558.003'], [PRIV], ['vuln_spn_priv']),
  'protected-users-unused': ref(['T1003', 'T1550'], [HARDEN], ['vuln_protected_users']),
  'rbcd-on-sensitive-object': ref(['T1558'], [HARDEN], ['vuln_delegation_sourcedeleg']),
  'sidhistory-present': ref(['T1134.005'], [HARDEN]),
  'sidhistory-privileged-sid': ref(['T1134.005'], [HARDEN], ['vuln_sidhistory_dangerous']),
  'stale-accounts': ref(['T1078.002'], [ACCOUNTS], ['vuln_user_accounts_dormant']),
  'trust-sid-filtering-disabled': ref(['T1134.005', 'T1484.002'], [TRUSTS]),
  'user-no-preauth': ref(['T1558.004'], [AUTHENTICATION], ['vuln_kerberos_properties_preauth']),
  'user-password-not-required': ref(['T1078.002'], [PASSWORDS]),
  'user-reversible-encryption': ref(['T1003'], [PASSWORDS, AUTHENTICATION], ['vuln_reversible_password']),
  'user-spn-kerberoastable': ref(['T1558.003'], [AUTHENTICATION]),
  'attack-path-to-tier0': ref(['T1098', 'T1484.001', 'T1078.002'], [PRIV, HARDEN], ['vuln_permissions_naming_context']),
  'tier0-object-acl-weak': ref(['T1098', 'T1222.001'], [PRIV, HARDEN], ['vuln_permissions_naming_context', 'vuln_permissions_adminsdholder']),
  'ldap-signing-not-required': ref(['T1557'], [GPO, HARDEN, AUTHENTICATION]),
  'ldap-channel-binding-not-enforced': ref(['T1557'], [GPO, HARDEN, AUTHENTICATION]),
  'smb-signing-not-required-dc': ref(['T1557.001'], [GPO, HARDEN]),
  'powershell-logging-disabled': ref(['T1059.001', 'T1562.002'], [GPO, MONITORING]),
  'gpo-dangerous-user-rights': ref(['T1484.001', 'T1003.001'], [GPO]),
  'gpo-local-admin-everyone': ref(['T1484.001', 'T1078.003'], [GPO]),
  'gpo-writable-by-non-admins': ref(['T1484.001'], [GPO], ['vuln_permissions_gpo_priv']),
  'pre-win2000-compatible-access': ref(['T1087.002'], [HARDEN], ['vuln_compatible_2000_anonymous']),
  'computer-samaccountname-invalid': ref(['T1068', 'T1036'], [HARDEN]),
  'wdigest-enabled': ref(['T1003.001', 'T1003.005'], [GPO]),
  'adcs-template-esc1': ref(['T1649', 'T1078.002'], [HARDEN]),
  'adcs-template-esc2': ref(['T1649'], [HARDEN]),
  'adcs-template-esc3': ref(['T1649'], [HARDEN]),
  'adcs-template-esc4': ref(['T1649', 'T1222.001'], [HARDEN]),
  'adcs-ca-esc6': ref(['T1649'], [HARDEN]),
  'adcs-ca-esc7': ref(['T1649', 'T1078.002'], [PRIV, HARDEN]),
  'adcs-web-enrollment-esc8': ref(['T1649', 'T1557.001', 'T1187'], [HARDEN]),
  'adcs-template-esc9': ref(['T1649'], [HARDEN]),
  'adcs-template-esc13': ref(['T1649', 'T1078.002'], [HARDEN]),
  'adcs-template-esc15': ref(['T1649', 'T1068'], [HARDEN]),
  // Entra checks
  'entra-legacy-authentication-allowed': ref(['T1078.004', 'T1110.003'], ['ORP.4.A21']),
  'entra-privileged-onprem-user-synced': ref(['T1078.004', 'T1098.003']),
  'entra-admin-phishing-resistant-mfa-missing': ref(['T1078.004', 'T1621'], ['ORP.4.A21']),
  'entra-admin-without-mfa': ref(['T1078.004'], ['ORP.4.A21']),
  'entra-app-credential-lifetime': ref(['T1098.001']),
  'entra-connect-account-overprivileged': ref(['T1078.002', 'T1003.006']),
  'entra-device-code-flow-allowed': ref(['T1528', 'T1566']),
  'entra-global-admin-count': ref(['T1078.004', 'T1098.003']),
  'entra-guest-access-unrestricted': ref(['T1087.004']),
  'entra-guest-invite-everyone': ref(['T1078.004']),
  'entra-guest-privileged-role': ref(['T1098.003']),
  'entra-mfa-not-enforced': ref(['T1078.004', 'T1110'], ['ORP.4.A21']),
  'entra-onprem-tier0-synced': ref(['T1078.004']),
  'entra-permanent-privileged-assignment': ref(['T1098.003']),
  'entra-risk-policies-missing': ref(['T1078.004', 'T1110.003']),
  'entra-sp-dangerous-app-permissions': ref(['T1098.003', 'T1528']),
  'entra-stale-guest-accounts': ref(['T1078.004']),
  'entra-stale-privileged-user': ref(['T1078.004']),
  'entra-synced-admin-ad-disabled': ref(['T1078.004']),
  'entra-user-consent-allowed': ref(['T1528']),
  'entra-users-can-register-apps': ref(['T1098.001']),
  'entra-weak-auth-methods': ref(['T1111', 'T1621'], ['ORP.4.A21']),
  // IoA detectors
  'privileged-group-member-added': ref(['T1098.007', 'T1078.002'], [PRIV], ['vuln_privileged_members']),
  'admin-count-set': ref(['T1098']),
  'adminsdholder-acl-changed': ref(['T1098', 'T1222.001'], [HARDEN], ['vuln_permissions_adminsdholder']),
  'dcsync-rights-granted': ref(['T1003.006', 'T1222.001'], [HARDEN], ['vuln_permissions_naming_context']),
  dcshadow: ref(['T1207']),
  'spn-added-to-user': ref(['T1558.003'], [], ['vuln_spn_priv']),
  'asrep-roast-enabled': ref(['T1558.004'], [], ['vuln_kerberos_properties_preauth']),
  'shadow-credentials': ref(['T1556', 'T1098']),
  'delegation-configured': ref(['T1558'], [], ['vuln_unconstrained_delegation']),
  'sid-history-added': ref(['T1134.005'], [], ['vuln_sidhistory_dangerous']),
  'primary-group-hijack': ref(['T1098']),
  'gpo-tier0-changed': ref(['T1484.001'], [GPO]),
  'samaccountname-spoofing': ref(['T1068', 'T1036']),
  'lockout-storm': ref(['T1110.003']),
  'krbtgt-or-trust-changed': ref(['T1558.001', 'T1484.002'], [TRUSTS, MONITORING]),
  'mass-deletion': ref(['T1485', 'T1531']),
  'mass-change': ref(['T1531', 'T1098']),
  'domain-policy-weakened': ref(['T1484', 'T1136.002'], [PASSWORDS]),
  'dsheuristics-changed': ref(['T1484', 'T1087.002'], [HARDEN], ['vuln_dsheuristics_bad']),
  'guest-account-activated': ref(['T1078.001'], [HARDEN]),
  'pre-win2000-membership-changed': ref(['T1087.002', 'T1098'], [HARDEN], ['vuln_compatible_2000_anonymous']),
  'attack-path-created': ref(['T1098.007', 'T1078.002'], [PRIV]),
  'tier0-ace-added': ref(['T1222.001', 'T1098'], [PRIV, HARDEN]),
};

/** References of a check or detector slug (empty lists when none are recorded). */
export function referencesOf(slug: string): References {
  return REFERENCES[slug] ?? ref([]);
}

/** Whether a check or detector has references in a framework (the findings filter). */
export function hasFramework(slug: string, framework: Framework): boolean {
  return referencesOf(slug)[framework].length > 0;
}
