import { describe, expect, it } from 'vitest';
import { cleanEntraInput, cleanEntraSnapshot, parseEntra } from '../testing/entra-fixtures';
import { daysAgo } from '../testing/fixtures';
import { runEntra } from '../testing/run';
import { entraAppCredentialLifetime as check } from './entra-app-credential-lifetime';

function withSecret(startDays: number, endDays: number) {
  const input = cleanEntraInput();
  input.applications = [{ id: 'app-2', appId: 'c0000000-0000-4000-8000-000000000003', displayName: 'Skript', passwordCredentials: [{ keyId: 'p1', displayName: 'prod', startDateTime: daysAgo(startDays), endDateTime: daysAgo(endDays) }] }];
  return parseEntra(input);
}

describe('entra-app-credential-lifetime', () => {
  it('does not trigger for a one-year certificate or a secret of exactly two years (edge)', () => {
    expect(runEntra(check, cleanEntraSnapshot())).toEqual({ affected: [], skippedReason: null });
    expect(runEntra(check, withSecret(10, 10 - 730)).affected).toEqual([]);
  });

  it('triggers for an expired secret and a 99-year secret, honouring a configured maximum', () => {
    expect(runEntra(check, withSecret(400, 5)).affected[0]?.evidence).toContain('abgelaufen am');
    const longLived = runEntra(check, withSecret(10, -99 * 365));
    expect(longLived.affected[0]?.evidence).toMatch(/^Geheimnis „prod“ gültig bis \d\d\.\d\d\.\d{4} \(99 Jahre\)$/);
    expect(runEntra(check, withSecret(10, 10 - 3 * 365), null, { maxYears: 5 }).affected).toEqual([]);
  });
});
