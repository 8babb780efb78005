import { describe, expect, it } from 'vitest';
import { adcsSnapshot, enroll, findTemplate, template, templateAcl } from '../testing/adcs-fixtures';
import { findGroup, sid } from '../testing/fixtures';
import { run } from '../testing/run';
import { adcsTemplateEsc2 as check } from './adcs-template-esc2';

describe('adcs-template-esc2', () => {
  it('does not trigger for the default templates (SubCA has no EKU but only admins enrol)', () => {
    expect(run(check, adcsSnapshot()).affected).toEqual([]);
  });

  it('triggers for an Any Purpose template and a template without EKU that Domänen-Benutzer (RID 513) may enrol', () => {
    const snapshot = adcsSnapshot();
    findGroup(snapshot, 513).sAMAccountName = 'Domänen-Benutzer';
    snapshot.certificateTemplates?.push(template({ name: 'Universal', extendedKeyUsages: ['2.5.29.37.0'], securityDescriptor: templateAcl(enroll(sid(513))) }));
    findTemplate(snapshot, 'SubCA').securityDescriptor = templateAcl(enroll('S-1-5-11'));
    expect(run(check, snapshot).affected.map((item) => item.evidence)).toEqual([
      'kein Verwendungszweck (EKU) festgelegt, ohne Genehmigung; registrieren dürfen: Authentifizierte Benutzer',
      'Verwendungszweck „Beliebiger Zweck“, ohne Genehmigung; registrieren dürfen: Domänen-Benutzer',
    ]);
  });

  it('does not trigger when the Any Purpose template needs manager approval', () => {
    const snapshot = adcsSnapshot();
    snapshot.certificateTemplates?.push(template({ name: 'Universal', enrollmentFlag: 0x2, extendedKeyUsages: ['2.5.29.37.0'], securityDescriptor: templateAcl(enroll(sid(513))) }));
    expect(run(check, snapshot).affected).toEqual([]);
  });
});
