import { describe, expect, it } from 'vitest';
import { settingsWith, testChange, testContext } from '../test-change';
import { massChange } from './mass-change';

describe('massChange', () => {
  const change = testChange({ propertyName: 'userAccountControl', oldValue: '512', newValue: '514' });
  const history = (count: number, reported = false) => testContext({ countRecentChangedObjects: () => Promise.resolve(count), hasFindingSince: () => Promise.resolve(reported) });
  it('triggers when the configured number of changed objects is reached (edge: one less does not)', async () => {
    const settings = settingsWith({ thresholds: { objects: 20, minutes: 5 } });
    expect(await massChange.detect(change, settings, history(19))).toBeNull();
    expect(await massChange.detect(change, settings, history(20))).toMatchObject({ severity: 'medium', evidence: { objects: 20, minutes: 5 } });
  });
  it('does not trigger twice within the window', async () => {
    expect(await massChange.detect(change, settingsWith(), history(500, true))).toBeNull();
  });
});
