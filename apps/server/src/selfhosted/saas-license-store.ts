/**
 * SaaS side of self-hosted licences: the admins' licences (create, list, update) and what the installations report.
 * The licence key is 'bwl_' + 256 random bits; only its SHA-256 is stored, so a database copy cannot act as an
 * installation. It exists in clear text once, in the answer that creates the licence.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SelfhostedHeartbeatBody, SelfhostedLicense, SelfhostedLicenseStatus } from '@burgwall/shared';
import type { Selectable } from 'kysely';
import { DEFAULT_TIMEZONE } from '@burgwall/shared';
import type { Db } from '../db/database';
import type { SelfhostedLicenseTable } from '../db/schema';

const KEY_PATTERN = /^bwl_[A-Za-z0-9_-]{43}$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function hashLicenseKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

type LicenseRow = Selectable<SelfhostedLicenseTable>;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function licenseView(row: LicenseRow): SelfhostedLicense {
  return {
    selfhostedUUID: row.selfhosted_id_pk,
    name: row.name,
    seats: row.seats,
    periodStart: row.period_start.toISOString(),
    periodEnd: row.period_end.toISOString(),
    status: row.status,
    createdAt: row.created_at.toISOString(),
    keyPrefix: row.key_prefix,
    lastHeartbeatAt: iso(row.last_heartbeat_at),
    lastValidatedAt: iso(row.last_validated_at),
    version: row.reported_version,
    clientCount: row.reported_client_count,
    seatsUsed: row.reported_seats_used,
    userCount: row.reported_user_count,
  };
}

/**
 * A calendar day (YYYY-MM-DD) as a Berlin day: the period starts at its first moment and ends with the last moment
 * of the end day (a licence "bis 31.12.2026" works all of that day in Germany).
 */
export function berlinDayStart(day: string): Date {
  return zonedMidnight(day);
}

export function berlinDayEnd(day: string): Date {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return new Date(zonedMidnight(next.toISOString().slice(0, 10)).getTime() - 1);
}

/** Midnight of a Berlin calendar day in UTC (Intl knows the DST offset of that day). */
function zonedMidnight(day: string): Date {
  const utcMidnight = new Date(`${day}T00:00:00Z`);
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: DEFAULT_TIMEZONE, timeZoneName: 'longOffset' }).formatToParts(utcMidnight);
  const offset = parts.find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = offset.match(/GMT([+-])(\d{2}):(\d{2})/);
  const minutes = match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
  return new Date(utcMidnight.getTime() - minutes * 60_000);
}

export async function createSelfhostedLicense(
  db: Db,
  input: { name: string; seats: number; periodStart: string; periodEnd: string },
): Promise<{ license: SelfhostedLicense; licenseKey: string }> {
  const licenseKey = `bwl_${randomBytes(32).toString('base64url')}`;
  const row = await db
    .insertInto('selfhosted_license')
    .values({
      name: input.name,
      key_hash: hashLicenseKey(licenseKey),
      key_prefix: licenseKey.slice(0, 10),
      seats: input.seats,
      period_start: berlinDayStart(input.periodStart),
      period_end: berlinDayEnd(input.periodEnd),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { license: licenseView(row), licenseKey };
}

export async function listSelfhostedLicenses(db: Db): Promise<SelfhostedLicense[]> {
  const rows = await db.selectFrom('selfhosted_license').selectAll().orderBy('name').orderBy('created_at').execute();
  return rows.map(licenseView);
}

export async function updateSelfhostedLicense(
  db: Db,
  id: string,
  input: { seats: number; periodEnd: string; status: SelfhostedLicenseStatus },
): Promise<SelfhostedLicense | undefined | 'end-before-start'> {
  const existing = await db.selectFrom('selfhosted_license').select('period_start').where('selfhosted_id_pk', '=', id).executeTakeFirst();
  if (!existing) return undefined;
  const end = berlinDayEnd(input.periodEnd);
  if (end <= existing.period_start) return 'end-before-start';
  const row = await db
    .updateTable('selfhosted_license')
    .set({ seats: input.seats, period_end: end, status: input.status })
    .where('selfhosted_id_pk', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row ? licenseView(row) : undefined;
}

/**
 * The licence an installation presents, or undefined for an unknown id or a wrong key (the caller cannot tell which,
 * so ids cannot be probed). The hashes are compared in constant time.
 */
export async function authenticateInstallation(db: Db, id: string, presentedKey: string | null): Promise<LicenseRow | undefined> {
  if (!presentedKey || !KEY_PATTERN.test(presentedKey) || !UUID_PATTERN.test(id)) return undefined;
  const row = await db.selectFrom('selfhosted_license').selectAll().where('selfhosted_id_pk', '=', id.toLowerCase()).executeTakeFirst();
  if (!row) return undefined;
  const presented = Buffer.from(hashLicenseKey(presentedKey), 'hex');
  const stored = Buffer.from(row.key_hash, 'hex');
  return presented.length === stored.length && timingSafeEqual(presented, stored) ? row : undefined;
}

export async function recordHeartbeat(db: Db, id: string, report: SelfhostedHeartbeatBody, now: Date): Promise<void> {
  await db
    .updateTable('selfhosted_license')
    .set({
      last_heartbeat_at: now,
      reported_version: report.version,
      reported_client_count: report.clientCount,
      reported_seats_used: report.seatsUsed,
      reported_user_count: report.userCount,
    })
    .where('selfhosted_id_pk', '=', id)
    .execute();
}

export async function recordValidation(db: Db, id: string, version: string, now: Date): Promise<void> {
  await db.updateTable('selfhosted_license').set({ last_validated_at: now, reported_version: version }).where('selfhosted_id_pk', '=', id).execute();
}
