import { describe, expect, it } from 'vitest';
import { adcsSnapshot, authority } from '../testing/adcs-fixtures';
import { cleanSnapshot } from '../testing/fixtures';
import { run } from '../testing/run';
import { adcsCaEsc6 as check } from './adcs-ca-esc6';

describe('adcs-ca-esc6', () => {
  it('does not trigger for a domain without CA, nor for a CA with the default EditFlags', () => {
    expect(run(check, cleanSnapshot())).toEqual({ affected: [], skippedReason: null });
    const snapshot = adcsSnapshot();
    snapshot.certificationAuthorities = [authority({ editFlags: 0x11014e })];
    expect(run(check, snapshot)).toEqual({ affected: [], skippedReason: null });
  });

  it('is skipped with the reason when the CA registry flags were not collected (LDAP only)', () => {
    const { affected, skippedReason } = run(check, adcsSnapshot());
    expect(affected).toEqual([]);
    expect(skippedReason).toMatch(/^Nicht geprüft: Die EditFlags der Zertifizierungsstelle \(TEST-CA\) stehen in deren Registrierung/);
  });

  it('is skipped when the snapshot has no CA data at all (older collector)', () => {
    const snapshot = cleanSnapshot();
    delete snapshot.certificationAuthorities;
    expect(run(check, snapshot).skippedReason).toMatch(/^Nicht geprüft: .*Zertifizierungsstellen/);
  });

  it('triggers for a CA with EDITF_ATTRIBUTESUBJECTALTNAME2', () => {
    const snapshot = adcsSnapshot();
    snapshot.certificationAuthorities = [authority({ editFlags: 0x11014e | 0x40000 })];
    expect(run(check, snapshot).affected.map((item) => [item.name, item.evidence])).toEqual([
      ['Zertifizierungsstelle „TEST-CA“', 'EditFlags 0x15014e: EDITF_ATTRIBUTESUBJECTALTNAME2 gesetzt'],
    ]);
  });
});
