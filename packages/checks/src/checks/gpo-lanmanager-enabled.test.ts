import { describe, expect, it } from 'vitest';
import { cleanSnapshot, gpo } from '../testing/fixtures';
import { run } from '../testing/run';
import { gpoLanmanagerEnabled as check } from './gpo-lanmanager-enabled';

const LSA = 'MACHINE\\System\\CurrentControlSet\\Control\\Lsa';

function withGpo(values: Record<string, string>, linked = true) {
  const snapshot = cleanSnapshot();
  const policy = gpo({ displayName: 'Legacy NTLM', files: { gptTmpl: { 'Registry Values': values } } });
  snapshot.gpos.push(policy);
  if (linked) snapshot.domain.gpLinks.push({ gpoDistinguishedName: policy.distinguishedName, options: 0 });
  return snapshot;
}

describe('gpo-lanmanager-enabled', () => {
  it('does not trigger on a clean domain (level 5, NoLMHash 1)', () => {
    expect(run(check, cleanSnapshot()).affected).toEqual([]);
  });

  it('triggers at LmCompatibilityLevel 2 (edge) but not at 3', () => {
    expect(run(check, withGpo({ [`${LSA}\\LmCompatibilityLevel`]: '4,2' })).affected).toHaveLength(1);
    expect(run(check, withGpo({ [`${LSA}\\LmCompatibilityLevel`]: '4,3' })).affected).toEqual([]);
  });

  it('triggers on NoLMHash=0 and names both reasons', () => {
    const outcome = run(check, withGpo({ [`${LSA}\\LmCompatibilityLevel`]: '4,0', [`${LSA}\\NoLMHash`]: '4,0' }));
    expect(outcome.affected[0]?.evidence).toContain('LmCompatibilityLevel = 0');
    expect(outcome.affected[0]?.evidence).toContain('NoLMHash = 0');
  });

  it('ignores unlinked GPOs and honours a stricter threshold', () => {
    expect(run(check, withGpo({ [`${LSA}\\LmCompatibilityLevel`]: '4,1' }, false)).affected).toEqual([]);
    expect(run(check, withGpo({ [`${LSA}\\LmCompatibilityLevel`]: '4,4' }), { maxWeakLevel: 4 }).affected).toHaveLength(1);
  });

  it('is skipped (Nicht geprüft) with the reason when a GPO could not be read from SYSVOL', () => {
    const snapshot = cleanSnapshot();
    const policy = snapshot.gpos[0];
    if (policy) policy.files = { ...policy.files, gptTmpl: null, readError: 'Zeitüberschreitung beim Lesen' };
    expect(run(check, snapshot)).toEqual({ affected: [], skippedReason: 'SYSVOL-Dateien nicht lesbar: „Default Domain Policy“ (Zeitüberschreitung beim Lesen)' });
  });
});
