import { describe, expect, it } from 'vitest';
import { noHistory, settingsWith, testChange } from '../test-change';
import { asrepRoastEnabled } from './asrep-roast-enabled';

describe('asrepRoastEnabled', () => {
  it('reports DONT_REQ_PREAUTH being gained', () => {
    const change = testChange({ propertyName: 'userAccountControl', oldValue: '512', newValue: String(512 + 0x400000) });
    expect(asrepRoastEnabled.detect(change, settingsWith(), noHistory)).not.toBeNull();
    expect(asrepRoastEnabled.detect({ ...change, oldValue: change.newValue }, settingsWith(), noHistory)).toBeNull();
  });
});
