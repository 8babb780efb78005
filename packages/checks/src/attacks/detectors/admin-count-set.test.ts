import { describe, expect, it } from 'vitest';
import { noHistory, settingsWith, testChange } from '../test-change';
import { adminCountSet } from './admin-count-set';

describe('adminCountSet', () => {
  it('reports adminCount 0/empty -> 1 only', () => {
    expect(adminCountSet.detect(testChange({ propertyName: 'adminCount', oldValue: null, newValue: '1' }), settingsWith(), noHistory)).not.toBeNull();
    expect(adminCountSet.detect(testChange({ propertyName: 'adminCount', oldValue: '1', newValue: '1' }), settingsWith(), noHistory)).toBeNull();
    expect(adminCountSet.detect(testChange({ propertyName: 'adminCount', oldValue: '1', newValue: '0' }), settingsWith(), noHistory)).toBeNull();
  });
});
