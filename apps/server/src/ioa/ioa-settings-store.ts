import { defaultIoaSettings, type DetectorSettings, type IoaSettings } from '@burgwall/checks/attacks';
import { clientDb } from '../db/client-db';
import type { Db } from '../db/database';

/**
 * Settings are read for every uploaded batch but change rarely: cached per client for a few seconds. A change made
 * through this instance takes effect at once; one made through another instance within SETTINGS_TTL_MS.
 */
const SETTINGS_TTL_MS = 5000;
const cache = new Map<string, { settings: IoaSettings; expires: number }>();

export async function cachedIoaSettings(db: Db, clientId: string): Promise<IoaSettings> {
  const hit = cache.get(clientId);
  if (hit && hit.expires > Date.now()) return hit.settings;
  const settings = await loadIoaSettings(db, clientId);
  cache.set(clientId, { settings, expires: Date.now() + SETTINGS_TTL_MS });
  return settings;
}

/** The client's detector settings: stored rows over the defaults (a detector without a row uses its defaults). */
export async function loadIoaSettings(db: Db, clientId: string): Promise<IoaSettings> {
  const settings = defaultIoaSettings();
  const rows = await clientDb(db, clientId).selectFrom('ioa_setting').selectAll().execute();
  for (const row of rows) {
    const fallback = settings[row.detector];
    if (!fallback) continue; // a detector that no longer exists
    settings[row.detector] = {
      enabled: row.enabled,
      allowlist: row.allowlist,
      thresholds: { ...fallback.thresholds, ...row.thresholds },
    };
  }
  return settings;
}

export async function saveIoaSetting(db: Db, clientId: string, detector: string, setting: DetectorSettings): Promise<void> {
  const values = {
    detector,
    enabled: setting.enabled,
    allowlist: setting.allowlist,
    thresholds: JSON.stringify(setting.thresholds),
  };
  await clientDb(db, clientId)
    .insertInto('ioa_setting')
    .values(values)
    .onConflict((oc) => oc.column('detector').doUpdateSet({ ...values, updated_at: new Date() }))
    .execute();
  cache.delete(clientId);
}

/** POST …/ioa/thresholds/reset: back to the defaults of every detector. */
export async function resetIoaSettings(db: Db, clientId: string): Promise<void> {
  await clientDb(db, clientId).deleteFrom('ioa_setting').execute();
  cache.delete(clientId);
}
