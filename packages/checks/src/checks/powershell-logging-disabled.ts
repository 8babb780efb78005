import { requireDcRegistryValue } from '../dc-registry-requirement';
import { defineCheck } from '../define-check';

/** Issue 16: PowerShell script block logging on the DCs after GPO precedence. */
export const powershellLoggingDisabled = defineCheck({
  slug: 'powershell-logging-disabled',
  title: 'PowerShell-Skriptblockprotokollierung auf Domänencontrollern aus',
  description: 'Keine für die Domänencontroller wirksame Gruppenrichtlinie schaltet die PowerShell-Skriptblockprotokollierung ein (EnableScriptBlockLogging ist nicht 1).',
  whyItMatters:
    'Angreifer nutzen PowerShell auf Domänencontrollern für DCSync, Persistenz und Aufklärung. Ohne Skriptblockprotokoll fehlt der wichtigste Nachweis für die Aufarbeitung eines Vorfalls.',
  remediation: ['Aktivieren Sie „Administrative Vorlagen → Windows-Komponenten → Windows PowerShell → PowerShell-Skriptblockprotokollierung aktivieren“ in einer GPO für die Domänencontroller.'],
  category: 'group-policy',
  criticality: 'low',
  scoreImpact: 2,
  directory: 'ad',
  thresholds: [],
  detect: requireDcRegistryValue({
    key: 'Software\\Policies\\Microsoft\\Windows\\PowerShell\\ScriptBlockLogging',
    valueName: 'EnableScriptBlockLogging',
    secure: (value) => Number(value) === 1,
    secureText: '1 (aktiviert)',
    unsetMeans: 'Windows protokolliert Skriptblöcke dann nicht',
  }),
});
