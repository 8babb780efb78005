import { describe, expect, it } from 'vitest';
import { licenseStateOf, type StoredLicenseCheck } from './license-state';

const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2026-11-25T12:00:00Z');
const ago = (days: number) => new Date(now.getTime() - days * DAY);

function stored(values: Partial<StoredLicenseCheck>): StoredLicenseCheck {
  return {
    singleton: true,
    selfhosted_uuid: '11111111-1111-4111-8111-111111111111',
    first_check_at: ago(100),
    last_attempt_at: ago(0.01),
    last_success_at: ago(0.01),
    last_error: null,
    license_status: 'active',
    seats: 100,
    period_start: ago(300),
    valid_until: new Date(now.getTime() + 60 * DAY),
    ...values,
  };
}

const state = (values: Partial<StoredLicenseCheck> | undefined, days = 14) => licenseStateOf(values === undefined ? undefined : stored(values), { graceDays: days, now });

describe('licence state of a self-hosted installation', () => {
  it('valid after a successful check', () => {
    expect(state({})).toMatchObject({ state: 'valid', message: null, seats: 100 });
  });

  it('grace while the last check failed, read-only from the end of the grace period on', () => {
    const failing = { last_attempt_at: ago(0), last_error: 'Lizenzserver x nicht erreichbar' };
    expect(state({ ...failing, last_success_at: ago(13.9) })).toMatchObject({ state: 'grace', readOnlyFrom: new Date(ago(13.9).getTime() + 14 * DAY).toISOString() });
    expect(state({ ...failing, last_success_at: ago(13.9) }).message).toBe(
      'Lizenz konnte seit 11.11.2026, 15:24 Uhr nicht geprüft werden (Lizenzserver x nicht erreichbar). Gelingt die Prüfung nicht bis 25.11.2026, 15:24 Uhr, wird Burgwall schreibgeschützt.',
    );
    expect(state({ ...failing, last_success_at: ago(14) })).toMatchObject({ state: 'read-only', reason: 'unverified' });
    expect(state({ ...failing, last_success_at: ago(6) }, 5)).toMatchObject({ state: 'read-only', reason: 'unverified' });
  });

  it('an installation never validated counts its grace period from its first check', () => {
    const never = { last_success_at: null, license_status: null, seats: null, valid_until: null, last_error: 'Lizenzserver x nicht erreichbar' };
    expect(state({ ...never, first_check_at: ago(2) })).toMatchObject({ state: 'grace' });
    expect(state({ ...never, first_check_at: ago(2) }).message).toMatch(/^Lizenz konnte noch nie geprüft werden \(Lizenzserver x nicht erreichbar\)\. Gelingt die Prüfung nicht bis 07\.12\.2026, 13:00 Uhr, wird Burgwall schreibgeschützt\.$/);
    expect(state({ ...never, first_check_at: ago(15) })).toMatchObject({ state: 'read-only', reason: 'unverified' });
    expect(state({ ...never, first_check_at: ago(15) }).message).toMatch(/^Die Lizenz konnte noch nie beim Lizenzserver geprüft werden \(/);
    expect(state(undefined)).toMatchObject({ state: 'grace' });
  });

  it('expired and inactive licences are read-only even while the SaaS is reachable', () => {
    expect(state({ valid_until: ago(1) })).toMatchObject({ state: 'read-only', reason: 'expired' });
    expect(state({ valid_until: ago(1) }).message).toBe(
      'Die Lizenz dieser Installation ist am 24.11.2026 abgelaufen. Burgwall ist schreibgeschützt: Daten lassen sich ansehen, aber nicht ändern. Bitte verlängern Sie die Lizenz.',
    );
    expect(state({ license_status: 'canceled' })).toMatchObject({ state: 'read-only', reason: 'inactive', message: expect.stringContaining('gekündigt') });
  });
});
