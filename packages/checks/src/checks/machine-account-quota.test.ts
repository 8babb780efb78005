import { describe, expect, it } from 'vitest';
import { cleanSnapshot } from '../testing/fixtures';
import { run } from '../testing/run';
import { machineAccountQuota as check } from './machine-account-quota';

describe('machine-account-quota', () => {
  it('does not trigger at 0', () => {
    expect(run(check, cleanSnapshot()).affected).toEqual([]);
  });
  it('triggers at the default 10 and respects a configured maximum (edge)', () => {
    const snapshot = cleanSnapshot();
    snapshot.domain.machineAccountQuota = 10;
    expect(run(check, snapshot).affected[0]?.evidence).toBe('ms-DS-MachineAccountQuota = 10');
    const one = cleanSnapshot();
    one.domain.machineAccountQuota = 1;
    expect(run(check, one, { maxQuota: 1 }).affected).toEqual([]);
    expect(run(check, one, { maxQuota: 0 }).affected).toHaveLength(1);
  });
});
