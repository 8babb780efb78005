import { describe, expect, it } from 'vitest';
import { TEST_DOMAIN_SID, germanDirectory, noHistory, settingsWith, testChange, testContext } from '../test-change';
import { sidHistoryAdded } from './sid-history-added';

describe('sidHistoryAdded', () => {
  const change = testChange({ propertyName: 'sIDHistory', oldValue: null, newValue: 'S-1-5-21-9-9-9-512' });
  it('reports added SIDs, critical for privileged RIDs', async () => {
    expect(await sidHistoryAdded.detect(change, settingsWith(), noHistory)).toMatchObject({ severity: 'critical' });
    expect(await sidHistoryAdded.detect({ ...change, newValue: 'S-1-5-21-9-9-9-1300' }, settingsWith(), noHistory)).toMatchObject({ severity: 'high' });
    expect(await sidHistoryAdded.detect({ ...change, oldValue: change.newValue }, settingsWith(), noHistory)).toBeNull();
  });
  it('reports any SID of the own domain as critical (known from the newest snapshot)', async () => {
    const context = testContext({ directory: () => Promise.resolve(germanDirectory()) });
    expect(await sidHistoryAdded.detect({ ...change, newValue: `${TEST_DOMAIN_SID}-1300` }, settingsWith(), context)).toMatchObject({ severity: 'critical' });
  });
});
