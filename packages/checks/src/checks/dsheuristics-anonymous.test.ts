import { describe, expect, it } from 'vitest';
import { cleanSnapshot } from '../testing/fixtures';
import { run } from '../testing/run';
import { dsheuristicsAnonymous as check } from './dsheuristics-anonymous';

describe('dsheuristics-anonymous', () => {
  it('does not trigger when unset or the 7th character is 0', () => {
    const snapshot = cleanSnapshot();
    expect(run(check, snapshot).affected).toEqual([]);
    snapshot.domain.dsHeuristics = '0000000001';
    expect(run(check, snapshot).affected).toEqual([]);
  });
  it('triggers when the 7th character is 2', () => {
    const snapshot = cleanSnapshot();
    snapshot.domain.dsHeuristics = '0000002';
    expect(run(check, snapshot).affected).toHaveLength(1);
  });
});
