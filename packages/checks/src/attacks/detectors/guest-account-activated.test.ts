import { describe, expect, it } from 'vitest';
import { germanDirectory, noHistory, settingsWith, testChange, testContext } from '../test-change';
import { guestAccountEnabled } from './guest-account-activated';

describe('guestAccountEnabled', () => {
  const context = testContext({ directory: () => Promise.resolve(germanDirectory()) });
  const change = testChange({ objectGuid: '00000000-0000-4000-9000-000000000501', distinguishedName: 'CN=Gast,CN=Users,DC=lab,DC=local', propertyName: 'userAccountControl', oldValue: '546', newValue: '544' });
  it('triggers when the German-named Guest account (RID 501) is enabled', async () => {
    expect(await guestAccountEnabled.detect(change, settingsWith(), context)).toMatchObject({ title: 'Gastkonto aktiviert' });
  });
  it('does not trigger for other accounts, disabling, or without a snapshot', async () => {
    expect(await guestAccountEnabled.detect({ ...change, objectGuid: '00000000-0000-4000-9000-000000000777' }, settingsWith(), context)).toBeNull();
    expect(await guestAccountEnabled.detect({ ...change, oldValue: '544', newValue: '546' }, settingsWith(), context)).toBeNull();
    expect(await guestAccountEnabled.detect(change, settingsWith(), noHistory)).toBeNull();
  });
});
