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

/** The status row with every finding that appeared and every one that went since the previous Prüfung: one query. */
function changesQuery(own: Kysely<ClientDatabase>) {
  return own
    .selectFrom('status_collector as s')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('finding as f')
          .innerJoin('ioe', 'ioe.ioe_id_pk', 'f.ioe_fk')
          .select([sql<'new' | 'resolved'>`'new'`.as('side'), 'ioe.ioe_type', 'ioe.criticality_override', 'f.object_key', 'f.object_name', 'f.object_type', 'f.first_seen_at as at'])
          .whereRef('f.first_seen_at', '>', 's.previous_check_at')
          .where('ioe.is_disabled', '=', false)
          .unionAll(
            eb
              .selectFrom('finding_resolved as r')
              .innerJoin('ioe', 'ioe.ioe_id_pk', 'r.ioe_fk')
              .select([sql<'new' | 'resolved'>`'resolved'`.as('side'), 'ioe.ioe_type', 'ioe.criticality_override', 'r.object_key', 'r.object_name', 'r.object_type', 'r.resolved_at as at'])
              .whereRef('r.resolved_at', '>', 's.previous_check_at')
              .where('ioe.is_disabled', '=', false),
          )
          .as('c'),
      (join) => join.onTrue(),
    )
    .select(['s.current_check_at', 's.previous_check_at', 'c.side', 'c.ioe_type', 'c.criticality_override', 'c.object_key', 'c.object_name', 'c.object_type', 'c.at']);
}

/** What changed since the last Prüfung: counts and the most critical `limit` of each side. */
export async function findingChangesSinceLastCheck(own: Kysely<ClientDatabase>, limit: number): Promise<FindingChangesAnswer> {
  const rows = await changesQuery(own).execute();
  const status = rows[0];
  const since = status?.previous_check_at ?? null;
  const empty = { currentCheckAt: status?.current_check_at?.toISOString() ?? null, previousCheckAt: since?.toISOString() ?? null, newCount: 0, resolvedCount: 0, new: [], resolved: [] };
  if (!since) return empty;
  const side = (wanted: 'new' | 'resolved'): ChangeRow[] =>
    rows.flatMap((row) =>
      row.side === wanted && row.ioe_type !== null && row.object_key !== null && row.object_name !== null && row.object_type !== null && row.at !== null
        ? [{ ioeType: row.ioe_type, criticalityOverride: row.criticality_override, objectKey: row.object_key, objectName: row.object_name, objectType: row.object_type, at: row.at }]
        : [],
    );
  const present = (changes: ChangeRow[]): FindingChange[] =>
    changes
      .flatMap((row) => {
        const check = checkBySlug(row.ioeType);
        if (!check) return [];
        const criticality = row.criticalityOverride ?? check.criticality;
        return [{ ioeType: row.ioeType, title: check.title, criticality, objectKey: row.objectKey, objectName: row.objectName, objectType: row.objectType, at: row.at.toISOString() }];
      })
      .sort((a, b) => CRITICALITIES.indexOf(a.criticality) - CRITICALITIES.indexOf(b.criticality) || a.title.localeCompare(b.title, 'de') || a.objectName.localeCompare(b.objectName, 'de'));
  const newList = present(side('new'));
  const resolvedList = present(side('resolved'));
  return { ...empty, newCount: newList.length, resolvedCount: resolvedList.length, new: newList.slice(0, limit), resolved: resolvedList.slice(0, limit) };
}
