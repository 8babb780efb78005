import { describe, expect, it } from 'vitest';
import { noHistory, settingsWith, testChange } from '../test-change';
import { dsHeuristicsChanged } from './dsheuristics-changed';

describe('dsHeuristicsChanged', () => {
  const change = testChange({ objectClass: 'container', distinguishedName: 'CN=Directory Service,CN=Windows NT,CN=Services,CN=Configuration,DC=lab,DC=local', propertyName: 'dSHeuristics', oldValue: null, newValue: '0000002' });
  it('triggers critical when anonymous LDAP is opened, medium for other changes', async () => {
    expect(await dsHeuristicsChanged.detect(change, settingsWith(), noHistory)).toMatchObject({ severity: 'critical' });
    expect(await dsHeuristicsChanged.detect({ ...change, newValue: '00000001' }, settingsWith(), noHistory)).toMatchObject({ severity: 'medium' });
  });
  it('does not trigger for an allowlisted value', async () => {
    expect(await dsHeuristicsChanged.detect({ ...change, newValue: '00000001' }, settingsWith({ allowlist: ['00000001'] }), noHistory)).toBeNull();
  });
});
