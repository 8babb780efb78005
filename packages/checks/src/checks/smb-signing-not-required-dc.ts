import { requireDcRegistryValue } from '../dc-registry-requirement';
import { defineCheck } from '../define-check';

/** CHECKS.md §3 #32: RequireSecuritySignature of the SMB server on the DCs after GPO precedence. */
export const smbSigningNotRequiredDc = defineCheck({
  slug: 'smb-signing-not-required-dc',
  title: 'SMB-Signatur auf Domänencontrollern nicht erforderlich',
  description: 'Die für die Domänencontroller wirksame Gruppenrichtlinie verlangt für den SMB-Server keine Signatur (RequireSecuritySignature ist nicht 1).',
  whyItMatters:
    'Ohne SMB-Signatur kann ein Angreifer Anmeldungen an SYSVOL und NETLOGON weiterleiten oder Gruppenrichtlinien-Dateien unterwegs verändern.',
  remediation: ['Aktivieren Sie „Microsoft-Netzwerk (Server): Kommunikation digital signieren (immer)“ in der Default Domain Controllers Policy.'],
  category: 'group-policy',
  criticality: 'medium',
  scoreImpact: 4,
  directory: 'ad',
  thresholds: [],
  detect: requireDcRegistryValue({
    key: 'System\\CurrentControlSet\\Services\\LanManServer\\Parameters',
    valueName: 'RequireSecuritySignature',
    secure: (value) => Number(value) === 1,
    secureText: '1 (immer signieren)',
    unsetMeans: 'es gilt dann der Windows-Standard, den die Default Domain Controllers Policy normalerweise setzt',
  }),
});
