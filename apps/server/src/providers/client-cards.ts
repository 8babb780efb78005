import { type ClientCard, type ClientCardPage, type ClientCardPageQuery, grade, initials, scoreColour } from '@burgwall/shared';
import { type ExpressionBuilder, type InferResult, sql } from 'kysely';
import { containsPattern } from '../changes/change-queries';
import { toScore } from '../clients/client-details';
import type { Db } from '../db/database';
import { executePrepared } from '../db/prepared';
import type { ClientMode, Database } from '../db/schema';
import { GERMAN_COLLATION } from '../db/german-collation';
import { healthTurnsAt, overallHealth, timestampHealth } from './collector-health';

/** The page's sort orders; a client without a score (-1) sorts as the lowest. */
const SORT_ORDER = {
  name: sql`client.client_name COLLATE ${sql.id(GERMAN_COLLATION)}`,
  'score-asc': sql`client.client_security_score ASC NULLS FIRST`,
  'score-desc': sql`client.client_security_score DESC NULLS LAST`,
  newest: sql`client.created_at DESC`,
} as const;

/** Name or location contains the search (a LIKE pattern of `containsPattern`). */
const matchesSearch = (pattern: string) => (eb: ExpressionBuilder<Database, 'client'>) =>
  eb.or([eb('client.client_name', 'ilike', pattern), eb('client.client_address', 'ilike', pattern)]);

type CollectorTimes = { last_data_at: Date | null; last_replication_at: Date | null } | undefined;

function healthOf(row: CollectorTimes, now = Date.now()) {
  const data = timestampHealth(row?.last_data_at, now);
  const replication = timestampHealth(row?.last_replication_at, now);
  return { data, replication, colour: overallHealth(data, replication) };
}

/** One client's collector health, from the global copy of its status_collector (client_collector_status). */
export async function collectorHealthOf(db: Db, clientId: string) {
  return healthOf(await db.selectFrom('client_collector_status').select(['last_data_at', 'last_replication_at']).where('client_fk', '=', clientId).executeTakeFirst());
}

/** The columns a card shows, of the provider's clients (of one mode): one query for the whole list, however many clients. */
function cardRows(db: Db, providerId: string, mode: ClientMode | undefined) {
  let query = db
    .selectFrom('client')
    .innerJoin('client_license', 'client_license.client_fk', 'client.client_id_pk')
    // The collector times come from the global copy, not from each client's schema.
    .leftJoin('client_collector_status', 'client_collector_status.client_fk', 'client.client_id_pk')
    // Only what a card shows: a provider may have thousands of clients, and every column is parsed per row.
    .select([
      'client.client_id_pk',
      'client.client_name',
      'client.client_address',
      'client.client_security_score',
      'client.client_subscription_end',
      'client.client_reported_employee_count',
      'client.client_billing_cycle',
      'client.client_mode',
      'client.created_at',
      'client_license.subscription_status',
      'client_collector_status.last_data_at',
      'client_collector_status.last_replication_at',
    ])
    .where('serviceprovider_fk', '=', providerId);
  if (mode) query = query.where('client_mode', '=', mode);
  return query;
}

type CardRow = InferResult<ReturnType<typeof cardRows>>[number];

