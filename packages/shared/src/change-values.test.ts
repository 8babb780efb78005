import { describe, expect, it } from 'vitest';
import { addedValues, changeValueList, removedValues } from './change-values';

describe('change values', () => {
  it('reads JSON arrays, plain values and null', () => {
    expect(changeValueList('["CN=a","CN=b"]')).toEqual(['CN=a', 'CN=b']);
    expect(changeValueList('514')).toEqual(['514']);
    expect(changeValueList('[kein JSON')).toEqual(['[kein JSON']);
    expect(changeValueList(null)).toEqual([]);
  });

  it('finds added and removed members', () => {
    const change = { oldValue: '["CN=Administrator,CN=Users","CN=alice,CN=Users"]', newValue: '["CN=administrator,CN=Users","CN=bob,CN=Users"]' };
    expect(addedValues(change)).toEqual(['CN=bob,CN=Users']);
    expect(removedValues(change)).toEqual(['CN=alice,CN=Users']);
    expect(addedValues({ oldValue: null, newValue: 'x' })).toEqual(['x']);
  });
});
