import { requireDcRegistryValue } from '../dc-registry-requirement';
import { defineCheck } from '../define-check';

/** CHECKS.md §3 #31 (channel binding half): LdapEnforceChannelBinding on the DCs after GPO precedence. */
export const ldapChannelBindingNotEnforced = defineCheck({
  slug: 'ldap-channel-binding-not-enforced',
  title: 'LDAPS-Kanalbindung auf Domänencontrollern nicht erzwungen',
  description: 'Die für die Domänencontroller wirksame Gruppenrichtlinie erzwingt keine Kanalbindung für LDAP über TLS (LdapEnforceChannelBinding ist nicht 2).',
  whyItMatters:
    'Ohne Kanalbindung lässt sich eine NTLM-Anmeldung auch über LDAPS an den Domänencontroller weiterleiten; die LDAP-Signatur schützt LDAPS-Verbindungen nicht.',
  remediation: [
    'Setzen Sie „Domänencontroller: Anforderungen an das LDAP-Server-Kanalbindungstoken“ auf „Immer“.',
    'Prüfen Sie vorher mit Ereignis 3039, welche Clients keine Kanalbindung unterstützen.',
  ],
  category: 'group-policy',
  criticality: 'medium',
  scoreImpact: 4,
  directory: 'ad',
  thresholds: [],
  detect: requireDcRegistryValue({
    key: 'System\\CurrentControlSet\\Services\\NTDS\\Parameters',
    valueName: 'LdapEnforceChannelBinding',
    secure: (value) => Number(value) === 2,
    secureText: '2 (immer)',
    unsetMeans: 'Windows erzwingt die Kanalbindung dann nicht',
  }),
});
