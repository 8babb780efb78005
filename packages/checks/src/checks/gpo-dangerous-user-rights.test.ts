import { describe, expect, it } from 'vitest';
import { cleanSnapshot, gpo, sid } from '../testing/fixtures';
import { run } from '../testing/run';
import { gpoDangerousUserRights as check } from './gpo-dangerous-user-rights';

describe('gpo-dangerous-user-rights', () => {
  it('does not trigger for rights granted to Administrators or for harmless rights of everyone', () => {
    const snapshot = cleanSnapshot();
    const policy = snapshot.gpos[0];
    if (policy?.files.gptTmpl) policy.files.gptTmpl['Privilege Rights'] = { SeDebugPrivilege: '*S-1-5-32-544', SeChangeNotifyPrivilege: '*S-1-1-0,*S-1-5-11' };
    expect(run(check, snapshot).affected).toEqual([]);
  });

  it('triggers for SeDebugPrivilege of Domain Users and SeBackupPrivilege of Everyone in an applied GPO', () => {
    const snapshot = cleanSnapshot();
    const policy = snapshot.gpos[0];
    if (policy?.files.gptTmpl) policy.files.gptTmpl['Privilege Rights'] = { SeDebugPrivilege: `*S-1-5-32-544,*${sid(513)}`, SeBackupPrivilege: '*S-1-1-0' };
    expect(run(check, snapshot).affected.map((item) => item.evidence)).toEqual(['SeDebugPrivilege für Domain Users', 'SeBackupPrivilege für Jeder']);
  });

  it('does not trigger for an unlinked GPO', () => {
    const snapshot = cleanSnapshot();
    snapshot.gpos.push(gpo({ displayName: 'Nicht verknüpft', files: { gptTmpl: { 'Privilege Rights': { SeTcbPrivilege: '*S-1-5-11' } } } }));
    expect(run(check, snapshot).affected).toEqual([]);
  });
});
