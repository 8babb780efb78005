import type { SnapshotHeadInput, SnapshotInput } from '@burgwall/shared';

/** The domain SID of the fixtures below. */
export const FIXTURE_DOMAIN_SID = 'S-1-5-21-7-8-9';
const BASE_DN = 'DC=lab,DC=example';

/** A valid snapshot head (domain DC=lab,DC=example with its policy, no object lists) for tests of the snapshot store. */
export function fixtureHead(collectedAt = '2026-11-23T10:00:00.000Z'): SnapshotHeadInput {
  return {
    schemaVersion: 1,
    collectedAt,
    collectorVersion: '2.0.0',
    highestUsn: 500,
    domain: {
      distinguishedName: BASE_DN,
      dnsName: 'lab.example',
      objectSid: FIXTURE_DOMAIN_SID,
      objectGuid: '22222222-3333-4444-8555-666666666666',
      minPasswordLength: 7,
      passwordHistoryLength: 24,
      maxPasswordAgeDays: 42,
      minPasswordAgeDays: 1,
      passwordProperties: 1,
      lockoutThreshold: 0,
      lockoutDurationMinutes: 30,
      lockoutObservationWindowMinutes: 30,
      machineAccountQuota: 10,
      domainFunctionalLevel: 7,
      forestFunctionalLevel: 7,
    },
  };
}

export const fixtureGuid = (n: number) => `6f1c2a47-52a4-4d3c-9a55-${n.toString(16).padStart(12, '0')}`;

/** User n of the fixture domain (guid, DN, SID and account name derived from n). */
export function fixtureUser(n: number, description = 'Mitarbeiter'): SnapshotInput['users'][number] {
  return {
    objectGuid: fixtureGuid(n),
    distinguishedName: `CN=Benutzer ${n},OU=Mitarbeiter,${BASE_DN}`,
    objectSid: `${FIXTURE_DOMAIN_SID}-${1000 + n}`,
    sAMAccountName: `benutzer${n}`,
    description,
    userAccountControl: 512,
    primaryGroupId: 513,
  };
}
