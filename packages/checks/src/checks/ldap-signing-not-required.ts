import { requireDcRegistryValue } from '../dc-registry-requirement';
import { defineCheck } from '../define-check';

/** CHECKS.md §3 #31: LDAPServerIntegrity on the DCs after GPO precedence. */
export const ldapSigningNotRequired = defineCheck({
  slug: 'ldap-signing-not-required',
  title: 'LDAP-Signatur auf Domänencontrollern nicht erforderlich',
  description: 'Die für die Domänencontroller wirksame Gruppenrichtlinie verlangt keine LDAP-Signatur (LDAPServerIntegrity ist nicht 2).',
  whyItMatters:
    'Ohne LDAP-Signatur kann ein Angreifer im Netz eine NTLM-Anmeldung an den Domänencontroller weiterleiten (NTLM-Relay) und mit den Rechten des Opfers Objekte im Verzeichnis ändern, etwa sich selbst Rechte geben.',
  remediation: [
    'Setzen Sie in der Default Domain Controllers Policy „Domänencontroller: Signaturanforderungen für LDAP-Server“ auf „Signatur erforderlich“.',
    'Prüfen Sie vorher mit Ereignis 2889 im Verzeichnisdienst-Protokoll, welche Clients noch unsigniert binden.',
  ],
  category: 'group-policy',
  criticality: 'medium',
  scoreImpact: 5,
  directory: 'ad',
  thresholds: [],
  detect: requireDcRegistryValue({
    key: 'System\\CurrentControlSet\\Services\\NTDS\\Parameters',
    valueName: 'LDAPServerIntegrity',
    secure: (value) => Number(value) === 2,
    secureText: '2 (Signatur erforderlich)',
    unsetMeans: 'Windows verlangt dann keine Signatur',
  }),
});
