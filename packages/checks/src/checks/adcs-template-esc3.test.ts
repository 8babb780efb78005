import { describe, expect, it } from 'vitest';
import { adcsSnapshot, enroll, findTemplate, template, templateAcl } from '../testing/adcs-fixtures';
import { sid } from '../testing/fixtures';
import { run } from '../testing/run';
import { adcsTemplateEsc3 as check } from './adcs-template-esc3';

const AGENT = '1.3.6.1.4.1.311.20.2.1';

/** An on-behalf template: schema 2, one authorised signature with the Certificate Request Agent policy. */
const onBehalf = () =>
  template({ name: 'SmartcardOnBehalf', raSignature: 1, raApplicationPolicies: [AGENT], extendedKeyUsages: ['1.3.6.1.5.5.7.3.2'], securityDescriptor: templateAcl(enroll(sid(513))) });

describe('adcs-template-esc3', () => {
  it('does not trigger for the default EnrollmentAgent template (only admins enrol)', () => {
    const snapshot = adcsSnapshot();
    snapshot.certificateTemplates?.push(onBehalf());
    expect(run(check, snapshot).affected).toEqual([]);
  });

  it('triggers for an agent template Domain Users may enrol, and lists the on-behalf template', () => {
    const snapshot = adcsSnapshot();
    findTemplate(snapshot, 'EnrollmentAgent').securityDescriptor = templateAcl(enroll(sid(513)));
    snapshot.certificateTemplates?.push(onBehalf());
    expect(run(check, snapshot).affected.map((item) => [item.name, item.evidence])).toEqual([
      ['Zertifikatvorlage „EnrollmentAgent“', 'Zertifikatanforderungs-Agent, ohne Genehmigung; registrieren dürfen: Domain Users'],
      ['Zertifikatvorlage „SmartcardOnBehalf“', 'Anmeldevorlage nimmt Anforderungen im Namen anderer mit Agent-Signatur an; registrieren dürfen: Domain Users'],
    ]);
  });

  it('does not trigger when the agent template needs manager approval', () => {
    const snapshot = adcsSnapshot();
    const agent = findTemplate(snapshot, 'EnrollmentAgent');
    agent.securityDescriptor = templateAcl(enroll(sid(513)));
    agent.enrollmentFlag = 0x2;
    expect(run(check, snapshot).affected).toEqual([]);
  });
});
