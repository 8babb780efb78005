import { describe, expect, it } from 'vitest';
import { cleanSnapshot, computer } from '../testing/fixtures';
import { run } from '../testing/run';
import { computerSamaccountnameInvalid as check } from './computer-samaccountname-invalid';

describe('computer-samaccountname-invalid', () => {
  it('does not trigger for computer names with a trailing $', () => {
    expect(run(check, cleanSnapshot()).affected).toEqual([]);
  });

  it('triggers for a computer named like the DC without $ (noPac) and one without $', () => {
    const snapshot = cleanSnapshot();
    snapshot.computers.push(computer({ sAMAccountName: 'DC01' }), computer({ sAMAccountName: 'KIOSK7' }));
    expect(run(check, snapshot).affected.map((item) => item.evidence)).toEqual([
      'DC01: Kontoname endet nicht auf „$“, entspricht dem Domänencontroller DC01$',
      'KIOSK7: Kontoname endet nicht auf „$“',
    ]);
  });
});
