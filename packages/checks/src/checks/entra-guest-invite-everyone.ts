import { defineEntraCheck } from '../define-check';
import { tenantAffected } from '../entra-helpers';
import { found } from '../types';

/** CHECKS.md §3 E8 (ScubaGear MS.AAD.8.2v1): anyone, guests included, may invite guests. */
export const entraGuestInviteEveryone = defineEntraCheck({
  slug: 'entra-guest-invite-everyone',
  title: 'Jeder darf Gäste in den Mandanten einladen',
  description: 'Die Einladungseinstellungen erlauben allen Benutzern einschließlich der Gäste, weitere externe Benutzer einzuladen (allowInvitesFrom = everyone).',
  whyItMatters: 'Ungesteuerte Einladungen füllen das Verzeichnis mit externen Konten, die niemand verwaltet, und geben einem Angreifer mit einem Gastkonto die Möglichkeit, weitere Konten nachzuziehen.',
  remediation: ['Beschränken Sie Einladungen auf Administratoren und die Rolle „Gasteinladender“.'],
  category: 'entra',
  criticality: 'low',
  scoreImpact: 2,
  directory: 'entra',
  needs: ['authorizationPolicy'],
  thresholds: [],
  detect(entra) {
    return found(entra.authorizationPolicy?.allowInvitesFrom === 'everyone' ? [tenantAffected(entra, 'allowInvitesFrom = everyone')] : []);
  },
});
