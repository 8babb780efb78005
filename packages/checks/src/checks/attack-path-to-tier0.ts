import { defineCheck } from '../define-check';
import { analyseAttackPaths, buildControlGraph, describePath } from '../attack-paths';
import { found } from '../types';

/** Issue 20: principals outside Tier 0 with a chain of control edges to a Tier-0 object (docs/attack-paths.md). */
export const attackPathToTier0 = defineCheck({
  slug: 'attack-path-to-tier0',
  title: 'Angriffspfade zu Tier 0',
  description:
    'Konten oder Gruppen außerhalb von Tier 0 können über eine Kette von Berechtigungen, Mitgliedschaften, GPO-Verknüpfungen oder Delegierungen die Kontrolle über ein Tier-0-Objekt (z. B. „Domänen-Admins“, Domänencontroller, Domänenkopf) erlangen.',
  whyItMatters:
    'Ein Angreifer, der eines dieser Konten übernimmt, wird über den Pfad Domänen-Administrator, ohne eine einzige Schwachstelle auszunutzen: Er verwendet nur Rechte, die das Verzeichnis ihm gibt. Genau diese Pfade suchen Werkzeuge wie BloodHound zuerst.',
  remediation: [
    'Öffnen Sie die Seite „Angriffspfade“ und beginnen Sie mit dem ersten vorgeschlagenen Schnitt: er trennt die meisten Konten von Tier 0.',
    'Entfernen Sie delegierte Rechte auf Tier-0-Objekte und auf Konten, die in Tier-0-Gruppen sind; vergeben Sie Helpdesk-Rechte nur auf OUs ohne privilegierte Konten.',
    'Verknüpfen Sie GPOs, die Nicht-Administratoren bearbeiten dürfen, nicht mit OUs, in denen Server mit uneingeschränkter Delegierung oder Tier-0-Konten liegen.',
  ],
  category: 'privileged-accounts',
  criticality: 'critical',
  scoreImpact: 15,
  directory: 'ad',
  thresholds: [],
  detect(snapshot, _settings, index, client) {
    const result = analyseAttackPaths(buildControlGraph(snapshot, { extraTier0: client?.extraTier0 ?? [] }, index), { maxCuts: 0 });
    return found(
      result.principals.map(({ principal, steps }) => ({
        objectKey: principal.objectKey,
        objectType: principal.kind === 'computer' ? 'computer' : principal.kind === 'group' ? 'group' : 'user',
        name: principal.name,
        distinguishedName: principal.distinguishedName,
        evidence: `${steps.length} ${steps.length === 1 ? 'Schritt' : 'Schritte'}: ${describePath(steps)}`,
      })),
    );
  },
});
