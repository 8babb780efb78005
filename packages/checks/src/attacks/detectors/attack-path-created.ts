import type { Ace } from '@burgwall/shared';
import { type TargetKind, edgesOfAce } from '../../attack-paths/ace-edges';
import type { AttackPathLookup, ChangeRecord, DetectionContext, DetectorSettings, IoaDetector, IoaFinding, PathSummary } from '../types';
import { type AceKey, addedValues, commonName, defaults, descriptorAces, finding, isAllowlisted, isProperty } from '../values';

const TARGET_KIND: Record<string, TargetKind> = { user: 'user', computer: 'computer', group: 'group', organizationalUnit: 'other' };

const asAce = (ace: AceKey): Ace => ({ type: ace.allowObject ? 'allow-object' : 'allow', trustee: ace.trustee, accessMask: ace.accessMask, objectType: ace.objectType || null, inheritedObjectType: null, flags: ace.flags });
const ownerOf = (text: string | null) => /^owner (\S+)/m.exec(text ?? '')?.[1]?.toUpperCase() ?? null;

/**
 * Issue 20: someone outside Tier 0 without a path gets one. Two ways: joining a group that has a path to Tier 0, or
 * gaining control of an object that has one (a new ACE with control rights, or ownership). Rights and members on
 * Tier-0 objects themselves are the job of tier0-ace-added and privileged-group-member-added (a Tier-0 object has no
 * "path", it is Tier 0), and a principal that already had a path gains nothing new.
 *
 * The lookup may describe the directory with this change already applied: then the new principal's shortest path
 * starts with the new edge (onto the changed group or object). A principal whose shortest path starts elsewhere had a
 * path without this change; one whose path starts with it gained a path, or a shorter one, and is reported.
 */
export const attackPathCreated: IoaDetector = {
  slug: 'attack-path-created',
  title: 'Neuer Angriffspfad zu Tier 0',
  description:
    'Ein Konto oder eine Gruppe erhielt einen Pfad zu Tier 0: durch Aufnahme in eine Gruppe mit einem solchen Pfad oder durch neue Rechte (Vollzugriff, Schreib-, Besitz- oder Kennwortrechte) auf ein Objekt mit einem solchen Pfad. Über diese Kette kann es jetzt Domänen-Administrator werden.',
  severity: 'high',
  defaults: defaults(),
  properties: ['member', 'ntsecuritydescriptor'],
  async detect(change, settings, context) {
    if (!context.attackPaths) return null;
    const isMember = change.objectClass === 'group' && isProperty(change, 'member');
    const isAcl = isProperty(change, 'nTSecurityDescriptor') && change.oldValue !== null && TARGET_KIND[change.objectClass] !== undefined;
    if (!isMember && !isAcl) return null;
    const paths = await context.attackPaths();
    const targetPath = paths?.pathOf(change.objectGuid) ?? paths?.pathOf(change.distinguishedName) ?? null;
    if (!paths || !targetPath) return null;
    return isMember ? newMembers(this, change, settings, paths, targetPath) : newControllers(this, change, settings, paths, targetPath, context);
  },
};

type TargetPath = PathSummary;

/** Whether `key` reaches Tier 0 other than through the changed object (`changed`: its guid and DN, lower case). */
function hadPathBefore(paths: AttackPathLookup, key: string, changed: readonly string[]): boolean {
  const path = paths.pathOf(key);
  return path !== null && !path.firstHop.some((hop) => changed.includes(hop));
}

const changedKeys = (change: ChangeRecord) => [change.objectGuid.toLowerCase(), change.distinguishedName.toLowerCase()];

function newMembers(detector: IoaDetector, change: ChangeRecord, settings: DetectorSettings, paths: AttackPathLookup, groupPath: TargetPath): IoaFinding | null {
  const changed = changedKeys(change);
  const added = addedValues(change).filter((member) => !isAllowlisted(settings, member) && !hadPathBefore(paths, member, changed));
  if (added.length === 0) return null;
  const group = commonName(change.distinguishedName);
  return finding(detector, change, `${added.map(commonName).join(', ')} hat über „${group}“ einen Pfad zu Tier 0 (${groupPath.length + 1} Schritte)`, {
    group,
    addedMembers: added,
    pathLength: groupPath.length + 1,
    groupPath: groupPath.description,
  });
}

async function newControllers(
  detector: IoaDetector,
  change: ChangeRecord,
  settings: DetectorSettings,
  paths: AttackPathLookup,
  objectPath: TargetPath,
  context: DetectionContext,
): Promise<IoaFinding | null> {
  const kind = TARGET_KIND[change.objectClass] as TargetKind;
  const before = new Set(descriptorAces(change.oldValue).map((ace) => ace.key));
  const grantees = descriptorAces(change.newValue)
    .filter((ace) => !before.has(ace.key) && edgesOfAce(asAce(ace), kind).length > 0)
    .map((ace) => ace.trustee);
  const newOwner = ownerOf(change.newValue);
  if (newOwner && newOwner !== ownerOf(change.oldValue)) grantees.push(newOwner);
  const changed = changedKeys(change);
  const trustees = [...new Set(grantees)].filter((sid) => sid !== '' && !paths.isTier0(sid) && !hadPathBefore(paths, sid, changed) && !isAllowlisted(settings, sid));
  if (trustees.length === 0) return null;
  const directory = await context.directory();
  const names = await Promise.all(trustees.map((sid) => directory?.nameOfSid(sid) ?? sid));
  const object = commonName(change.distinguishedName);
  return finding(detector, change, `${names.join(', ')} hat über Rechte auf „${object}“ einen Pfad zu Tier 0 (${objectPath.length + 1} Schritte)`, {
    object,
    trustees,
    trusteeNames: names,
    pathLength: objectPath.length + 1,
    objectPath: objectPath.description,
  });
}
