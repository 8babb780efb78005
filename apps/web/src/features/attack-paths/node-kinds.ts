import type { AttackPathNode } from '@burgwall/shared';

export const NODE_KIND_LABEL: Record<AttackPathNode['kind'], string> = {
  user: 'Benutzer',
  computer: 'Computer',
  group: 'Gruppe',
  principal: 'Sicherheitsprinzipal',
  ou: 'Organisationseinheit',
  container: 'Container',
  gpo: 'Gruppenrichtlinie',
  domain: 'Domäne',
  adminsdholder: 'AdminSDHolder',
  template: 'Zertifikatvorlage',
};
