import { collectChanges } from './changes/collect-changes';
import { type CollectorState, emptyState, loadState, saveState } from './changes/state-store';
import { trackChanges } from './changes/track-changes';
import { trackedObjectsOf } from './changes/tracked-values';
import { COLLECTOR_VERSION } from './collector-version';
import type { CollectorConfig } from './config';
import { noChangedObjects } from './directory/changed-objects';
import { collectSnapshot } from './directory/collect-snapshot';
import type { ApiClient } from './upload/api-client';
import { Spool, type SpoolFlushResult } from './upload/spool';

export interface CycleResult {
  kind: 'full' | 'incremental';
  changes: number;
  snapshotUsers: number | null;
  upload: SpoolFlushResult;
}

export interface CycleOptions {
  /** Force a full collection (snapshot); otherwise one happens when no state exists or it is due. */
  full?: boolean;
  fullCollectionIntervalMs?: number;
  changeBatchSize?: number;
  log?: (line: string) => void;
  now?: Date;
  retries?: number;
  retryDelayMs?: number;
  /** Log an incremental cycle only when it found changes (the change-triggered cycles between regular ones). */
  quiet?: boolean;
}

/**
 * Whether this cycle collects everything: always without a state or when forced, else once the interval the server
 * sends (the client setting „Vollständige Erfassung alle … Stunden“, GET collector/config) has passed since the last one.
 */
export function fullDue(state: Pick<CollectorState, 'lastFullCollectionAt'> | null, options: Pick<CycleOptions, 'full' | 'fullCollectionIntervalMs'>, now: Date): boolean {
  if (!state || options.full) return true;
  if (!state.lastFullCollectionAt || !options.fullCollectionIntervalMs) return false;
  return now.getTime() - Date.parse(state.lastFullCollectionAt) >= options.fullCollectionIntervalMs;
}

/**
 * One collection: full (snapshot + changes against the last state) or incremental (changes only),
 * written to the spool before the state moves on, then the spool is flushed to the server.
 */
export async function runCycle(config: CollectorConfig, api: ApiClient, options: CycleOptions = {}): Promise<CycleResult> {
  const now = options.now ?? new Date();
  const log = options.log ?? (() => undefined);
  const spool = new Spool(config.stateDir);
  const batchSize = options.changeBatchSize ?? config.changeBatchSize ?? 5000;
  const state = await loadState(config.stateDir);
  let result: Omit<CycleResult, 'upload'>;

  if (fullDue(state, options, now)) {
    const { snapshot, read } = await collectSnapshot(config.ldap, config.sysvol, COLLECTOR_VERSION);
    const tracked = trackChanges(state ?? emptyState(), trackedObjectsOf(read), {
      highestUsn: snapshot.highestUsn,
      now,
      complete: true,
    });
    // The very first read only sets the baseline: without earlier values there is nothing to compare.
    const changes = state ? tracked.changes : [];
    await spool.addSnapshot(snapshot);
    if (state) await spool.addChanges(changes, snapshot.domain.objectGuid, batchSize);
    await saveState(config.stateDir, {
      ...tracked.state,
      highestUsn: snapshot.highestUsn,
      domainGuid: snapshot.domain.objectGuid,
      lastFullCollectionAt: now.toISOString(),
    });
    log(`Vollständige Erfassung: ${snapshot.users.length} Benutzer, ${snapshot.groups.length} Gruppen, ${snapshot.computers.length} Computer, ${snapshot.gpos.length} GPOs, ${changes.length} Änderungen`);
    result = { kind: 'full', changes: changes.length, snapshotUsers: snapshot.users.length };
  } else {
    const current = state as CollectorState;
    const { changes, state: next, objects } = await collectChanges(config.ldap, current, now);
    await spool.addChanges(changes, current.domainGuid, batchSize, objects && !noChangedObjects(objects) ? objects : undefined);
    await saveState(config.stateDir, next);
    if (!options.quiet || changes.length > 0) log(`Inkrementelle Erfassung ab USN ${current.highestUsn}: ${changes.length} Änderungen`);
    result = { kind: 'incremental', changes: changes.length, snapshotUsers: null };
  }

  const upload = await spool.flush(api, { log, retries: options.retries, retryDelayMs: options.retryDelayMs });
  if (upload.pending > 0) log(`${upload.pending} Batches warten auf den Server (${upload.lastError ?? 'unbekannter Fehler'})`);
  return { ...result, upload };
}
