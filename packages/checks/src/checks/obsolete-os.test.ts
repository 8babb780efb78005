import { describe, expect, it } from 'vitest';
import { cleanSnapshot, computer, daysAgo } from '../testing/fixtures';
import { names, run } from '../testing/run';
import { obsoleteOs as check } from './obsolete-os';

describe('obsolete-os', () => {
  it('does not trigger for Windows 11 and Server 2022', () => {
    expect(run(check, cleanSnapshot()).affected).toEqual([]);
  });
  it('triggers for active Windows 7 and Server 2012 R2, not for an inactive XP machine unless configured (edge 91 days)', () => {
    const snapshot = cleanSnapshot();
    snapshot.computers.push(computer({ sAMAccountName: 'W7$', operatingSystem: 'Windows 7 Professional' }));
    snapshot.computers.push(computer({ sAMAccountName: 'SRV12$', operatingSystem: 'Windows Server 2012 R2 Standard' }));
    snapshot.computers.push(computer({ sAMAccountName: 'XP$', operatingSystem: 'Windows XP Professional', lastLogonTimestamp: daysAgo(91) }));
    expect(names(run(check, snapshot))).toEqual(['SRV12$', 'W7$']);
    expect(names(run(check, snapshot, { activeDays: 91 }))).toEqual(['SRV12$', 'W7$', 'XP$']);
  });
});
