import type { IoaDetector } from '../types';
import { addedValues, commonName, defaults, finding, isAllowlisted, isProperty } from '../values';

/**
 * Issue 20: a member added to a group that has a path to Tier 0 (in the newest snapshot's attack paths) gets that path
 * too. Members of Tier-0 groups themselves are the job of privileged-group-member-added (a Tier-0 group has no
 * "path", it is Tier 0), and a member that already had a path gains nothing new.
 */
export const attackPathCreated: IoaDetector = {
  slug: 'attack-path-created',
  title: 'Neuer Angriffspfad zu Tier 0',
  description:
    'Ein Konto oder eine Gruppe wurde in eine Gruppe aufgenommen, die über Rechte, Mitgliedschaften oder Delegierungen einen Pfad zu Tier 0 hat: das neue Mitglied kann jetzt über diese Kette Domänen-Administrator werden.',
  severity: 'high',
  defaults: defaults(),
  properties: ['member'],
  async detect(change, settings, context) {
    if (change.objectClass !== 'group' || !isProperty(change, 'member') || !context.attackPaths) return null;
    const paths = await context.attackPaths();
    const groupPath = paths?.pathOf(change.objectGuid) ?? paths?.pathOf(change.distinguishedName) ?? null;
    if (!paths || !groupPath) return null;
    const added = addedValues(change).filter((member) => !isAllowlisted(settings, member) && paths.pathOf(member) === null);
    if (added.length === 0) return null;
    const group = commonName(change.distinguishedName);
    return finding(this, change, `${added.map(commonName).join(', ')} hat über „${group}“ einen Pfad zu Tier 0 (${groupPath.length + 1} Schritte)`, {
      group,
      addedMembers: added,
      pathLength: groupPath.length + 1,
      groupPath: groupPath.description,
    });
  },
};