function toCard(row: CardRow, now = Date.now()): ClientCard {
  const score = toScore(row.client_security_score);
  return {
    id: row.client_id_pk,
    type: 'client' as const,
    title: row.client_name,
    address: row.client_address,
    initials: initials(row.client_name),
    securityScore: score,
    grade: grade(score),
    backgroundColour: scoreColour(score),
    subscriptionEnd: row.client_subscription_end?.toISOString() ?? null,
    employeeCount: row.client_reported_employee_count,
    billingCycle: row.client_billing_cycle,
    mode: row.client_mode,
    subscriptionStatus: row.subscription_status,
    collectorHealth: healthOf(row, now),
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * Cards as read, with the PostgreSQL snapshot their rows were read in (null: not known, so not to be kept) and when
 * (epoch ms) a card's collector health changes with time alone, a timestamp turning 4 hours old (none: Infinity).
 */
export interface CardsRead<Value> {
  value: Value;
  snapshot: string | null;
  healthChangesAt: number;
}

/** The snapshot of the statement that reads the rows (client-cards-answer.ts keeps an answer by it). */
const statementSnapshot = () => sql<string>`pg_current_snapshot()::text`.as('snapshot');

function cardsRead<Value>(rows: ReadonlyArray<CardRow & { snapshot: string }>, value: (cards: ClientCard[]) => Value): CardsRead<Value> {
  const now = Date.now();
  let healthChangesAt = Number.POSITIVE_INFINITY;
  for (const row of rows) {
    for (const at of [row.last_data_at, row.last_replication_at]) healthChangesAt = Math.min(healthChangesAt, healthTurnsAt(at, now) ?? healthChangesAt);
  }
  return { value: value(rows.map((row) => toCard(row, now))), snapshot: rows[0]?.snapshot ?? null, healthChangesAt };
}

/** SPEC §3 "List card" plus grade and collector health: every client of the provider (switcher, billing, alerts, export). */
export async function readClientCards(db: Db, providerId: string, mode?: ClientMode): Promise<CardsRead<ClientCard[]>> {
  return cardsRead(await cardRows(db, providerId, mode).select(statementSnapshot()).orderBy(SORT_ORDER.name).execute(), (cards) => cards);
}

export async function listClientCards(db: Db, providerId: string, mode?: ClientMode): Promise<ClientCard[]> {
  return (await readClientCards(db, providerId, mode)).value;
}

/**
 * One page of the monitoring/audit list, searched and sorted in the database: the page shows 24–96 cards, and a
 * provider with thousands of clients must not pay for building and sending all of them on every visit.
 */
export async function readClientCardPage(db: Db, providerId: string, query: ClientCardPageQuery): Promise<CardsRead<ClientCardPage>> {
  const needle = query.q?.trim();
  const pattern = needle ? containsPattern(needle) : undefined;
  let matching = cardRows(db, providerId, query.mode);
  if (pattern) matching = matching.where(matchesSearch(pattern));
  // One round trip: the counts ride along as uncorrelated subqueries (computed once, not per row; without a search
  // the one count serves both). Prepared (a few shapes: sort × search × mode); global migration 0321 has an index per
  // sort order, so only the page's rows are read.
  const matchingCount = pattern ? cardCount(db, providerId, query.mode, pattern) : sql<string | null>`NULL`;
  const rows = await executePrepared(
    db,
    matching
      .select([matchingCount.as('matching_count'), cardCount(db, providerId, query.mode, undefined).as('all_count')])
      .select(statementSnapshot())
      .orderBy(SORT_ORDER[query.sort])
      // Ties (equal scores, equal names) in a stable order, so no card shows on two pages.
      .orderBy('client.client_id_pk')
      .limit(query.limit)
      .offset(query.offset),
  );
  const first = rows[0];
  // A page past the last card has no row to carry the counts.
  const counts = first ? { matching: first.matching_count ?? first.all_count, all: first.all_count } : await cardCounts(db, providerId, query.mode, pattern);
  return cardsRead(rows, (cards) => ({ cards, total: Number(counts.matching), totalWithoutSearch: Number(counts.all) }));
}

/** How many of the provider's clients (of the mode) match the search (all of them without one). */
function cardCount(db: Db, providerId: string, mode: ClientMode | undefined, pattern: string | undefined) {
  let query = db.selectFrom('client').where('serviceprovider_fk', '=', providerId);
  if (mode) query = query.where('client_mode', '=', mode);
  if (pattern) query = query.where(matchesSearch(pattern));
  return query.select((eb) => eb.fn.countAll<string>().as('count'));
}

async function cardCounts(db: Db, providerId: string, mode: ClientMode | undefined, pattern: string | undefined) {
  const row = await db
    .selectNoFrom([cardCount(db, providerId, mode, pattern).as('matching'), cardCount(db, providerId, mode, undefined).as('all')])
    .executeTakeFirstOrThrow();
  return { matching: row.matching ?? '0', all: row.all ?? '0' };
}
