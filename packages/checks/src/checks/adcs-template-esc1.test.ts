import { describe, expect, it } from 'vitest';
import { adcsSnapshot, enroll, findTemplate, templateAcl } from '../testing/adcs-fixtures';
import { cleanSnapshot, findGroup, group, sid } from '../testing/fixtures';
import { run } from '../testing/run';
import { adcsTemplateEsc1 as check } from './adcs-template-esc1';

/** The default domain with WebServer opened up: Domain Users may enrol, client authentication added. */
function esc1Snapshot() {
  const snapshot = adcsSnapshot();
  const webServer = findTemplate(snapshot, 'WebServer');
  webServer.extendedKeyUsages = ['1.3.6.1.5.5.7.3.1', '1.3.6.1.5.5.7.3.2'];
  webServer.securityDescriptor = templateAcl(enroll(sid(513)));
  return snapshot;
}

describe('adcs-template-esc1', () => {
  it('does not trigger for the templates a new enterprise CA publishes', () => {
    expect(run(check, adcsSnapshot())).toEqual({ affected: [], skippedReason: null });
  });

  it('triggers for a template with enrollee-supplied subject, client authentication and Domain Users enrolment', () => {
    const { affected } = run(check, esc1Snapshot());
    expect(affected.map((item) => item.name)).toEqual(['Zertifikatvorlage „WebServer“']);
    expect(affected[0]?.evidence).toContain('registrieren dürfen: Domain Users');
  });

  it('triggers on a German-named domain: Domain Users identified by RID 513, not by name', () => {
    const snapshot = esc1Snapshot();
    findGroup(snapshot, 513).sAMAccountName = 'Domänen-Benutzer';
    expect(run(check, snapshot).affected[0]?.evidence).toContain('registrieren dürfen: Domänen-Benutzer');
  });

  it('does not trigger for a group merely called "Domain Users" that is not RID 513', () => {
    const snapshot = adcsSnapshot();
    snapshot.groups.push(group({ sAMAccountName: 'Domain Users', objectSid: sid(1500) }, `OU=Fake,DC=test,DC=local`));
    const webServer = findTemplate(snapshot, 'WebServer');
    webServer.extendedKeyUsages = ['1.3.6.1.5.5.7.3.2'];
    webServer.securityDescriptor = templateAcl(enroll(sid(1500)));
    expect(run(check, snapshot).affected).toEqual([]);
  });

  it('triggers for Authenticated Users, Everyone and Domain Computers, and for no EKU at all', () => {
    for (const trustee of ['S-1-5-11', 'S-1-1-0', sid(515)]) {
      const snapshot = adcsSnapshot();
      const subCa = findTemplate(snapshot, 'SubCA');
      subCa.securityDescriptor = templateAcl(enroll(trustee));
      expect(run(check, snapshot).affected.map((item) => item.name), trustee).toEqual(['Zertifikatvorlage „SubCA“']);
    }
  });

  it('does not trigger with manager approval, authorised signatures, an unpublished template or a server-only EKU', () => {
    const variants: Array<(snapshot: ReturnType<typeof esc1Snapshot>) => void> = [
      (snapshot) => (findTemplate(snapshot, 'WebServer').enrollmentFlag = 0x2),
      (snapshot) => (findTemplate(snapshot, 'WebServer').raSignature = 1),
      (snapshot) => (findTemplate(snapshot, 'WebServer').published = false),
      (snapshot) => (findTemplate(snapshot, 'WebServer').extendedKeyUsages = ['1.3.6.1.5.5.7.3.1']),
      (snapshot) => (findTemplate(snapshot, 'WebServer').certificateNameFlag = 0x18000000),
    ];
    for (const change of variants) {
      const snapshot = esc1Snapshot();
      change(snapshot);
      expect(run(check, snapshot).affected).toEqual([]);
    }
  });

  it('is skipped when the snapshot has no AD CS data (older collector)', () => {
    const snapshot = cleanSnapshot();
    delete snapshot.certificateTemplates;
    expect(run(check, snapshot).skippedReason).toMatch(/^Nicht geprüft: .*Zertifikatvorlagen/);
  });
});
