import { describe, expect, it } from 'vitest';
import { settingsWith, testChange, testContext } from '../test-change';
import { massDeletion } from './mass-deletion';

// Counting on PostgreSQL: apps/server/src/ioa/ioa-evaluation.test.ts.
describe('massDeletion', () => {
  const change = testChange({ propertyName: 'isDeleted', oldValue: null, newValue: 'TRUE' });
  const history = (count: number, reported = false) => testContext({ countRecentChangedObjects: () => Promise.resolve(count), hasFindingSince: () => Promise.resolve(reported) });
  it('triggers when the configured number of deleted objects is reached (edge: one less does not)', async () => {
    const settings = settingsWith({ thresholds: { objects: 5, minutes: 10 } });
    expect(await massDeletion.detect(change, settings, history(4))).toBeNull();
    expect(await massDeletion.detect(change, settings, history(5))).toMatchObject({ title: '5 Objekte in 10 Minuten gelöscht' });
  });
  it('does not trigger twice in a window or for other attributes', async () => {
    expect(await massDeletion.detect(change, settingsWith(), history(80, true))).toBeNull();
    expect(await massDeletion.detect({ ...change, propertyName: 'description' }, settingsWith(), history(80))).toBeNull();
  });
});
