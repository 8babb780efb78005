/**
 * Self-hosted side: calls the SaaS's heartbeat and validate with the installation's licence key and stores the result
 * in PostgreSQL (table selfhosted_license_state), which every instance reads: instances stay stateless, and a pg-boss
 * schedule makes one instance per slot do the check.
 */
import {
  selfhostedValidateAnswerSchema,
  type LicenseState,
  type SelfhostedHeartbeatBody,
} from '@burgwall/shared';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { serverConfiguredFetch } from '../http/outgoing';
import type { JobQueue } from '../jobs/job-queue';
import { VERSION } from '../version';
import { licenseStateOf, notRequiredLicenseState } from './license-state';

export const LICENSE_CHECK_JOB = 'selfhosted-license-check';
const REQUEST_TIMEOUT_MS = 15_000;

export interface LicenseCheckConfig {
  serverUrl: string;
  selfhostedUuid: string;
  licenseKey: string;
  graceDays: number;
}

/** The licence check of this installation, or null when none is configured (the SaaS itself, development). */
export function licenseCheckConfig(config: Config): LicenseCheckConfig | null {
  if (config.APP_ENV !== 'selfhosted' || !config.SELFHOSTED_LICENSE_SERVER_URL || !config.SELFHOSTED_UUID || !config.SELFHOSTED_LICENSE_KEY) return null;
  return {
    serverUrl: config.SELFHOSTED_LICENSE_SERVER_URL.replace(/\/$/, ''),
    selfhostedUuid: config.SELFHOSTED_UUID.toLowerCase(),
    licenseKey: config.SELFHOSTED_LICENSE_KEY,
    graceDays: config.SELFHOSTED_GRACE_DAYS,
  };
}

/** Makes sure the state row exists: its first_check_at starts the grace period of a never-validated installation. */
async function ensureStateRow(db: Db, selfhostedUuid: string): Promise<void> {
  await db.insertInto('selfhosted_license_state').values({ selfhosted_uuid: selfhostedUuid }).onConflict((oc) => oc.column('singleton').doNothing()).execute();
  // Another licence configured (SELFHOSTED_UUID changed): what was known of the old one no longer counts.
  await db
    .updateTable('selfhosted_license_state')
    .set({ selfhosted_uuid: selfhostedUuid, first_check_at: new Date(), last_attempt_at: null, last_success_at: null, last_error: null, license_status: null, seats: null, period_start: null, valid_until: null })
    .where('selfhosted_uuid', '<>', selfhostedUuid)
    .execute();
}

/** The figures the heartbeat reports. */
export async function installationFigures(db: Db): Promise<Omit<SelfhostedHeartbeatBody, 'version'>> {
  const clients = await db
    .selectFrom('client_license')
    .select((eb) => [eb.fn.countAll<string>().as('clients'), eb.fn.coalesce(eb.fn.sum<string>('employee_count'), eb.val('0')).as('seats')])
    .executeTakeFirstOrThrow();
  const users = await db.selectFrom('app_user').select((eb) => eb.fn.countAll<string>().as('users')).executeTakeFirstOrThrow();
  return { clientCount: Number(clients.clients), seatsUsed: Number(clients.seats), userCount: Number(users.users) };
}

class LicenseServerError extends Error {}

async function callLicenseServer(check: LicenseCheckConfig, action: 'heartbeat' | 'validate', body: object): Promise<unknown> {
  const url = `${check.serverUrl}/saas/selfhosted/${check.selfhostedUuid}/${action}`;
  let response: Response;
  try {
    response = await serverConfiguredFetch(url, {
      method: 'POST',
      headers: { authorization: `ApiKey ${check.licenseKey}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch {
    throw new LicenseServerError(`Lizenzserver ${new URL(check.serverUrl).host} nicht erreichbar`);
  }
  const text = await response.text();
  if (!response.ok) {
    // The SaaS answers problem details with a German detail; anything else is named by its status only.
    let detail = '';
    try {
      const parsed: unknown = JSON.parse(text);
      const value = typeof parsed === 'object' && parsed !== null ? (parsed as { detail?: unknown }).detail : undefined;
      if (typeof value === 'string') detail = `: ${value.slice(0, 300)}`;
    } catch {
      // not JSON
    }
    throw new LicenseServerError(`Lizenzserver antwortete mit Status ${response.status}${detail}`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new LicenseServerError('Lizenzserver antwortete nicht mit JSON');
  }
}

/**
 * One check: heartbeat (version and figures), then validate; the answer of validate is stored as the last successful
 * validation. A failure is stored as the last attempt with its German reason; the last success stays, so the grace
 * period runs from there.
 */
export async function runLicenseCheck(db: Db, check: LicenseCheckConfig, now: () => Date = () => new Date()): Promise<LicenseState> {
  await ensureStateRow(db, check.selfhostedUuid);
  try {
    await callLicenseServer(check, 'heartbeat', { version: VERSION, ...(await installationFigures(db)) });
    const parsed = selfhostedValidateAnswerSchema.safeParse(await callLicenseServer(check, 'validate', { version: VERSION }));
    if (!parsed.success) throw new LicenseServerError('Lizenzserver antwortete in einem unbekannten Format');
    const answer = parsed.data;
    const at = now();
    await db
      .updateTable('selfhosted_license_state')
      .set({
        last_attempt_at: at,
        last_success_at: at,
        last_error: null,
        license_status: answer.status,
        seats: answer.seats,
        period_start: new Date(answer.periodStart),
        valid_until: new Date(answer.validUntil),
      })
      .execute();
  } catch (error) {
    if (!(error instanceof LicenseServerError)) throw error;
    await db.updateTable('selfhosted_license_state').set({ last_attempt_at: now(), last_error: error.message }).execute();
  }
  return readLicenseState(db, check, now());
}

/** The installation's licence state as all instances see it (one row read). */
export async function readLicenseState(db: Db, check: LicenseCheckConfig | null, now = new Date()): Promise<LicenseState> {
  if (!check) return notRequiredLicenseState();
  const stored = await db.selectFrom('selfhosted_license_state').selectAll().where('singleton', '=', true).executeTakeFirst();
  return licenseStateOf(stored, { graceDays: check.graceDays, now });
}

export function defineLicenseCheckJob(jobs: JobQueue, services: { db: Db; config: Config }): void {
  const check = licenseCheckConfig(services.config);
  if (!check) return;
  jobs.define<object>({
    name: LICENSE_CHECK_JOB,
    // The check at start is sent with the singletonKey 'start': several instances starting together queue one.
    onePerKey: true,
    // A failed check is stored, not thrown; a retry would only repeat it before the next slot.
    retryLimit: 0,
    handler: async () => {
      const state = await runLicenseCheck(services.db, check);
      if (state.state !== 'valid') console.warn(`[burgwall] licence: ${state.message ?? state.state}`);
    },
  });
}

/** At every start one check at once (singleton: several instances starting together queue one), then on the cron. */
export async function scheduleLicenseCheck(jobs: JobQueue, config: Config): Promise<void> {
  if (!licenseCheckConfig(config)) return;
  await jobs.schedule(LICENSE_CHECK_JOB, config.SELFHOSTED_LICENSE_CRON);
  await jobs.enqueue(LICENSE_CHECK_JOB, {}, { singletonKey: 'start' });
}
