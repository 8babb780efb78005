import { germanDate, principalObject } from '../affected';
import { defineCheck } from '../define-check';
import { RID, isEnabled } from '../snapshot-index';
import { found, threshold } from '../types';
import type { CheckUser } from '../check-snapshot';

/** CHECKS.md §2.2 #2: enabled users in Domain Admins (nested and primary group) above the limit. */
export const countDomainAdmins = defineCheck({
  slug: 'count-domain-admins',
  title: 'Zu viele Domänen-Administratoren',
  description: 'Die Gruppe „Domänen-Admins“ hat mehr aktive Benutzer als der eingestellte Höchstwert.',
  whyItMatters:
    'Jedes Domänen-Admin-Konto kann die gesamte Domäne übernehmen. Je mehr solche Konten es gibt, desto größer ist die Angriffsfläche für Phishing, Kennwortdiebstahl und Pass-the-Hash.',
  remediation: [
    'Entfernen Sie Konten, die keine domänenweiten Rechte brauchen, aus „Domänen-Admins“.',
    'Vergeben Sie delegierte Rechte (z. B. auf OU-Ebene) statt Domänen-Admin-Mitgliedschaft.',
    'Nutzen Sie getrennte, persönliche Administrationskonten nur für Tier-0-Aufgaben.',
  ],
  category: 'privileged-accounts',
  criticality: 'medium',
  scoreImpact: 5,
  directory: 'ad',
  thresholds: [{ key: 'maxDomainAdmins', label: 'Höchstzahl aktiver Domänen-Admins', unit: 'Konten', default: 5, min: 1, max: 100 }],
  detect(_snapshot, settings, index) {
    const group = index.group(RID.DOMAIN_ADMINS);
    if (!group) return found([]);
    const enabledUsers = index
      .transitiveMembers(group)
      .filter((account): account is CheckUser => !('dnsHostName' in account) && isEnabled(account));
    if (enabledUsers.length <= threshold(this, settings, 'maxDomainAdmins')) return found([]);
    return found(
      enabledUsers.map((account) =>
        principalObject(
          account,
          `Aktiver Domänen-Admin; letzte Anmeldung ${germanDate(account.lastLogonTimestamp)}, Kennwort gesetzt ${germanDate(account.pwdLastSet)}`,
        ),
      ),
    );
  },
});
