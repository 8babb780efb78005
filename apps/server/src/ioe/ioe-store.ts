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

/**
 * One settings row per registered check: written when the client is created and before every evaluation (a check
 * added by an update gets its row there), never on a read, so a GET stays a plain SELECT.
 */
export async function ensureIoeRows(db: Db, clientId: string): Promise<void> {
  await clientDb(db, clientId)
    .insertInto('ioe')
    .values(checkRegistry.map((check) => ({ ioe_type: check.slug, thresholds: '{}', criticality_override: null })))
    .onConflict((oc) => oc.column('ioe_type').doNothing())
    .execute();
}

export async function loadIoeRows(db: Db, clientId: string): Promise<IoeRow[]> {
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

/**
 * Per IoE: how many findings exist and how many of them carry a valid exception. The total is the count the evaluation
 * stored with the IoE (it replaces the findings and writes their number in one transaction); the excepted ones are
 * counted from the exceptions (few, written by people) joined to their findings, so a read never scans all findings.
 */
export async function findingCounts(db: Db, clientId: string, now = new Date()): Promise<Map<string, FindingCounts>> {
  const own = clientDb(db, clientId);
  const [totals, excepted] = await Promise.all([
    own.selectFrom('ioe').select(['ioe_id_pk', 'total_findings_count']).execute(),
    own
      .selectFrom('finding_exception as e')
      .innerJoin('finding as f', (join) => join.onRef('f.ioe_fk', '=', 'e.ioe_fk').onRef('f.object_key', '=', 'e.object_key'))
      .where((eb) => eb.or([eb('e.expires_at', 'is', null), eb('e.expires_at', '>', now)]))
      .select(['e.ioe_fk', sql<string>`count(*)`.as('excepted')])
      .groupBy('e.ioe_fk')
      .execute(),
  ]);
  const exceptedBy = new Map(excepted.map((row) => [row.ioe_fk, Number(row.excepted)]));
  return new Map(
    totals
      .filter((row) => row.total_findings_count > 0)
      .map((row) => [row.ioe_id_pk, { total: row.total_findings_count, excepted: exceptedBy.get(row.ioe_id_pk) ?? 0 }]),
  );
}
