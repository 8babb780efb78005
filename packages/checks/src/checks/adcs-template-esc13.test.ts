import { describe, expect, it } from 'vitest';
import { adcsSnapshot, enroll, template, templateAcl } from '../testing/adcs-fixtures';
import { DOMAIN_DN, findGroup, guid, sid } from '../testing/fixtures';
import { run } from '../testing/run';
import { adcsTemplateEsc13 as check } from './adcs-template-esc13';

const POLICY_OID = '1.3.6.1.4.1.311.21.8.1.2.3.4.5.6.400';

function esc13Snapshot(groupLink: string | null) {
  const snapshot = adcsSnapshot();
  snapshot.issuancePolicies = [
    { objectGuid: guid(), distinguishedName: `CN=400.ABC,CN=OID,CN=Public Key Services,CN=Services,CN=Configuration,${DOMAIN_DN}`, displayName: 'Hohe Sicherheit', oid: POLICY_OID, groupLink },
  ];
  snapshot.certificateTemplates?.push(
    template({ name: 'HighAssurance', issuancePolicies: [POLICY_OID], extendedKeyUsages: ['1.3.6.1.5.5.7.3.2'], securityDescriptor: templateAcl(enroll(sid(513))) }),
  );
  return snapshot;
}

describe('adcs-template-esc13', () => {
  it('does not trigger for an issuance policy without group link', () => {
    expect(run(check, esc13Snapshot(null))).toEqual({ affected: [], skippedReason: null });
  });

  it('triggers for a policy linked to Domänen-Admins on a template Domain Users may enrol', () => {
    const linked = esc13Snapshot(`CN=Domain Admins,CN=Users,${DOMAIN_DN}`);
    findGroup(linked, 512).sAMAccountName = 'Domänen-Admins';
    expect(run(check, linked).affected.map((item) => item.evidence)).toEqual([
      'Ausstellungsrichtlinie mit Gruppe: Hohe Sicherheit → Domänen-Admins; registrieren dürfen: Domain Users',
    ]);
  });

  it('is skipped when the snapshot has no issuance policy data (older collector)', () => {
    const snapshot = adcsSnapshot();
    delete snapshot.issuancePolicies;
    expect(run(check, snapshot).skippedReason).toMatch(/^Nicht geprüft: .*Ausstellungsrichtlinien/);
  });
});
