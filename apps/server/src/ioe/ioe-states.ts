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

/**
 * What the dashboard shows next to the checks: connections, the stored score and when it was last computed; and what
 * a kept answer needs to know when it is outdated (`ioe-states-answer.ts`): the snapshot the statement read (which
 * transactions it saw) and when the next exception ends (an expiry changes the counts without any write).
 */
function headColumns(own: Kysely<ClientDatabase>, clientId: string, now: Date) {
  return [
    own.selectFrom('status_collector').select('version').limit(1).as('collector_version'),
    own.selectFrom('domain').select('domain_entra_plan').where('domain_entra_plan', 'is not', null).limit(1).as('entra_plan'),
    own.selectFrom('score_history').select('computed_at').orderBy('computed_at', 'desc').limit(1).as('last_score_at'),
    // The client row lives in public: the schema of this Kysely instance does not apply to a qualified name.
    // As text: what a kept answer compares with the score read per request.
    sql<string | null>`(SELECT client_security_score::text FROM public.client WHERE client_id_pk = ${clientId})`.as('client_security_score'),
    sql<string>`pg_current_snapshot()::text`.as('read_snapshot'),
    own.selectFrom('finding_exception').select((eb) => eb.fn.min('expires_at').as('next')).where('expires_at', '>', now).as('next_expiry'),
  ] as const;
}

/** The answer of GET …/ioe/states with what its statement saw (see `headColumns`). */
export interface IoeStatesRead {
  states: IoeStatesResponse;
  /**
   * `pg_current_snapshot()` of the statement the answer was built from; null when it took two statements (a client
   * without IoE rows), so no single snapshot saw all of it.
   */
  snapshot: string | null;
  /** When the next exception ends (its finding then counts as open again); null if none will. */
  nextExpiry: Date | null;
  /** The client's stored score as PostgreSQL writes it as text (public.client, outside the recorded tables). */
  scoreText: string | null;
}

/**
 * GET …/ioe/states (SPEC §3 "IOE states response"), in registry order. One query: the IoE rows with their counts and,
 * on every row, the head columns (uncorrelated subqueries, so PostgreSQL computes them once).
 */
export async function readIoeStates(db: Db, clientId: string, now = new Date()): Promise<IoeStatesRead> {
  const own = clientDb(db, clientId);
  const found = await ioeRowsWithCountsQuery(own, now).select(headColumns(own, clientId, now)).execute();
  // The IoE rows are written with the client; without any, the head still answers.
  const head = found[0] ?? (await own.selectNoFrom(headColumns(own, clientId, now)).executeTakeFirstOrThrow());
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
  const states = {
    adConnected: head.collector_version != null,
    entraConnected: head.entra_plan != null,
    entraPlan: head.entra_plan ?? null,
    // A score only exists once an evaluation ran (demo seeds may carry a preset one).
    score: value !== null && value >= 0 && evaluated > 0 ? { score: value, grade: grade(value), colour: scoreColour(value) } : null,
    lastEvaluatedAt: evaluated > 0 ? new Date(evaluated).toISOString() : null,
    ioe,
  };
  return { states, snapshot: found[0] ? head.read_snapshot : null, nextExpiry: head.next_expiry ? new Date(head.next_expiry) : null, scoreText: raw ?? null };
}

export async function loadIoeStates(db: Db, clientId: string): Promise<IoeStatesResponse> {
  return (await readIoeStates(db, clientId)).states;
}

export function checkForRow(row: IoeRow): CheckDefinition | undefined {
  return checkBySlug(row.ioeType);
}
