import { checkRegistry, type Criticality } from '@burgwall/checks';
import { sql } from 'kysely';
import { clientDb } from '../db/client-db';
import type { Db } from '../db/database';

export interface IoeRow {
  ioeId: string;
  ioeType: string;
  criticalityOverride: Criticality | null;
  thresholds: Record<string, number>;
  isDisabled: boolean;
  disabledReason: string | null;
  disabledComment: string | null;
  disabledUserUid: string | null;
  skippedReason: string | null;
  totalFindingsCount: number;
  lastEvaluatedAt: Date | null;
}

/** One settings row per registered check (new checks get theirs on the next read). */
export async function ensureIoeRows(db: Db, clientId: string): Promise<void> {
  await clientDb(db, clientId)
    .insertInto('ioe')
    .values(checkRegistry.map((check) => ({ ioe_type: check.slug, thresholds: '{}', criticality_override: null })))
    .onConflict((oc) => oc.column('ioe_type').doNothing())
    .execute();
}

export async function loadIoeRows(db: Db, clientId: string): Promise<IoeRow[]> {
  await ensureIoeRows(db, clientId);
  const rows = await clientDb(db, clientId).selectFrom('ioe').selectAll().execute();
  return rows.map((row) => ({
    ioeId: row.ioe_id_pk,
    ioeType: row.ioe_type,
    criticalityOverride: row.criticality_override,
    thresholds: row.thresholds ?? {},
    isDisabled: row.is_disabled,
    disabledReason: row.disabled_reason,
    disabledComment: row.disabled_comment,
    disabledUserUid: row.disabled_user_uid,
    skippedReason: row.skipped_reason,
    totalFindingsCount: row.total_findings_count,
    lastEvaluatedAt: row.last_evaluated_at,
  }));
}

export interface FindingCounts {
  total: number;
  /** Findings covered by an exception that has not expired. */
  excepted: number;
}

/** Per IoE: how many findings exist and how many of them carry a valid exception. */
export async function findingCounts(db: Db, clientId: string, now = new Date()): Promise<Map<string, FindingCounts>> {
  const rows = await clientDb(db, clientId)
    .selectFrom('finding as f')
    .leftJoin('finding_exception as e', (join) =>
      join
        .onRef('e.ioe_fk', '=', 'f.ioe_fk')
        .onRef('e.object_key', '=', 'f.object_key')
        .on((eb) => eb.or([eb('e.expires_at', 'is', null), eb('e.expires_at', '>', now)])),
    )
    .select(['f.ioe_fk', sql<string>`count(*)`.as('total'), sql<string>`count(e.exception_id_pk)`.as('excepted')])
    .groupBy('f.ioe_fk')
    .execute();
  return new Map(rows.map((row) => [row.ioe_fk, { total: Number(row.total), excepted: Number(row.excepted) }]));
}
