import { describe, expect, it } from 'vitest';
import { germanDirectory, settingsWith, testChange, testContext } from '../test-change';
import { tier0AceAdded } from './tier0-ace-added';

describe('tier0AceAdded', () => {
  const context = testContext({ directory: () => Promise.resolve(germanDirectory((sid) => Promise.resolve(sid.endsWith('-1105') ? 'helpdesk' : null))) });
  const line = (sid: string, mask: string, flags = '0') => `allow ${sid} ${mask}   ${flags}`;
  const base = ['owner S-1-5-32-544', line('S-1-5-21-1-2-3-512', '0xf01ff')];
  const change = testChange({ objectGuid: '00000000-0000-4000-9000-000000000512', objectClass: 'group', distinguishedName: 'CN=Domänen-Admins,CN=Users,DC=lab,DC=local', propertyName: 'nTSecurityDescriptor', oldValue: base.join('\n'), newValue: [...base, line('S-1-5-21-1-2-3-1105', '0x10000000')].join('\n') });
  it('triggers for GenericAll of a non-admin on the German-named Domain Admins group', async () => {
    expect(await tier0AceAdded.detect(change, settingsWith(), context)).toMatchObject({ title: 'Rechte für helpdesk auf CN=Domänen-Admins,CN=Users,DC=lab,DC=local hinzugefügt', evidence: { trustees: ['S-1-5-21-1-2-3-1105'] } });
  });
  it('does not trigger for ordinary groups, read rights, inherit-only ACEs or Tier-0 trustees', async () => {
    expect(await tier0AceAdded.detect({ ...change, objectGuid: '00000000-0000-4000-9000-000000001202', distinguishedName: 'CN=Vertrieb,OU=Gruppen,DC=lab,DC=local' }, settingsWith(), context)).toBeNull();
    expect(await tier0AceAdded.detect({ ...change, newValue: [...base, line('S-1-5-21-1-2-3-1105', '0x20094')].join('\n') }, settingsWith(), context)).toBeNull();
    expect(await tier0AceAdded.detect({ ...change, newValue: [...base, line('S-1-5-21-1-2-3-1105', '0x10000000', '10')].join('\n') }, settingsWith(), context)).toBeNull();
    expect(await tier0AceAdded.detect({ ...change, newValue: [...base, line('S-1-5-21-1-2-3-519', '0x10000000')].join('\n') }, settingsWith(), context)).toBeNull();
  });
});
