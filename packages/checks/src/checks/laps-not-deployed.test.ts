import { describe, expect, it } from 'vitest';
import { cleanSnapshot, computer, daysAgo } from '../testing/fixtures';
import { names, run } from '../testing/run';
import { lapsNotDeployed as check } from './laps-not-deployed';

function fleet(withLaps: number, without: number) {
  const snapshot = cleanSnapshot();
  snapshot.computers = snapshot.computers.filter((candidate) => candidate.isDomainController);
  for (let i = 0; i < withLaps; i++) snapshot.computers.push(computer({ sAMAccountName: `LAPS${i}$` }));
  for (let i = 0; i < without; i++) snapshot.computers.push(computer({ sAMAccountName: `NOLAPS${i}$`, lapsPasswordExpiry: null }));
  return snapshot;
}

describe('laps-not-deployed', () => {
  it('does not trigger at exactly 90 % coverage (edge)', () => {
    expect(run(check, fleet(9, 1)).affected).toEqual([]);
  });
  it('triggers below 90 % and lists the computers without LAPS', () => {
    const outcome = run(check, fleet(8, 2));
    expect(names(outcome)).toEqual(['NOLAPS0$', 'NOLAPS1$']);
    expect(outcome.affected[0]?.evidence).toContain('Abdeckung 80 %');
  });
  it('ignores inactive computers and honours the configured coverage', () => {
    const snapshot = fleet(1, 0);
    snapshot.computers.push(computer({ sAMAccountName: 'OLD$', lapsPasswordExpiry: null, lastLogonTimestamp: daysAgo(400) }));
    expect(run(check, snapshot).affected).toEqual([]);
    expect(run(check, fleet(1, 1), { minCoveragePercent: 50 }).affected).toEqual([]);
  });
});
