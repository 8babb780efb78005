import { describe, expect, it } from 'vitest';
import { adcsSnapshot, enroll, findTemplate, templateAcl } from '../testing/adcs-fixtures';
import { findGroup, sid } from '../testing/fixtures';
import { run } from '../testing/run';
import { adcsTemplateEsc9 as check } from './adcs-template-esc9';

describe('adcs-template-esc9', () => {
  it('does not trigger for the default templates', () => {
    expect(run(check, adcsSnapshot()).affected).toEqual([]);
  });

  it('triggers for the User template with CT_FLAG_NO_SECURITY_EXTENSION, enrolled by Domänen-Benutzer (RID 513)', () => {
    const snapshot = adcsSnapshot();
    findGroup(snapshot, 513).sAMAccountName = 'Domänen-Benutzer';
    findTemplate(snapshot, 'User').enrollmentFlag |= 0x80000;
    expect(run(check, snapshot).affected.map((item) => [item.name, item.evidence])).toEqual([
      ['Zertifikatvorlage „User“', 'CT_FLAG_NO_SECURITY_EXTENSION gesetzt, Anmeldung möglich, ohne Genehmigung; registrieren dürfen: Domänen-Benutzer'],
    ]);
  });

  it('does not trigger for the flag on a server-only template or one only admins enrol', () => {
    const snapshot = adcsSnapshot();
    const webServer = findTemplate(snapshot, 'WebServer');
    webServer.enrollmentFlag = 0x80000;
    webServer.securityDescriptor = templateAcl(enroll(sid(513)));
    findTemplate(snapshot, 'EnrollmentAgent').enrollmentFlag = 0x80000;
    expect(run(check, snapshot).affected).toEqual([]);
  });
});
