import { describe, expect, it } from 'vitest';
import { noHistory, settingsWith, testChange } from '../test-change';
import { shadowCredentials } from './shadow-credentials';

describe('shadowCredentials', () => {
  it('reports a key credential written, not one removed', () => {
    const change = testChange({ propertyName: 'msDS-KeyCredentialLink', oldValue: null, newValue: 'B:828:0002000020000…:CN=Eva Muster,CN=Users,DC=lab,DC=local' });
    expect(shadowCredentials.detect(change, settingsWith(), noHistory)).toMatchObject({ evidence: { addedKeys: 1 } });
    expect(shadowCredentials.detect({ ...change, oldValue: change.newValue, newValue: null }, settingsWith(), noHistory)).toBeNull();
  });
});
