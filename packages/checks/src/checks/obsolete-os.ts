import { principalObject } from '../affected';
import { defineCheck } from '../define-check';
import { ageInDays, isEnabled } from '../snapshot-index';
import { found, threshold } from '../types';

/** Operating systems without security updates (end of extended support). */
const OBSOLETE = [/windows (xp|vista|7|8(\.1)?)\b/i, /windows 2000/i, /server 200[038]/i, /server 2012/i, /windows 10 (pro|enterprise|home|education)(?! ltsc)/i];

export const obsoleteOs = defineCheck({
  slug: 'obsolete-os',
  title: 'Veraltete Betriebssysteme',
  description: 'Aktive Computer laufen mit einem Betriebssystem, für das es keine Sicherheitsupdates mehr gibt.',
  whyItMatters: 'Bekannte Lücken werden auf diesen Systemen nicht mehr geschlossen. Sie sind ein bevorzugter Einstiegspunkt für Ransomware.',
  remediation: ['Aktualisieren oder ersetzen Sie die Systeme.', 'Isolieren Sie Systeme, die nicht ersetzt werden können, im Netzwerk.'],
  category: 'domain-configuration',
  criticality: 'high',
  scoreImpact: 6,
  directory: 'ad',
  thresholds: [{ key: 'activeDays', label: 'Computer gilt als aktiv bei Anmeldung innerhalb von', unit: 'Tage', default: 90, min: 7, max: 365 }],
  detect(snapshot, settings) {
    const activeDays = threshold(this, settings, 'activeDays');
    // Thousands of computers share a handful of OS names: match each distinct name once.
    const obsoleteByName = new Map<string, boolean>();
    const isObsolete = (name: string) => {
      let obsolete = obsoleteByName.get(name);
      if (obsolete === undefined) {
        obsolete = OBSOLETE.some((pattern) => pattern.test(name));
        obsoleteByName.set(name, obsolete);
      }
      return obsolete;
    };
    return found(
      snapshot.computers
        .filter((computer) => {
          const age = ageInDays(computer.lastLogonTimestamp, snapshot.collectedAt);
          return isEnabled(computer) && age !== null && age <= activeDays && isObsolete(computer.operatingSystem ?? '');
        })
        .map((computer) => principalObject(computer, `${computer.operatingSystem} ${computer.operatingSystemVersion ?? ''}`.trim())),
    );
  },
});
