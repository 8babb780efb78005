import { describe, expect, it } from 'vitest';
import { noHistory, settingsWith, testChange } from '../test-change';
import { spnAddedToUser } from './spn-added-to-user';

describe('spnAddedToUser', () => {
  const change = testChange({ propertyName: 'servicePrincipalName', oldValue: null, newValue: 'HTTP/web.lab.local' });
  it('reports an SPN added to a user, not to a computer or an unchanged list', () => {
    expect(spnAddedToUser.detect(change, settingsWith(), noHistory)).toMatchObject({ evidence: { addedSpns: ['HTTP/web.lab.local'] } });
    expect(spnAddedToUser.detect({ ...change, objectClass: 'computer' }, settingsWith(), noHistory)).toBeNull();
    expect(spnAddedToUser.detect({ ...change, oldValue: 'HTTP/web.lab.local' }, settingsWith(), noHistory)).toBeNull();
  });
});
