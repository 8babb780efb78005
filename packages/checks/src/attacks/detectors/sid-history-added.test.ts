import { describe, expect, it } from 'vitest';
import { noHistory, settingsWith, testChange } from '../test-change';
import { sidHistoryAdded } from './sid-history-added';

describe('sidHistoryAdded', () => {
  it('reports added SIDs, critical for privileged RIDs', () => {
    const change = testChange({ propertyName: 'sIDHistory', oldValue: null, newValue: 'S-1-5-21-9-9-9-512' });
    expect(sidHistoryAdded.detect(change, settingsWith(), noHistory)).toMatchObject({ severity: 'critical' });
    expect(sidHistoryAdded.detect({ ...change, newValue: 'S-1-5-21-9-9-9-1300' }, settingsWith(), noHistory)).toMatchObject({ severity: 'high' });
    expect(sidHistoryAdded.detect({ ...change, oldValue: change.newValue }, settingsWith(), noHistory)).toBeNull();
  });
});
