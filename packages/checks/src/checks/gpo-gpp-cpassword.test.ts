import { describe, expect, it } from 'vitest';
import { cleanSnapshot, gpo } from '../testing/fixtures';
import { run } from '../testing/run';
import { gpoGppCpassword as check } from './gpo-gpp-cpassword';

describe('gpo-gpp-cpassword', () => {
  it('does not trigger for preferences without cpassword', () => {
    const snapshot = cleanSnapshot();
    snapshot.gpos.push(gpo({ displayName: 'Drives', files: { preferences: { 'User/Preferences/Drives/Drives.xml': '<Drive><Properties path="\\\\srv\\share" cpassword="" userName=""/></Drive>' } } }));
    expect(run(check, snapshot).affected).toEqual([]);
  });
  it('triggers for Groups.xml with cpassword and masks it', () => {
    const snapshot = cleanSnapshot();
    const cpassword = 'j1Uyj3Vx8TY9LtLZil2uAuZkFQA/4latT76ZwgdHdhw';
    snapshot.gpos.push(gpo({ displayName: 'Lokale Admins', files: { preferences: { 'Machine/Preferences/Groups/Groups.xml': `<Groups><User name="Administrator"><Properties action="U" newName="" userName="Administrator" cpassword="${cpassword}"/></User></Groups>` } } }));
    const outcome = run(check, snapshot);
    expect(outcome.affected).toHaveLength(1);
    expect(outcome.affected[0]?.evidence).toContain('Konto Administrator');
    expect(outcome.affected[0]?.evidence).not.toContain(cpassword);
  });

  it('is skipped (Nicht geprüft) with the reason when a GPO could not be read from SYSVOL', () => {
    const snapshot = cleanSnapshot();
    const policy = snapshot.gpos[0];
    if (policy) policy.files = { ...policy.files, gptTmpl: null, readError: 'Zeitüberschreitung beim Lesen' };
    expect(run(check, snapshot)).toEqual({ affected: [], skippedReason: 'SYSVOL-Dateien nicht lesbar: „Default Domain Policy“ (Zeitüberschreitung beim Lesen)' });
  });
});
