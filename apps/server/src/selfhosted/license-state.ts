/**
 * What a self-hosted installation may do, from its last licence check (table selfhosted_license_state). Pure, with
 * the clock passed in, so tests can walk through grace period and expiry.
 *
 * Rules (README "Self-hosted licence"):
 * - the SaaS said the licence is suspended or cancelled → read-only;
 * - the last known end of the licence has passed → read-only (known without reaching the SaaS);
 * - no successful validation for SELFHOSTED_GRACE_DAYS (counted from the last success, or from the first check of an
 *   installation never validated) → read-only until a check succeeds again;
 * - the last check failed, but within the grace period → grace: everything works, admins see a warning banner.
 */
import { formatDate, formatDateTime, type LicenseState } from '@burgwall/shared';
import type { Selectable } from 'kysely';
import type { SelfhostedLicenseStateTable } from '../db/schema';

export type StoredLicenseCheck = Selectable<SelfhostedLicenseStateTable>;

const DAY_MS = 24 * 60 * 60 * 1000;
const READ_ONLY = 'Burgwall ist schreibgeschützt: Daten lassen sich ansehen, aber nicht ändern.';

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);

export function notRequiredLicenseState(): LicenseState {
  return { state: 'not-required', reason: null, licenseStatus: null, seats: null, validUntil: null, lastValidatedAt: null, lastAttemptAt: null, readOnlyFrom: null, message: null };
}

export function licenseStateOf(stored: StoredLicenseCheck | undefined, options: { graceDays: number; now: Date }): LicenseState {
  const { now, graceDays } = options;
  const firstCheckAt = stored?.first_check_at ?? now;
  const lastSuccessAt = stored?.last_success_at ?? null;
  const lastAttemptAt = stored?.last_attempt_at ?? null;
  const validUntil = stored?.valid_until ?? null;
  const readOnlyFrom = new Date((lastSuccessAt ?? firstCheckAt).getTime() + graceDays * DAY_MS);
  const base = {
    licenseStatus: stored?.license_status ?? null,
    seats: stored?.seats ?? null,
    validUntil: iso(validUntil),
    lastValidatedAt: iso(lastSuccessAt),
    lastAttemptAt: iso(lastAttemptAt),
    readOnlyFrom: readOnlyFrom.toISOString(),
  };

  if (lastSuccessAt && stored?.license_status && stored.license_status !== 'active') {
    const word = stored.license_status === 'suspended' ? 'gesperrt' : 'gekündigt';
    return { ...base, state: 'read-only', reason: 'inactive', message: `Die Lizenz dieser Installation ist ${word}. ${READ_ONLY} Bitte wenden Sie sich an Burgwall.` };
  }
  if (validUntil && validUntil.getTime() <= now.getTime()) {
    return {
      ...base,
      state: 'read-only',
      reason: 'expired',
      message: `Die Lizenz dieser Installation ist am ${formatDate(validUntil)} abgelaufen. ${READ_ONLY} Bitte verlängern Sie die Lizenz.`,
    };
  }
  // "seit … nicht geprüft" or "noch nie geprüft" (German has no double negation here).
  const notChecked = (place: string) => (lastSuccessAt ? `seit ${formatDateTime(lastSuccessAt)} nicht${place} geprüft` : `noch nie${place} geprüft`);
  const why = stored?.last_error ? ` (${stored.last_error})` : '';
  if (now.getTime() >= readOnlyFrom.getTime()) {
    return {
      ...base,
      state: 'read-only',
      reason: 'unverified',
      message: `Die Lizenz konnte ${notChecked(' beim Lizenzserver')} werden${why}. ${READ_ONLY} Das ändert sich, sobald die Prüfung wieder gelingt.`,
    };
  }
  const lastCheckFailed = !lastSuccessAt || (lastAttemptAt !== null && lastAttemptAt.getTime() > lastSuccessAt.getTime());
  if (lastCheckFailed) {
    return {
      ...base,
      state: 'grace',
      reason: null,
      message: `Lizenz konnte ${notChecked('')} werden${why}. Gelingt die Prüfung nicht bis ${formatDateTime(readOnlyFrom)}, wird Burgwall schreibgeschützt.`,
    };
  }
  return { ...base, state: 'valid', reason: null, message: null };
}
