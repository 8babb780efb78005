import { GUEST_ROLE_IDS } from '@burgwall/shared';
import { defineEntraCheck } from '../define-check';
import { tenantAffected } from '../entra-helpers';
import { found } from '../types';

const LABELS: Record<string, string> = {
  [GUEST_ROLE_IDS.sameAsMembers]: 'wie Mitglieder',
  [GUEST_ROLE_IDS.guestUser]: 'eingeschränkt (Standard)',
};

/** CHECKS.md §3 E7 (ScubaGear MS.AAD.8.1v1): guests are not on the most restricted guest role. */
export const entraGuestAccessUnrestricted = defineEntraCheck({
  slug: 'entra-guest-access-unrestricted',
  title: 'Gastbenutzer sehen mehr als ihre eigenen Verzeichnisobjekte',
  description:
    'Die Gastbenutzerrolle ist nicht auf „Eingeschränkter Gastzugriff“ gesetzt: Gäste können Benutzer, Gruppen und Gruppenmitgliedschaften des Mandanten auflisten.',
  whyItMatters:
    'Ein kompromittiertes Gastkonto eines Partners kann sonst das ganze Verzeichnis auslesen und so Administratoren und lohnende Ziele für Phishing finden.',
  remediation: ['Setzen Sie unter „Externe Identitäten → Externe Kollaborationseinstellungen“ den Gastbenutzerzugriff auf die restriktivste Stufe.'],
  category: 'entra',
  criticality: 'medium',
  scoreImpact: 3,
  directory: 'entra',
  needs: ['authorizationPolicy'],
  thresholds: [],
  detect(entra) {
    const role = entra.authorizationPolicy?.guestUserRoleId;
    if (!role || role === GUEST_ROLE_IDS.restrictedGuest) return found([]);
    return found([tenantAffected(entra, `Gastzugriff: ${LABELS[role] ?? role}`)]);
  },
});
