import { describe, expect, it } from 'vitest';
import { settingsWith, testChange } from '../test-change';
import { lockoutStorm } from './lockout-storm';

describe('lockoutStorm', () => {
  const change = testChange({ propertyName: 'lockoutTime', oldValue: '0', newValue: '133000000000000000' });
  const history = (count: number) => ({ countRecentNonZero: () => Promise.resolve(count) });
  it('reports once when the number of locked accounts reaches the threshold', async () => {
    const settings = settingsWith({ thresholds: { accounts: 3, minutes: 5 } });
    expect(await lockoutStorm.detect(change, settings, history(2))).toBeNull();
    expect(await lockoutStorm.detect(change, settings, history(3))).toMatchObject({ evidence: { accounts: 3, minutes: 5 } });
    expect(await lockoutStorm.detect(change, settings, history(4))).toBeNull();
  });
  it('ignores unlocks', async () => {
    expect(await lockoutStorm.detect({ ...change, oldValue: change.newValue, newValue: '0' }, settingsWith(), history(10))).toBeNull();
  });
});
