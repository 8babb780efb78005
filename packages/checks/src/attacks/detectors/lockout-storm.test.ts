import { describe, expect, it } from 'vitest';
import { settingsWith, testChange, testContext } from '../test-change';
import { lockoutStorm } from './lockout-storm';

// The counting itself runs on PostgreSQL: apps/server/src/ioa/ioa-evaluation.test.ts (lockout storm cases).
describe('lockoutStorm', () => {
  const change = testChange({ propertyName: 'lockoutTime', oldValue: '0', newValue: '133000000000000000' });
  const history = (count: number, alreadyReported = false) =>
    testContext({ countRecentNonZero: () => Promise.resolve(count), hasFindingSince: () => Promise.resolve(alreadyReported) });
  it('triggers when the number of locked accounts reaches or exceeds the configured threshold (edge: threshold - 1 does not)', async () => {
    const settings = settingsWith({ thresholds: { accounts: 3, minutes: 5 } });
    expect(await lockoutStorm.detect(change, settings, history(2))).toBeNull();
    expect(await lockoutStorm.detect(change, settings, history(3))).toMatchObject({ evidence: { accounts: 3, minutes: 5 } });
    expect(await lockoutStorm.detect(change, settings, history(4))).toMatchObject({ evidence: { accounts: 4 } });
  });
  it('does not trigger again within the window it already reported', async () => {
    expect(await lockoutStorm.detect(change, settingsWith({ thresholds: { accounts: 3, minutes: 5 } }), history(7, true))).toBeNull();
  });
  it('does not trigger on unlocks', async () => {
    expect(await lockoutStorm.detect({ ...change, oldValue: change.newValue, newValue: '0' }, settingsWith(), history(10))).toBeNull();
  });
});
