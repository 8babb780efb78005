import { describe, expect, it } from 'vitest';
import { cleanSnapshot } from '../testing/fixtures';
import { run } from '../testing/run';
import { functionalLevelOutdated as check } from './functional-level-outdated';

describe('functional-level-outdated', () => {
  it('does not trigger at level 7 (edge)', () => {
    expect(run(check, cleanSnapshot()).affected).toEqual([]);
  });
  it('triggers for a 2012 R2 domain and forest', () => {
    const snapshot = cleanSnapshot();
    snapshot.domain.domainFunctionalLevel = 6;
    snapshot.domain.forestFunctionalLevel = 6;
    const outcome = run(check, snapshot);
    expect(outcome.affected).toHaveLength(2);
    expect(outcome.affected[0]?.evidence).toContain('2012 R2');
    expect(run(check, snapshot, { minLevel: 6 }).affected).toEqual([]);
  });
});
