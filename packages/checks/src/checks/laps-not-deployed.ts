import { principalObject } from '../affected';
import { defineCheck } from '../define-check';
import { ageInDays, isDomainController, isEnabled } from '../snapshot-index';
import { found, threshold } from '../types';

export const lapsNotDeployed = defineCheck({
  slug: 'laps-not-deployed',
  title: 'LAPS nicht flächendeckend eingesetzt',
  description: 'Zu wenige aktive Arbeitsplätze und Server verwalten ihr lokales Administratorkennwort mit LAPS.',
  whyItMatters: 'Ohne LAPS haben lokale Administratorkonten oft auf allen Geräten dasselbe Kennwort. Ein kompromittierter Rechner öffnet so per Pass-the-Hash alle anderen.',
  remediation: ['Führen Sie Windows LAPS per Gruppenrichtlinie für alle Arbeitsplätze und Server ein.', 'Prüfen Sie die aufgeführten Computer auf fehlende Richtlinien.'],
  category: 'domain-configuration',
  criticality: 'high',
  scoreImpact: 8,
  directory: 'ad',
  thresholds: [
    { key: 'minCoveragePercent', label: 'Mindestabdeckung aktiver Computer', unit: 'Prozent', default: 90, min: 0, max: 100 },
    { key: 'activeDays', label: 'Computer gilt als aktiv bei Anmeldung innerhalb von', unit: 'Tage', default: 90, min: 7, max: 365 },
  ],
  detect(snapshot, settings) {
    const activeDays = threshold(this, settings, 'activeDays');
    const active = snapshot.computers.filter((computer) => {
      const age = ageInDays(computer.lastLogonTimestamp, snapshot.collectedAt);
      return !isDomainController(computer) && isEnabled(computer) && age !== null && age <= activeDays;
    });
    if (active.length === 0) return found([]);
    const without = active.filter((computer) => computer.lapsPasswordExpiry === null);
    const coverage = ((active.length - without.length) / active.length) * 100;
    if (coverage >= threshold(this, settings, 'minCoveragePercent')) return found([]);
    const summary = `Abdeckung ${coverage.toFixed(0)} % (${active.length - without.length} von ${active.length})`;
    return found(without.map((computer) => principalObject(computer, `Kein LAPS-Kennwort; ${summary}`)));
  },
});
