import { defaultIoaSettings, type DetectorSettings, type IoaSettings } from '@burgwall/checks/attacks';
import { clientDb } from '../db/client-db';
import type { Db } from '../db/database';

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
}

/** POST …/ioa/thresholds/reset: back to the defaults of every detector. */
export async function resetIoaSettings(db: Db, clientId: string): Promise<void> {
  await clientDb(db, clientId).deleteFrom('ioa_setting').execute();
}
