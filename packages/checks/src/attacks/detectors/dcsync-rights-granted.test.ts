import { describe, expect, it } from 'vitest';
import { germanDirectory, noHistory, settingsWith, testChange, testContext } from '../test-change';
import { dcsyncRightsGranted } from './dcsync-rights-granted';

describe('dcsyncRightsGranted', () => {
  const base = '(OA;;CR;1131f6ad-9c07-11d1-f79f-00c04fc2dcd2;;S-1-5-21-1-2-3-516)';
  const change = testChange({ objectClass: 'domainDNS', distinguishedName: 'DC=lab,DC=local', propertyName: 'nTSecurityDescriptor', oldValue: base,
    newValue: base + '(OA;;CR;1131f6ad-9c07-11d1-f79f-00c04fc2dcd2;;S-1-5-21-1-2-3-1105)' });
  it('reports replication rights granted to a non-DC trustee', async () => {
    expect(await dcsyncRightsGranted.detect(change, settingsWith(), noHistory)).toMatchObject({ evidence: { trustees: ['S-1-5-21-1-2-3-1105'] } });
  });
  it('names each trustee once, by account name, even with Get-Changes and Get-Changes-All', async () => {
    const both = { ...change, newValue: base + '(OA;;CR;1131f6aa-9c07-11d1-f79f-00c04fc2dcd2;;S-1-5-21-1-2-3-1105)(OA;;CR;1131f6ad-9c07-11d1-f79f-00c04fc2dcd2;;S-1-5-21-1-2-3-1105)' };
    const context = testContext({ directory: () => Promise.resolve(germanDirectory((sid) => Promise.resolve(sid.endsWith('-1105') ? 'mallory' : null))) });
    expect(await dcsyncRightsGranted.detect(both, settingsWith(), context)).toMatchObject({
      title: 'Replikationsrechte für mallory vergeben',
      evidence: { trustees: ['S-1-5-21-1-2-3-1105'], trusteeNames: ['mallory'] },
    });
  });
  it('reads the collector’s descriptor text too', async () => {
    const line = (sid: string) => `allow-object ${sid} 0x100 1131f6aa-9c07-11d1-f79f-00c04fc2dcd2  0`;
    const text = testChange({ objectClass: 'domainDNS', distinguishedName: 'DC=lab,DC=local', propertyName: 'nTSecurityDescriptor',
      oldValue: ['owner S-1-5-32-544', line('S-1-5-21-1-2-3-516')].join('\n'),
      newValue: ['owner S-1-5-32-544', line('S-1-5-21-1-2-3-516'), line('S-1-5-21-1-2-3-1106')].join('\n') });
    expect(await dcsyncRightsGranted.detect(text, settingsWith(), noHistory)).toMatchObject({ evidence: { trustees: ['S-1-5-21-1-2-3-1106'] } });
  });
  it('ignores domain controllers, allowlisted trustees and unchanged ACEs', async () => {
    expect(await dcsyncRightsGranted.detect({ ...change, newValue: base }, settingsWith(), noHistory)).toBeNull();
    expect(await dcsyncRightsGranted.detect(change, settingsWith({ allowlist: ['S-1-5-21-1-2-3-1105'] }), noHistory)).toBeNull();
  });
});
