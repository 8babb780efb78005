import { principalObject } from '../affected';
import { defineCheck } from '../define-check';
import { isEnabled } from '../snapshot-index';
import { found } from '../types';

export const privilegedUserSpn = defineCheck({
  slug: 'privileged-user-spn',
  title: 'Privilegiertes Konto mit Dienstprinzipalnamen (Kerberoasting)',
  description: 'Ein aktives Konto in einer privilegierten Gruppe hat einen Dienstprinzipalnamen (SPN).',
  whyItMatters:
    'Für jedes Konto mit SPN kann jeder Domänenbenutzer ein Dienstticket anfordern und das Kennwort offline knacken (Kerberoasting). Bei einem Administratorkonto führt das direkt zur Domänenübernahme.',
  remediation: [
    'Entfernen Sie den SPN vom Administratorkonto oder das Konto aus der privilegierten Gruppe.',
    'Betreiben Sie Dienste mit gruppenverwalteten Dienstkonten (gMSA).',
  ],
  category: 'kerberos',
  criticality: 'high',
  scoreImpact: 8,
  directory: 'ad',
  thresholds: [],
  detect(_snapshot, _settings, index) {
    return found(
      index
        .privilegedUsers()
        .filter(({ user }) => isEnabled(user) && user.servicePrincipalNames.length > 0)
        .map(({ user, groups }) => principalObject(user, `SPN ${user.servicePrincipalNames.join(', ')}; Mitglied von ${groups.join(', ')}`)),
    );
  },
});
