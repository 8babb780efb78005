import { describe, expect, it } from 'vitest';
import { cleanSnapshot, sid } from '../testing/fixtures';
import { run } from '../testing/run';
import { gpoLocalAdminEveryone as check } from './gpo-local-admin-everyone';

const groupsXml = (memberSid: string, action = 'ADD') =>
  `<Groups><Group name="Administratoren (integriert)"><Properties action="U" groupSid="S-1-5-32-544" groupName="Administratoren (integriert)"><Members><Member name="TEST\\x" action="${action}" sid="${memberSid}"/></Members></Properties></Group></Groups>`;

describe('gpo-local-admin-everyone', () => {
  it('does not trigger for a dedicated admin group or a removed broad member', () => {
    const snapshot = cleanSnapshot();
    const policy = snapshot.gpos[0];
    if (policy) policy.files.preferences = { 'Machine/Preferences/Groups/Groups.xml': groupsXml(sid(1400)) + groupsXml(sid(513), 'REMOVE') };
    expect(run(check, snapshot).affected).toEqual([]);
  });

  it('triggers for Domain Users added by GPP and Authenticated Users by restricted groups', () => {
    const snapshot = cleanSnapshot();
    const policy = snapshot.gpos[0];
    if (policy?.files.gptTmpl) {
      policy.files.preferences = { 'Machine/Preferences/Groups/Groups.xml': groupsXml(sid(513)) };
      policy.files.gptTmpl['Group Membership'] = { '*S-1-5-32-555__Members': '*S-1-5-11', '*S-1-5-32-544__Memberof': '' };
    }
    expect(run(check, snapshot).affected.map((item) => item.evidence)).toEqual([
      'Authentifizierte Benutzer in lokaler Gruppe „Remotedesktopbenutzer“ (Eingeschränkte Gruppen)',
      'Domain Users in lokaler Gruppe „Administratoren“ (Machine/Preferences/Groups/Groups.xml)',
    ]);
  });
});
