import { describe, expect, it } from 'vitest';
import { evaluateChecks } from '../evaluate';
import { addMember, cleanSnapshot, computer, findGroup, group, sid, user } from '../testing/fixtures';
import { run } from '../testing/run';
import { attackPathToTier0 } from './attack-path-to-tier0';

describe('attack-path-to-tier0', () => {
  it('does not trigger on a clean domain', () => {
    expect(run(attackPathToTier0, cleanSnapshot()).affected).toEqual([]);
  });

  it('triggers for every principal with a path, with the path in words', () => {
    const snapshot = cleanSnapshot();
    const helpdesk = group({ sAMAccountName: 'Helpdesk', objectSid: sid(4200) });
    const tom = user({ sAMAccountName: 'tom' });
    addMember(helpdesk, tom);
    findGroup(snapshot, 512).securityDescriptor = {
      owner: sid(512),
      aces: [{ type: 'allow', trustee: helpdesk.objectSid, accessMask: 0x10000000, objectType: null, inheritedObjectType: null, flags: 0 }],
    };
    snapshot.users.push(tom);
    snapshot.groups.push(helpdesk);
    const outcome = run(attackPathToTier0, snapshot);
    expect(outcome.affected.map((a) => [a.name, a.objectType, a.objectKey, a.evidence])).toEqual([
      ['Helpdesk', 'group', helpdesk.objectGuid, '1 Schritt: Helpdesk —hat Vollzugriff auf→ Domain Admins'],
      ['tom', 'user', tom.objectGuid, '2 Schritte: tom —ist Mitglied von→ Helpdesk —hat Vollzugriff auf→ Domain Admins'],
    ]);
  });

  it('counts the client’s extra Tier-0 objects as targets when the engine is given them', () => {
    const snapshot = cleanSnapshot();
    const backupOperator = user({ sAMAccountName: 'sicherung' });
    const backupServer = computer({
      sAMAccountName: 'BACKUP01$',
      securityDescriptor: { owner: null, aces: [{ type: 'allow', trustee: backupOperator.objectSid, accessMask: 0x10000000, objectType: null, inheritedObjectType: null, flags: 0 }] },
    });
    snapshot.users.push(backupOperator);
    snapshot.computers.push(backupServer);
    const affected = (extraTier0?: string[]) => evaluateChecks({ ad: snapshot, ...(extraTier0 ? { extraTier0 } : {}) }, {}, [attackPathToTier0])[0]!.outcome.affected;
    expect(affected()).toEqual([]);
    expect(affected([backupServer.objectGuid]).map((a) => [a.name, a.evidence])).toEqual([['sicherung', '1 Schritt: sicherung —darf das LAPS-Kennwort lesen von→ BACKUP01$']]);
  });
});
