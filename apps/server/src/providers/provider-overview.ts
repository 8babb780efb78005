import { collectorHealthColor, collectorPartHealth, type GradeFamily, GRADE_FAMILIES, grade, hasScore, type ProviderOverview } from '@burgwall/shared';
import { sql } from 'kysely';
import { toScore } from '../clients/client-details';
import type { Db } from '../db/database';

/** A drop of at least this many points within a week puts a client on the risk list. */
const RISK_DROP_POINTS = 5;
/** How many of the last day's IoAs the overview lists (the count covers all of them). */
const LATEST_IOAS = 8;
const DAY_MS = 24 * 60 * 60 * 1000;

const average = (values: number[]) => (values.length ? Math.round(values.reduce((sum, value) => sum + value, 0) / values.length) : null);
const familyOf = (score: number): GradeFamily => (hasScore(score) ? (grade(score).charAt(0) as GradeFamily) : '-');
const dropOf = (row: { score: number; scoreLastWeek: number | null }) => (row.scoreLastWeek === null ? 0 : row.scoreLastWeek - row.score);
const latestOf = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b));

/** Subquery for a select from `client`: the open critical findings of the client's latest score (global copy). */
export function latestOpenCritical(db: Db) {
  return db
    .selectFrom('client_score_history as latest')
    .select('latest.open_critical_findings')
    .where('latest.client_fk', '=', sql.ref<string>('client.client_id_pk'))
    .orderBy('latest.computed_at', 'desc')
    .orderBy('latest.score_history_fk', 'desc')
    .limit(1);
}

/**
 * The provider's morning overview of its monitored clients. Two queries for any number of clients: the clients with
 * their collector times and score history (global copies kept by triggers, migrations 0121 and 0290), and the last
 * day's IoAs from the global IoA index.
 */
export async function loadProviderOverview(db: Db, providerId: string, now = new Date()): Promise<ProviderOverview> {
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const [clients, ioas] = await Promise.all([
    db
      .selectFrom('client')
      .leftJoin('client_collector_status as status', 'status.client_fk', 'client.client_id_pk')
      .select((eb) => [
        'client.client_id_pk as clientId',
        'client.client_name as name',
        'client.client_security_score as score',
        'status.last_data_at',
        'status.last_replication_at',
        latestOpenCritical(db).as('openCritical'),
        eb
          .selectFrom('client_score_history as week')
          .select('week.score')
          .whereRef('week.client_fk', '=', 'client.client_id_pk')
          .where('week.computed_at', '<=', weekAgo)
          .orderBy('week.computed_at', 'desc')
          .orderBy('week.score_history_fk', 'desc')
          .limit(1)
          .as('scoreLastWeek'),
      ])
      .where('client.serviceprovider_fk', '=', providerId)
      .where('client.client_mode', '=', 'monitoring')
      .orderBy('client.client_name')
      .execute(),
    db
      .selectFrom('ioa_event_index as ioa')
      .innerJoin('client', 'client.client_id_pk', 'ioa.client_fk')
      .select([
        'ioa.client_fk as clientId',
        'client.client_name as name',
        'ioa.title',
        'ioa.severity',
        'ioa.occurred_at',
        // Counted before the LIMIT: the number of all IoAs of the day, however few are listed.
        sql<string>`count(*) over ()`.as('total'),
      ])
      .where('client.serviceprovider_fk', '=', providerId)
      .where('client.client_mode', '=', 'monitoring')
      .where('ioa.occurred_at', '>', dayAgo)
      .orderBy('ioa.occurred_at', 'desc')
      .orderBy('ioa.ioa_event_fk', 'desc')
      .limit(LATEST_IOAS)
      .execute(),
  ]);

  const rows = clients.map((row) => ({ ...row, score: toScore(row.score), scoreLastWeek: row.scoreLastWeek ?? null, openCritical: row.openCritical ?? 0 }));
  const scored = rows.filter((row) => hasScore(row.score));
  const atRisk = scored
    .filter((row) => row.openCritical > 0 || dropOf(row) >= RISK_DROP_POINTS)
    // Most open critical findings first, then the biggest drop, then the lowest score.
    .sort((a, b) => b.openCritical - a.openCritical || dropOf(b) - dropOf(a) || a.score - b.score);
  const offline = rows.filter((row) => collectorHealthColor(collectorPartHealth(row.last_data_at, now), collectorPartHealth(row.last_replication_at, now)) === 'red');
  return {
    clientCount: rows.length,
    scoredCount: scored.length,
    averageScore: average(scored.map((row) => row.score)),
    averageScoreLastWeek: average(scored.flatMap((row) => (row.scoreLastWeek === null ? [] : [row.scoreLastWeek]))),
    byGrade: GRADE_FAMILIES.map((family) => ({ grade: family, count: rows.filter((row) => familyOf(row.score) === family).length })),
    atRisk: atRisk.map((row) => ({ clientId: row.clientId, name: row.name, score: row.score, scoreLastWeek: row.scoreLastWeek, openCriticalFindings: row.openCritical })),
    collectorsOffline: offline.map((row) => ({ clientId: row.clientId, name: row.name, lastContactAt: latestOf(row.last_data_at, row.last_replication_at)?.toISOString() ?? null })),
    newIoas: {
      count: Number(ioas[0]?.total ?? 0),
      latest: ioas.map((ioa) => ({ clientId: ioa.clientId, name: ioa.name, title: ioa.title, severity: ioa.severity, occurredAt: ioa.occurred_at.toISOString() })),
    },
  };
}
