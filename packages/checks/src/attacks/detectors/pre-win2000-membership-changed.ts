import { WELL_KNOWN } from '../../snapshot-index';
import type { IoaDetector } from '../types';
import { addedValues, defaults, finding, isAllowlisted, isProperty } from '../values';

/** Members that open the directory to anyone without an account: Anonymous Logon, Everyone. */
const ANONYMOUS = new Set<string>([WELL_KNOWN.ANONYMOUS, WELL_KNOWN.EVERYONE]);

/** Issue 16: a member was added to Pre-Windows 2000 Compatible Access (S-1-5-32-554, by SID); critical for Anonymous/Everyone. */
export const preWin2000MembershipChanged: IoaDetector = {
  slug: 'pre-win2000-membership-changed',
  title: 'Mitglied zu „Prä-Windows 2000 kompatibler Zugriff“ hinzugefügt',
  description: 'Die Gruppe „Prä-Windows 2000 kompatibler Zugriff“ (S-1-5-32-554) hat ein neues Mitglied; mit „Anonymous-Anmeldung“ oder „Jeder“ wird das Verzeichnis anonym lesbar.',
  severity: 'high',
  defaults: defaults(),
  properties: ['member'],
  async detect(change, settings, context) {
    if (change.objectClass !== 'group' || !isProperty(change, 'member')) return null;
    const directory = await context.directory();
    if (!directory?.isPreWindows2000(change.objectGuid, change.distinguishedName)) return null;
    const added = addedValues(change).filter((member) => !isAllowlisted(settings, member));
    if (added.length === 0) return null;
    const anonymous = added.some((member) => ANONYMOUS.has(directory.memberSid(member) ?? ''));
    const names = added.map((member) => directory.memberName(member));
    return finding(this, change, `${names.join(', ')} zu „${directory.memberName(change.distinguishedName)}“ hinzugefügt`, { addedMembers: added }, anonymous ? 'critical' : this.severity);
  },
};
