import { describe, expect, it } from 'vitest';
import { adcsSnapshot, authority } from '../testing/adcs-fixtures';
import { cleanSnapshot } from '../testing/fixtures';
import { run } from '../testing/run';
import { adcsWebEnrollmentEsc8 as check } from './adcs-web-enrollment-esc8';

describe('adcs-web-enrollment-esc8', () => {
  it('does not trigger for a domain without enterprise CA', () => {
    expect(run(check, cleanSnapshot())).toEqual({ affected: [], skippedReason: null });
  });

  it('is skipped with „Nicht geprüft“ when only a network check could tell (CA present, no HTTP endpoint in LDAP)', () => {
    const snapshot = adcsSnapshot();
    snapshot.certificationAuthorities = [authority({ enrollmentServerUrls: ['https://ca01.test.local/TEST-CA_CES_Kerberos/service.svc/CES'] })];
    const { affected, skippedReason } = run(check, snapshot);
    expect(affected).toEqual([]);
    expect(skippedReason).toMatch(/^Nicht geprüft: .*\(TEST-CA\).*Netzwerkprüfung/);
  });

  it('triggers for a Certificate Enrollment Web Service published over plain HTTP', () => {
    const snapshot = adcsSnapshot();
    snapshot.certificationAuthorities = [authority({ enrollmentServerUrls: ['http://ca01.test.local/TEST-CA_CES_UsernamePassword/service.svc/CES'] })];
    expect(run(check, snapshot).affected.map((item) => item.evidence)).toEqual([
      'Registrierungs-Webdienst ohne TLS: http://ca01.test.local/TEST-CA_CES_UsernamePassword/service.svc/CES',
    ]);
  });
});
