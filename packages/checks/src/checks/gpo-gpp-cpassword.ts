import { gpoObject, maskSecret } from '../affected';
import { defineCheck } from '../define-check';
import { gpoOutcome, xmlAttributes } from '../gpo-helpers';
import type { AffectedObject } from '../types';

export const gpoGppCpassword = defineCheck({
  slug: 'gpo-gpp-cpassword',
  title: 'Kennwort in Gruppenrichtlinien-Einstellungen (cpassword)',
  description: 'Eine Gruppenrichtlinien-Einstellung (Groups.xml, Services.xml, ScheduledTasks.xml …) enthält ein verschlüsseltes Kennwort (cpassword).',
  whyItMatters:
    'Der Schlüssel für cpassword wurde von Microsoft veröffentlicht (MS14-025). Jeder Domänenbenutzer kann das Kennwort aus SYSVOL lesen und sofort entschlüsseln.',
  remediation: ['Löschen Sie die Einstellungselemente mit Kennwort aus der Gruppenrichtlinie.', 'Ändern Sie die Kennwörter der betroffenen Konten.', 'Nutzen Sie LAPS für lokale Administratoren.'],
  category: 'secrets',
  criticality: 'critical',
  scoreImpact: 15,
  directory: 'ad',
  thresholds: [],
  detect(snapshot) {
    const affected: AffectedObject[] = [];
    for (const gpo of snapshot.gpos) {
      for (const [file, text] of Object.entries(gpo.files.preferences)) {
        for (const tag of text.match(/<Properties\b[^>]*cpassword\s*=\s*"[^"]+"[^>]*>/gi) ?? []) {
          const attributes = xmlAttributes(tag);
          const account = attributes.username ?? attributes.accountname ?? attributes.runas ?? '?';
          affected.push(gpoObject(gpo, `${file}: Konto ${account}, cpassword ${maskSecret(attributes.cpassword ?? '')}`, `${file}:${account}`));
        }
      }
    }
    return gpoOutcome(affected, snapshot.gpos);
  },
});
