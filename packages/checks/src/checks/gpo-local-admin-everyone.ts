import { gpoObject } from '../affected';
import { broadPrincipals } from '../acl';
import { defineCheck } from '../define-check';
import { appliedGpos, gpoOutcome, xmlAttributes } from '../gpo-helpers';
import type { AffectedObject } from '../types';

/** Local groups whose members administer or log on remotely: Administrators, Remote Desktop Users. */
const LOCAL_PRIVILEGED = new Map([
  ['S-1-5-32-544', 'Administratoren'],
  ['S-1-5-32-555', 'Remotedesktopbenutzer'],
]);

const sidsOf = (list: string) => list.split(',').map((entry) => entry.trim().replace(/^\*/, '').toUpperCase()).filter((entry) => entry !== '');

/** Restricted groups in GptTmpl.inf: "*S-1-5-32-544__Members = *S-1-5-11" or "*<sid>__Memberof = *S-1-5-32-544". */
function restrictedGroupGrants(gpoMembership: Record<string, string>, broad: Set<string>): Array<{ group: string; member: string }> {
  const grants: Array<{ group: string; member: string }> = [];
  for (const [key, value] of Object.entries(gpoMembership)) {
    const [subject = '', relation = ''] = key.split('__');
    const subjectSid = subject.replace(/^\*/, '').toUpperCase();
    if (/^members$/i.test(relation) && LOCAL_PRIVILEGED.has(subjectSid)) {
      for (const member of sidsOf(value)) if (broad.has(member)) grants.push({ group: subjectSid, member });
    }
    if (/^memberof$/i.test(relation) && broad.has(subjectSid)) {
      for (const group of sidsOf(value)) if (LOCAL_PRIVILEGED.has(group)) grants.push({ group, member: subjectSid });
    }
  }
  return grants;
}

/** GPP Groups.xml: <Group><Properties groupSid="S-1-5-32-544"><Members><Member action="ADD" sid="…"/>. */
function preferenceGrants(xml: string, broad: Set<string>): Array<{ group: string; member: string }> {
  const grants: Array<{ group: string; member: string }> = [];
  for (const element of xml.split(/<Group\b/i).slice(1)) {
    const properties = xmlAttributes(element.match(/<Properties\b[^>]*>/i)?.[0] ?? '');
    const group = (properties.groupsid ?? '').toUpperCase();
    if (!LOCAL_PRIVILEGED.has(group) || (properties.action ?? '').toUpperCase() === 'D') continue;
    for (const tag of element.match(/<Member\b[^>]*>/gi) ?? []) {
      const member = xmlAttributes(tag);
      if ((member.action ?? '').toUpperCase() === 'ADD' && broad.has((member.sid ?? '').toUpperCase())) grants.push({ group, member: (member.sid ?? '').toUpperCase() });
    }
  }
  return grants;
}

/** CHECKS.md §3 #30: restricted groups or GPP local groups put broad groups into local Administrators / RDP users. */
export const gpoLocalAdminEveryone = defineCheck({
  slug: 'gpo-local-admin-everyone',
  title: 'Alle Benutzer per Gruppenrichtlinie lokale Administratoren',
  description:
    'Eine verknüpfte Gruppenrichtlinie (eingeschränkte Gruppen oder Gruppenrichtlinien-Einstellungen „Lokale Benutzer und Gruppen“) nimmt „Jeder“, „Authentifizierte Benutzer“ oder „Domänen-Benutzer“ in die lokalen Administratoren oder Remotedesktopbenutzer auf.',
  whyItMatters:
    'Dann ist jedes Benutzerkonto lokaler Administrator auf allen betroffenen Computern: Ein einziges Phishing-Opfer genügt, um Anmeldedaten aus dem Speicher zu lesen und sich seitlich bis zu einem Admin-Konto zu bewegen.',
  remediation: [
    'Entfernen Sie die breite Gruppe aus der Gruppenrichtlinie (Eingeschränkte Gruppen bzw. Einstellungen → Lokale Benutzer und Gruppen).',
    'Verwenden Sie dedizierte Gruppen je Computerklasse und LAPS für das lokale Administratorkonto.',
  ],
  category: 'group-policy',
  criticality: 'high',
  scoreImpact: 8,
  directory: 'ad',
  thresholds: [],
  detect(snapshot, _settings, index) {
    const broad = broadPrincipals(index);
    const gpos = appliedGpos(snapshot);
    const affected: AffectedObject[] = [];
    for (const gpo of gpos) {
      const grants = restrictedGroupGrants(gpo.files.gptTmpl?.['Group Membership'] ?? {}, broad).map((grant) => ({ ...grant, source: 'Eingeschränkte Gruppen' }));
      for (const [file, text] of Object.entries(gpo.files.preferences)) {
        if (/groups\.xml$/i.test(file)) grants.push(...preferenceGrants(text, broad).map((grant) => ({ ...grant, source: file })));
      }
      for (const grant of grants) {
        const evidence = `${index.nameOfSid(grant.member)} in lokaler Gruppe „${LOCAL_PRIVILEGED.get(grant.group) ?? grant.group}“ (${grant.source})`;
        affected.push(gpoObject(gpo, evidence, `${grant.group}:${grant.member}`));
      }
    }
    return gpoOutcome(affected, gpos);
  },
});
