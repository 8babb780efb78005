import { defineEntraCheck } from '../define-check';
import { daysSince, germanDate, isGuest, lastSignIn, userAffected } from '../entra-helpers';
import { type AffectedObject, found, threshold } from '../types';

/** Enabled guest accounts without a sign-in (or never signed in since creation) for longer than the threshold. */
export const entraStaleGuestAccounts = defineEntraCheck({
  slug: 'entra-stale-guest-accounts',
  title: 'Inaktive Gastkonten',
  description: 'Aktivierte Gastbenutzer haben sich seit mehr als der eingestellten Anzahl Tage nicht angemeldet oder eine Einladung nie angenommen.',
  whyItMatters:
    'Vergessene Gastkonten behalten Zugriff auf Teams, SharePoint und Dateien, obwohl die Zusammenarbeit längst beendet ist. Ihre Sicherheit liegt beim fremden Mandanten.',
  remediation: ['Entfernen oder deaktivieren Sie die inaktiven Gastkonten.', 'Richten Sie Zugriffsüberprüfungen für Gäste ein (Entra ID P2).'],
  category: 'entra',
  criticality: 'low',
  scoreImpact: 2,
  directory: 'entra',
  needs: ['users', 'signInActivity'],
  thresholds: [{ key: 'days', label: 'Tage ohne Anmeldung', unit: 'Tage', default: 90, min: 14, max: 730 }],
  detect(entra, settings) {
    const limit = threshold(this, settings, 'days');
    const affected: AffectedObject[] = [];
    for (const user of entra.users) {
      if (!isGuest(user) || user.accountEnabled === false) continue;
      const last = lastSignIn(user);
      const age = daysSince(entra, last ?? user.createdDateTime);
      if (age === null || age <= limit) continue;
      affected.push(userAffected(user, last ? `Letzte Anmeldung ${germanDate(last)}` : `Nie angemeldet, eingeladen ${user.createdDateTime ? germanDate(user.createdDateTime) : 'unbekannt'}`));
    }
    return found(affected);
  },
});
