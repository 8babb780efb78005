import { type CheckDefinition, checkBySlug, checkRegistry, effectiveImpact, referencesOf } from '@burgwall/checks';
import { grade, type IoeState, type IoeStates, scoreColour } from '@burgwall/shared';
import { clientDb } from '../db/client-db';
import type { Db } from '../db/database';
import { type IoeRow, ioeRowsWithCountsQuery, withCounts } from './ioe-store';
import { type Kysely, sql } from 'kysely';
import type { ClientDatabase } from '../db/schema';

export type { IoeState };

export function ioeState(check: CheckDefinition, row: IoeRow, counts: { total: number; excepted: number }): IoeState {
  const criticality = row.criticalityOverride ?? check.criticality;
  return {
    ioeIdPk: row.ioeId,
    ioeType: check.slug,
    title: check.title,
    description: check.description,
    category: check.category,
    directory: check.directory,
    criticality,
    defaultCriticality: check.criticality,
    scoreImpact: effectiveImpact(check.scoreImpact, check.criticality, criticality),
    totalFindingsCount: counts.total,
    totalExceptionsCount: counts.excepted,
    allFindingsHaveException: counts.total > 0 && counts.excepted === counts.total,
    setting: {
      criticalityOverride: row.criticalityOverride,
      thresholds: check.thresholds.map((definition) => ({
        key: definition.key,
        label: definition.label,
        unit: definition.unit,
        value: row.thresholds[definition.key] ?? definition.default,
        default: definition.default,
        min: definition.min,
        max: definition.max,
      })),
      isDisabled: row.isDisabled,
      disabledReason: row.disabledReason,
      disabledComment: row.disabledComment,
      disabledUserUid: row.disabledUserUid,
    },
    skippedReason: row.skippedReason,
    references: (({ mitre, bsi, anssi }) => ({ mitre: [...mitre], bsi: [...bsi], anssi: [...anssi] }))(referencesOf(check.slug)),
    isActive: !row.isDisabled,
    lastEvaluatedAt: row.lastEvaluatedAt?.toISOString() ?? null,
  };
}

/** GET …/ioe/states answer (the shared API shape). */
export type IoeStatesResponse = IoeStates;

/** What the dashboard shows next to the checks: connections, the stored score and when it was last computed. */
function headColumns(own: Kysely<ClientDatabase>, clientId: string) {
  return [
    own.selectFrom('status_collector').select('version').limit(1).as('collector_version'),
    own.selectFrom('domain').select('domain_entra_plan').where('domain_entra_plan', 'is not', null).limit(1).as('entra_plan'),
    own.selectFrom('score_history').select('computed_at').orderBy('computed_at', 'desc').limit(1).as('last_score_at'),
    // The client row lives in public: the schema of this Kysely instance does not apply to a qualified name.
    sql<string | null>`(SELECT client_security_score FROM public.client WHERE client_id_pk = ${clientId})`.as('client_security_score'),
  ] as const;
}

/** Every row the IoE states are built from: the IoE rows with their counts and the head columns. */
function ioeStatesSourceQuery(own: Kysely<ClientDatabase>, clientId: string) {
  return ioeRowsWithCountsQuery(own).select(headColumns(own, clientId));
}

/**
 * A digest of everything `loadIoeStates` reads: each IoE row's version (`xmin`, new with every insert or update of
 * the row), its excepted count (which also changes when an exception expires) and the head columns. Equal digests,
 * equal answers, as long as the check registry is the same (it is fixed for a running server). Cheaper than hashing
 * the rows' text (1.4 ms in PostgreSQL for 88 rows). Null for a client without IoE rows.
 */
export async function ioeStatesFingerprint(db: Db, clientId: string): Promise<string | null> {
  const own = clientDb(db, clientId);
  const versions = ioeRowsWithCountsQuery(own)
    .clearSelect()
    .select(['ioe.ioe_id_pk', sql<string>`ioe.xmin::text`.as('row_version'), 'x.excepted'])
    .select(headColumns(own, clientId));
  const row = await own
    .selectFrom(versions.as('source'))
    .select(
      // %L writes NULL apart from any text, so no two different heads give the same digest input.
      sql<string | null>`md5(
        string_agg(format('%s:%s:%s', source.ioe_id_pk, source.row_version, coalesce(source.excepted, 0)), ',' ORDER BY source.ioe_id_pk)
        || format('|%L|%L|%L|%L', max(source.collector_version), max(source.entra_plan), max(source.last_score_at), max(source.client_security_score))
      )`.as('fingerprint'),
    )
    .executeTakeFirst();
  return row?.fingerprint ?? null;
}

/**
 * GET …/ioe/states (SPEC §3 "IOE states response"), in registry order. One query: the IoE rows with their counts and,
 * on every row, the head columns (uncorrelated subqueries, so PostgreSQL computes them once).
 */
export async function loadIoeStates(db: Db, clientId: string): Promise<IoeStatesResponse> {
  const own = clientDb(db, clientId);
  const found = await ioeStatesSourceQuery(own, clientId).execute();
  // The IoE rows are written with the client; without any, the head still answers.
  const head = found[0] ?? (await own.selectNoFrom(headColumns(own, clientId)).executeTakeFirstOrThrow());
  const rows = found.map(withCounts);
  const byType = new Map(rows.map((row) => [row.ioeType, row]));
  const ioe = checkRegistry.flatMap((check) => {
    const row = byType.get(check.slug);
    return row ? [ioeState(check, row, row.counts)] : [];
  });
  const checked = rows.map((row) => row.lastEvaluatedAt?.getTime() ?? 0).reduce((a, b) => Math.max(a, b), 0);
  // An exception, criticality or threshold change recomputes the score without a new directory evaluation: „Ausgewertet
  // am“ is the newer of both, so it never looks older than the score it stands next to.
  const evaluated = checked > 0 ? Math.max(checked, new Date(head.last_score_at ?? 0).getTime()) : 0;
  const raw = head.client_security_score;
  const value = raw === null || raw === undefined ? null : Number(raw);
  return {
    adConnected: head.collector_version != null,
    entraConnected: head.entra_plan != null,
    entraPlan: head.entra_plan ?? null,
    // A score only exists once an evaluation ran (demo seeds may carry a preset one).
    score: value !== null && value >= 0 && evaluated > 0 ? { score: value, grade: grade(value), colour: scoreColour(value) } : null,
    lastEvaluatedAt: evaluated > 0 ? new Date(evaluated).toISOString() : null,
    ioe,
  };
}

export function checkForRow(row: IoeRow): CheckDefinition | undefined {
  return checkBySlug(row.ioeType);
}
