import { gpoObject } from '../affected';
import { defineCheck } from '../define-check';
import { appliedGpos, gpoOutcome, machineRegistryValues } from '../gpo-helpers';
import { type AffectedObject, threshold } from '../types';

const WDIGEST = 'system\\currentcontrolset\\control\\securityproviders\\wdigest';
const WINLOGON = 'software\\microsoft\\windows nt\\currentversion\\winlogon';

/** Issue 16 „WDigest/credential caching“: an applied GPO keeps clear-text WDigest credentials or caches many logons. */
export const wdigestEnabled = defineCheck({
  slug: 'wdigest-enabled',
  title: 'Klartext-Anmeldedaten (WDigest) oder viele zwischengespeicherte Anmeldungen per GPO',
  description:
    'Eine verknüpfte Gruppenrichtlinie schaltet WDigest ein (UseLogonCredential = 1) oder erlaubt mehr zwischengespeicherte Domänenanmeldungen als der Schwellenwert (CachedLogonsCount).',
  whyItMatters:
    'Mit WDigest liegen Kennwörter angemeldeter Benutzer im Klartext im Speicher von LSASS; ein Angreifer mit lokalen Adminrechten liest sie mit Mimikatz aus. Zwischengespeicherte Anmeldungen lassen sich offline knacken.',
  remediation: [
    'Setzen Sie UseLogonCredential auf 0 oder entfernen Sie die Einstellung (Standard ab Windows 8.1 / Server 2012 R2).',
    'Begrenzen Sie „Interaktive Anmeldung: Anzahl zwischenzuspeichernder vorheriger Anmeldungen“ auf Servern auf 0–2.',
  ],
  category: 'group-policy',
  criticality: 'high',
  scoreImpact: 6,
  directory: 'ad',
  thresholds: [{ key: 'maxCachedLogons', label: 'Höchstens erlaubte zwischengespeicherte Anmeldungen', unit: 'Anzahl', default: 10, min: 0, max: 50 }],
  detect(snapshot, settings) {
    const maxCached = threshold(this, settings, 'maxCachedLogons');
    const gpos = appliedGpos(snapshot);
    const affected: AffectedObject[] = [];
    for (const gpo of gpos) {
      for (const setting of machineRegistryValues(gpo)) {
        const name = setting.valueName.toLowerCase();
        if (setting.key === WDIGEST && name === 'uselogoncredential' && Number(setting.value) === 1) {
          affected.push(gpoObject(gpo, `UseLogonCredential = 1 (${setting.source}): WDigest speichert Klartext-Kennwörter`, 'wdigest'));
        }
        if (setting.key === WINLOGON && name === 'cachedlogonscount' && Number(setting.value.replace(/"/g, '')) > maxCached) {
          affected.push(gpoObject(gpo, `CachedLogonsCount = ${setting.value} (${setting.source}, > ${maxCached})`, 'cachedlogons'));
        }
      }
    }
    return gpoOutcome(affected, gpos);
  },
});
