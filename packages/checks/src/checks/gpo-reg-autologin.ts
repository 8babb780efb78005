import { gpoObject, maskSecret } from '../affected';
import { defineCheck } from '../define-check';
import { gpoOutcome, machineRegistryValues } from '../gpo-helpers';

const WINLOGON = 'software\\microsoft\\windows nt\\currentversion\\winlogon';

/** CHECKS.md §2.2 #1. All GPOs count, even disabled ones: SYSVOL stays readable to every user. */
export const gpoRegAutologin = defineCheck({
  slug: 'gpo-reg-autologin',
  title: 'Automatische Anmeldung per Gruppenrichtlinie',
  description:
    'Eine Gruppenrichtlinie richtet die automatische Windows-Anmeldung (AutoAdminLogon) ein und speichert dabei meist ein Kennwort im Klartext.',
  whyItMatters:
    'Die Dateien einer Gruppenrichtlinie liegen in SYSVOL und sind für jeden Domänenbenutzer lesbar. Ein dort hinterlegtes Kennwort (DefaultPassword) kann jeder Mitarbeiter und jede Schadsoftware im Netz auslesen.',
  remediation: [
    'Löschen Sie das Einstellungselement (nicht nur deaktivieren) aus der Gruppenrichtlinie.',
    'Setzen Sie das Kennwort des betroffenen Kontos sofort zurück.',
    'Nutzen Sie für Kiosk-Geräte „Zugewiesener Zugriff“ und für lokale Administratoren LAPS.',
  ],
  category: 'secrets',
  criticality: 'critical',
  scoreImpact: 15,
  directory: 'ad',
  thresholds: [],
  detect(snapshot) {
    const affected = [];
    for (const gpo of snapshot.gpos) {
      const values = machineRegistryValues(gpo).filter((setting) => setting.key === WINLOGON);
      const byName = (name: string) => values.find((setting) => setting.valueName.toLowerCase() === name.toLowerCase());
      const password = byName('DefaultPassword');
      const autoLogon = byName('AutoAdminLogon');
      const userName = byName('DefaultUserName')?.value;
      if (password && password.value !== '') {
        affected.push(
          gpoObject(
            gpo,
            `DefaultPassword (${password.source}) = ${maskSecret(password.value)}${userName ? `, Benutzer ${userName}` : ''}`,
            'password',
          ),
        );
      } else if (autoLogon?.value === '1') {
        affected.push(gpoObject(gpo, `AutoAdminLogon = 1 (${autoLogon.source})${userName ? `, Benutzer ${userName}` : ''}`, 'autologon'));
      }
    }
    return gpoOutcome(affected, snapshot.gpos);
  },
});
