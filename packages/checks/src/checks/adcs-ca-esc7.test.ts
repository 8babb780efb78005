import { describe, expect, it } from 'vitest';
import { ace, adcsSnapshot, authority } from '../testing/adcs-fixtures';
import { cleanSnapshot, findGroup, sid } from '../testing/fixtures';
import { run } from '../testing/run';
import { adcsCaEsc7 as check } from './adcs-ca-esc7';

/** The CA security Windows sets: Administrators, Domain and Enterprise Admins manage; Authenticated Users enrol. */
const defaultCaSecurity = () => ({
  owner: 'S-1-5-32-544',
  aces: [ace('S-1-5-32-544', 0x3), ace(sid(512), 0x3), ace(sid(519), 0x3), ace('S-1-5-11', 0x200)],
});

describe('adcs-ca-esc7', () => {
  it('does not trigger for the default CA security, also with German group names', () => {
    const snapshot = adcsSnapshot();
    findGroup(snapshot, 512).sAMAccountName = 'Domänen-Admins';
    findGroup(snapshot, 519).sAMAccountName = 'Organisations-Admins';
    snapshot.certificationAuthorities = [authority({ caSecurity: defaultCaSecurity() })];
    expect(run(check, snapshot)).toEqual({ affected: [], skippedReason: null });
  });

  it('is skipped with the reason when the CA security was not collected', () => {
    expect(run(check, adcsSnapshot()).skippedReason).toMatch(/^Nicht geprüft: Die Berechtigungen der Zertifizierungsstelle \(TEST-CA\)/);
    expect(run(check, cleanSnapshot())).toEqual({ affected: [], skippedReason: null });
  });

  it('triggers for ManageCertificates of Domain Users and ManageCA of a helpdesk group', () => {
    const snapshot = adcsSnapshot();
    const security = defaultCaSecurity();
    security.aces.push(ace(sid(513), 0x2), ace(sid(1300), 0x1));
    snapshot.certificationAuthorities = [authority({ caSecurity: security })];
    expect(run(check, snapshot).affected.map((item) => item.evidence)).toEqual([
      'Domain Users: Zertifikate verwalten (ManageCertificates)',
      `${sid(1300)}: Zertifizierungsstelle verwalten (ManageCA)`,
    ]);
  });
});
