import { gpoObject } from '../affected';
import { defineCheck } from '../define-check';
import { appliedGpos, gpoOutcome, machineRegistryValues } from '../gpo-helpers';
import { type AffectedObject, threshold } from '../types';

const LSA = 'system\\currentcontrolset\\control\\lsa';

/** CHECKS.md §2.2 #4: an applied GPO allows LM / NTLMv1 (LmCompatibilityLevel ≤ limit) or stores LM hashes. */
export const gpoLanmanagerEnabled = defineCheck({
  slug: 'gpo-lanmanager-enabled',
  title: 'LAN Manager / NTLMv1 per Gruppenrichtlinie erlaubt',
  description:
    'Eine verknüpfte Gruppenrichtlinie erlaubt LM- oder NTLMv1-Authentifizierung (LmCompatibilityLevel zu niedrig) oder die Speicherung von LM-Hashes (NoLMHash = 0).',
  whyItMatters:
    'LM- und NTLMv1-Antworten lassen sich in Minuten knacken oder weiterleiten. Angreifer im Netz erhalten so Kennwort-Hashes von Benutzern und Computern.',
  remediation: [
    'Setzen Sie „Netzwerksicherheit: LAN Manager-Authentifizierungsebene“ auf „Nur NTLMv2-Antworten senden. LM & NTLM verweigern“ (Stufe 5).',
    'Aktivieren Sie „Keine LAN Manager-Hashwerte für nächste Kennwortänderung speichern“ (NoLMHash = 1).',
    'Prüfen Sie vorher mit der NTLM-Überwachung, welche Altsysteme noch NTLMv1 nutzen.',
  ],
  category: 'group-policy',
  criticality: 'high',
  scoreImpact: 8,
  directory: 'ad',
  thresholds: [
    { key: 'maxWeakLevel', label: 'LmCompatibilityLevel gilt bis einschließlich dieser Stufe als unsicher', unit: 'Stufe', default: 2, min: 0, max: 4 },
  ],
  detect(snapshot, settings) {
    const maxWeak = threshold(this, settings, 'maxWeakLevel');
    const affected: AffectedObject[] = [];
    const gpos = appliedGpos(snapshot);
    for (const gpo of gpos) {
      const lsa = machineRegistryValues(gpo).filter((setting) => setting.key === LSA);
      const level = lsa.find((setting) => setting.valueName.toLowerCase() === 'lmcompatibilitylevel');
      const noLmHash = lsa.find((setting) => setting.valueName.toLowerCase() === 'nolmhash');
      const reasons: string[] = [];
      if (level && Number(level.value) <= maxWeak) reasons.push(`LmCompatibilityLevel = ${level.value} (${level.source})`);
      if (noLmHash && Number(noLmHash.value) === 0) reasons.push(`NoLMHash = 0 (${noLmHash.source})`);
      if (reasons.length > 0) affected.push(gpoObject(gpo, reasons.join('; ')));
    }
    return gpoOutcome(affected, gpos);
  },
});
