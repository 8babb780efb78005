import { checkRegistry, type Criticality } from '@burgwall/checks';
import { type Kysely, sql } from 'kysely';
import { clientDb } from '../db/client-db';
import type { Db } from '../db/database';
import type { ClientDatabase } from '../db/schema';

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

type IoeSelectable = {
  ioe_id_pk: string;
  ioe_type: string;
  criticality_override: Criticality | null;
  thresholds: Record<string, number> | null;
  is_disabled: boolean;
  disabled_reason: string | null;
  disabled_comment: string | null;
  disabled_user_uid: string | null;
  skipped_reason: string | null;
  total_findings_count: number;
  last_evaluated_at: Date | null;
};

function toIoeRow(row: IoeSelectable): IoeRow {
  return {
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
  };
}

export async function loadIoeRows(db: Db, clientId: string): Promise<IoeRow[]> {
  const rows = await clientDb(db, clientId).selectFrom('ioe').selectAll().execute();
  return rows.map(toIoeRow);
}

export interface FindingCounts {
  total: number;
  /** Findings covered by an exception that has not expired. */
  excepted: number;
}

/**
 * Per IoE: findings covered by an exception that has not expired. The exceptions are few (written by people) and
 * joined to their findings, so a read never scans all findings.
 */
function exceptedCounts(own: Kysely<ClientDatabase>, now: Date) {
  return own
    .selectFrom('finding_exception as e')
    .innerJoin('finding as f', (join) => join.onRef('f.ioe_fk', '=', 'e.ioe_fk').onRef('f.object_key', '=', 'e.object_key'))
    .where((eb) => eb.or([eb('e.expires_at', 'is', null), eb('e.expires_at', '>', now)]))
    .select(['e.ioe_fk', sql<string>`count(*)`.as('excepted')])
    .groupBy('e.ioe_fk');
}

/**
 * Per IoE: how many findings exist and how many of them carry a valid exception. The total is the count the evaluation
 * stored with the IoE (it replaces the findings and writes their number in one transaction); the excepted ones are
 * counted from the exceptions.
 */
export async function findingCounts(db: Db, clientId: string, now = new Date()): Promise<Map<string, FindingCounts>> {
  return countsOf(await loadIoeRowsWithCounts(db, clientId, now));
}

/** IoE rows with their finding counts. */
export type IoeRowWithCounts = IoeRow & { counts: FindingCounts };

/** The counts of rows that have findings, by IoE id. */
function countsOf(rows: readonly IoeRowWithCounts[]): Map<string, FindingCounts> {
  return new Map(rows.filter((row) => row.counts.total > 0).map((row) => [row.ioeId, row.counts]));
}

/** The IoE rows with the number of excepted findings (`excepted`); callers may select more (uncorrelated subqueries run once). */
export function ioeRowsWithCountsQuery(own: Kysely<ClientDatabase>, now = new Date()) {
  return own.selectFrom('ioe').leftJoin(exceptedCounts(own, now).as('x'), 'x.ioe_fk', 'ioe.ioe_id_pk').selectAll('ioe').select('x.excepted');
}

/** A row of `ioeRowsWithCountsQuery` as IoeRow with counts. */
export function withCounts(row: IoeSelectable & { excepted: string | null }): IoeRowWithCounts {
  // The stored total decides: an IoE without findings has no excepted ones.
  return { ...toIoeRow(row), counts: { total: row.total_findings_count, excepted: row.total_findings_count > 0 ? Number(row.excepted ?? 0) : 0 } };
}

/** Every IoE row of the client with its finding counts, in one query (the dashboard reads both on every visit). */
export async function loadIoeRowsWithCounts(db: Db, clientId: string, now = new Date()): Promise<IoeRowWithCounts[]> {
  return (await ioeRowsWithCountsQuery(clientDb(db, clientId), now).execute()).map(withCounts);
}
