import { describe, expect, it } from 'vitest';
import { adcsSnapshot, enroll, findTemplate, templateAcl } from '../testing/adcs-fixtures';
import { findGroup, sid } from '../testing/fixtures';
import { run } from '../testing/run';
import { adcsTemplateEsc15 as check } from './adcs-template-esc15';

describe('adcs-template-esc15', () => {
  it('does not trigger for the default WebServer template (schema 1, subject supplied, but only admins enrol)', () => {
    expect(run(check, adcsSnapshot()).affected).toEqual([]);
  });

  it('triggers for WebServer enrolled by Domänen-Computer (RID 515)', () => {
    const snapshot = adcsSnapshot();
    findGroup(snapshot, 515).sAMAccountName = 'Domänencomputer';
    findTemplate(snapshot, 'WebServer').securityDescriptor = templateAcl(enroll(sid(515)));
    expect(run(check, snapshot).affected.map((item) => [item.name, item.evidence])).toEqual([
      ['Zertifikatvorlage „WebServer“', 'Schemaversion 1, Antragsteller frei wählbar, ohne Genehmigung; registrieren dürfen: Domänencomputer'],
    ]);
  });

  it('does not trigger for a schema 2 duplicate of that template', () => {
    const snapshot = adcsSnapshot();
    const webServer = findTemplate(snapshot, 'WebServer');
    webServer.securityDescriptor = templateAcl(enroll(sid(515)));
    webServer.schemaVersion = 2;
    expect(run(check, snapshot).affected).toEqual([]);
  });
});
