import { describe, expect, it } from 'vitest';
import { UAC } from '@burgwall/shared';
import { addMember, cleanSnapshot, computer, findGroup, findUser, group, sid, user } from '../testing/fixtures';
import { names, run } from '../testing/run';
import { groupRodcNotEmpty as check } from './group-rodc-not-empty';

describe('group-rodc-not-empty', () => {
  it('does not trigger while the Allowed RODC Password Replication Group is empty', () => {
    expect(run(check, cleanSnapshot()).affected).toEqual([]);
  });

  it('triggers for direct and nested members and marks privileged ones', () => {
    const snapshot = cleanSnapshot();
    const allowed = findGroup(snapshot, 571);
    const branch = group({ sAMAccountName: 'Filiale-Nord', objectSid: sid(1600) });
    const bob = user({ sAMAccountName: 'bob' });
    snapshot.groups.push(branch);
    snapshot.users.push(bob);
    addMember(allowed, branch);
    addMember(branch, bob);
    addMember(allowed, findUser(snapshot, 'Administrator'));
    const outcome = run(check, snapshot);
    expect(names(outcome)).toEqual(['Administrator', 'Filiale-Nord', 'bob']);
    expect(outcome.affected.find((item) => item.name === 'bob')?.evidence).toContain('Verschachteltes');
  });

  it('triggers for accounts in Read-only Domain Controllers (521) that are not RODCs, not for a real RODC', () => {
    const snapshot = cleanSnapshot();
    const rodcGroup = findGroup(snapshot, 521);
    const rodc = computer({ sAMAccountName: 'RODC01$', primaryGroupId: 521, isReadOnlyDomainController: true, userAccountControl: UAC.WORKSTATION_TRUST_ACCOUNT | UAC.PARTIAL_SECRETS_ACCOUNT });
    const intruder = user({ sAMAccountName: 'eindringling' });
    snapshot.computers.push(rodc);
    snapshot.users.push(intruder);
    addMember(rodcGroup, intruder);
    const outcome = run(check, snapshot);
    expect(outcome.affected).toEqual([
      expect.objectContaining({ name: 'eindringling', objectKey: `${intruder.objectGuid}:rodc-group`, evidence: expect.stringContaining('kein schreibgeschützter Domänencontroller') }),
    ]);
  });
});
