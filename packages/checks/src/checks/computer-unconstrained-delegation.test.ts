import { UAC } from '@burgwall/shared';
import { describe, expect, it } from 'vitest';
import { cleanSnapshot, computer } from '../testing/fixtures';
import { names, run } from '../testing/run';
import { computerUnconstrainedDelegation as check } from './computer-unconstrained-delegation';

describe('computer-unconstrained-delegation', () => {
  it('does not trigger for domain controllers (they always have it)', () => {
    expect(run(check, cleanSnapshot()).affected).toEqual([]);
  });
  it('triggers for a member server with TRUSTED_FOR_DELEGATION', () => {
    const snapshot = cleanSnapshot();
    snapshot.computers.push(computer({ sAMAccountName: 'FILE01$', userAccountControl: UAC.WORKSTATION_TRUST_ACCOUNT | UAC.TRUSTED_FOR_DELEGATION }));
    expect(names(run(check, snapshot))).toEqual(['FILE01$']);
  });
});
