import { describe, expect, it } from 'vitest';
import { cleanSnapshot, cleanSnapshotWithEntra, findUser } from '../testing/fixtures';
import { run } from '../testing/run';
import { entraPrivilegedOnpremUserSynced as check } from './entra-privileged-onprem-user-synced';

describe('entra-privileged-onprem-user-synced', () => {
  it('is skipped without Entra data', () => {
    expect(run(check, cleanSnapshot()).skippedReason).not.toBeNull();
  });

  it('does not trigger for cloud-only admins or synced users without a role', () => {
    const snapshot = cleanSnapshotWithEntra();
    snapshot.entra?.users.push({ id: 'u-synced', userPrincipalName: 'alice@test.de', onPremisesSyncEnabled: true, onPremisesSecurityIdentifier: null, accountEnabled: true });
    expect(run(check, snapshot).affected).toEqual([]);
  });

  it('triggers for a synced role holder and notes AD privilege via the SID join', () => {
    const snapshot = cleanSnapshotWithEntra();
    const admin = findUser(snapshot, 'Administrator');
    snapshot.entra?.users.push({ id: 'u-admin', userPrincipalName: 'administrator@test.de', onPremisesSyncEnabled: true, onPremisesSecurityIdentifier: admin.objectSid, accountEnabled: true });
    snapshot.entra?.roleAssignments.push({ roleName: 'Global Administrator', principalId: 'u-admin' });
    const outcome = run(check, snapshot);
    expect(outcome.affected).toHaveLength(1);
    expect(outcome.affected[0]?.evidence).toContain('auch im lokalen AD privilegiert');
  });
});
