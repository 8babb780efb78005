import { checkBySlug } from '@burgwall/checks';
import { CRITICALITIES, type Criticality, type FindingChange, type FindingChangesAnswer } from '@burgwall/shared';
import { type Kysely, sql } from 'kysely';
import type { ClientDatabase } from '../db/schema';

/**
 * „Neu / behoben seit letzter Prüfung“. A Prüfung is the evaluation of new directory data (another AD or Entra snapshot);
 * evaluating the same data again (thresholds, rescan) stays in the current Prüfung, and so do evaluations of the same
 * snapshot after change batches were applied to its objects (snapshots/apply-changed-objects.ts): what they raise or
 * clear between two full collections is „neu“ / „behoben“ of the current Prüfung. New findings are those first seen
 * after the previous Prüfung began; resolved ones are kept in `finding_resolved` with the time they went.
 */

/** Which data an evaluation reads: the AD and Entra snapshot ids. */
export const checkDataKey = (snapshotId: string | null, entraSnapshotId: string | null) => `${snapshotId ?? '-'}|${entraSnapshotId ?? '-'}`;

/**
 * Starts a new Prüfung when the data differs from the current one's: the current becomes the previous, and resolved
 * findings from before the previous Prüfung are no longer "since the last one" and are dropped.
 */
export async function beginCheckIfNewData(own: Kysely<ClientDatabase>, dataKey: string, evaluatedAt: Date): Promise<boolean> {
  const status = await own.selectFrom('status_collector').select(['check_data_key', 'current_check_at']).executeTakeFirst();
  if (!status || status.check_data_key === dataKey) return false;
  await own.updateTable('status_collector').set({ check_data_key: dataKey, previous_check_at: status.current_check_at, current_check_at: evaluatedAt }).execute();
  if (status.current_check_at) await own.deleteFrom('finding_resolved').where('resolved_at', '<=', status.current_check_at).execute();
  return true;
}

export interface RemovedFinding {
  object_key: string;
  object_type: string;
  object_name: string;
  distinguished_name: string | null;
  first_seen_at: Date;
}

/** Notes findings of one check that went away; a finding that comes back is new again and leaves this list. */
export async function recordFindingChanges(own: Kysely<ClientDatabase>, ioeId: string, removed: readonly RemovedFinding[], stillAffected: readonly string[], at: Date): Promise<void> {
  if (stillAffected.length > 0) {
    await own.deleteFrom('finding_resolved').where('ioe_fk', '=', ioeId).where('object_key', '=', sql<string>`ANY(${[...stillAffected]}::text[])`).execute();
  }
  const CHUNK = 2000;
  for (let start = 0; start < removed.length; start += CHUNK) {
    await own
      .insertInto('finding_resolved')
      .values(removed.slice(start, start + CHUNK).map((row) => ({ ioe_fk: ioeId, ...row, resolved_at: at })))
      .onConflict((oc) =>
        oc.columns(['ioe_fk', 'object_key']).doUpdateSet((eb) => ({
          object_name: eb.ref('excluded.object_name'),
          first_seen_at: eb.ref('excluded.first_seen_at'),
          resolved_at: eb.ref('excluded.resolved_at'),
        })),
      )
      .execute();
  }
}

interface ChangeRow {
  ioeType: string;
  criticalityOverride: Criticality | null;
  objectKey: string;
  objectName: string;
  objectType: string;
  at: Date;
}

/** What changed since the last Prüfung: counts and the most critical `limit` of each side. */
export async function findingChangesSinceLastCheck(own: Kysely<ClientDatabase>, limit: number): Promise<FindingChangesAnswer> {
  const status = await own.selectFrom('status_collector').select(['current_check_at', 'previous_check_at']).executeTakeFirst();
  const since = status?.previous_check_at ?? null;
  const empty = { currentCheckAt: status?.current_check_at?.toISOString() ?? null, previousCheckAt: since?.toISOString() ?? null, newCount: 0, resolvedCount: 0, new: [], resolved: [] };
  if (!since) return empty;
  const [appeared, resolved] = await Promise.all([
    own
      .selectFrom('finding as f')
      .innerJoin('ioe', 'ioe.ioe_id_pk', 'f.ioe_fk')
      .select(['ioe.ioe_type as ioeType', 'ioe.criticality_override as criticalityOverride', 'f.object_key as objectKey', 'f.object_name as objectName', 'f.object_type as objectType', 'f.first_seen_at as at'])
      .where('f.first_seen_at', '>', since)
      .where('ioe.is_disabled', '=', false)
      .execute(),
    own
      .selectFrom('finding_resolved as r')
      .innerJoin('ioe', 'ioe.ioe_id_pk', 'r.ioe_fk')
      .select(['ioe.ioe_type as ioeType', 'ioe.criticality_override as criticalityOverride', 'r.object_key as objectKey', 'r.object_name as objectName', 'r.object_type as objectType', 'r.resolved_at as at'])
      .where('r.resolved_at', '>', since)
      .where('ioe.is_disabled', '=', false)
      .execute(),
  ]);
  const present = (rows: ChangeRow[]): FindingChange[] =>
    rows
      .flatMap((row) => {
        const check = checkBySlug(row.ioeType);
        if (!check) return [];
        const criticality = row.criticalityOverride ?? check.criticality;
        return [{ ioeType: row.ioeType, title: check.title, criticality, objectKey: row.objectKey, objectName: row.objectName, objectType: row.objectType, at: row.at.toISOString() }];
      })
      .sort((a, b) => CRITICALITIES.indexOf(a.criticality) - CRITICALITIES.indexOf(b.criticality) || a.title.localeCompare(b.title, 'de') || a.objectName.localeCompare(b.objectName, 'de'));
  const newList = present(appeared as ChangeRow[]);
  const resolvedList = present(resolved as ChangeRow[]);
  return { ...empty, newCount: newList.length, resolvedCount: resolvedList.length, new: newList.slice(0, limit), resolved: resolvedList.slice(0, limit) };
}
