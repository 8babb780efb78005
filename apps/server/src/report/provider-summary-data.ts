import type { Criticality } from '@burgwall/shared';
import { CRITICALITIES } from '@burgwall/shared';
import { clientDb } from '../db/client-db';
import type { Db } from '../db/database';
import { loadReportBrand, type ReportBrand } from './report-data';
import { loadReportFindings } from './report-findings-adapter';

/** How far back the trend looks. */
export const TREND_DAYS = 30;
/** Risks listed per client and across all clients. */
const TOP_PER_CLIENT = 3;
const TOP_OVERALL = 10;

export interface SummaryRisk {
  slug: string;
  title: string;
  criticality: Criticality;
  scoreImpact: number;
}

export interface SummaryClient {
  id: string;
  name: string;
  mode: string;
  /** null before the first evaluation. */
  score: number | null;
  /** Points gained (+) or lost (−) over the last TREND_DAYS days; null without an older score. */
  trend: number | null;
  counts: Record<Criticality, number>;
  topRisks: SummaryRisk[];
}

export interface ProviderSummaryData {
  generatedAt: Date;
  brand: ReportBrand;
  providerName: string;
  clients: SummaryClient[];
  /** Risks found at the most clients (ties: higher criticality first). */
  topRisks: Array<SummaryRisk & { clientCount: number }>;
}

const RANK: Record<Criticality, number> = { critical: 3, high: 2, medium: 1, low: 0 };
const byWeight = (a: SummaryRisk, b: SummaryRisk) => RANK[b.criticality] - RANK[a.criticality] || b.scoreImpact - a.scoreImpact;

/** The score now against the newest score at least TREND_DAYS old (or the oldest one, if the history is shorter). */
async function trendOf(db: Db, clientId: string, score: number | null, now: Date): Promise<number | null> {
  if (score === null) return null;
  const own = clientDb(db, clientId);
  const since = new Date(now.getTime() - TREND_DAYS * 86_400_000);
  const before =
    (await own.selectFrom('score_history').select('score').where('computed_at', '<=', since).orderBy('computed_at', 'desc').limit(1).executeTakeFirst()) ??
    (await own.selectFrom('score_history').select('score').orderBy('computed_at', 'asc').limit(1).executeTakeFirst());
  return before ? Math.round(score - before.score) : null;
}

/** Everything the provider summary shows, for one provider's clients (access is checked by the caller). */
export async function loadProviderSummary(db: Db, providerId: string, now = new Date()): Promise<ProviderSummaryData | null> {
  const provider = await db.selectFrom('serviceprovider').select('serviceprovider_name').where('serviceprovider_id_pk', '=', providerId).executeTakeFirst();
  if (!provider) return null;
  const rows = await db
    .selectFrom('client')
    .select(['client_id_pk', 'client_name', 'client_mode', 'client_security_score'])
    .where('serviceprovider_fk', '=', providerId)
    .orderBy('client_name')
    .execute();
  const clients: SummaryClient[] = [];
  const overall = new Map<string, SummaryRisk & { clientCount: number }>();
  // One client after the other: each reads its own schema, and a provider's summary is not worth a burst on the pool.
  for (const row of rows) {
    const raw = row.client_security_score === null ? null : Number(row.client_security_score);
    const score = raw !== null && raw >= 0 ? raw : null;
    const { findings } = await loadReportFindings(db, row.client_id_pk);
    const risks = findings.map((finding) => ({ slug: finding.slug, title: finding.title, criticality: finding.criticality, scoreImpact: finding.scoreImpact })).sort(byWeight);
    for (const risk of risks) {
      const entry = overall.get(risk.slug);
      if (entry) entry.clientCount++;
      else overall.set(risk.slug, { ...risk, clientCount: 1 });
    }
    clients.push({
      id: row.client_id_pk,
      name: row.client_name,
      mode: row.client_mode,
      score,
      trend: await trendOf(db, row.client_id_pk, score, now),
      counts: Object.fromEntries(CRITICALITIES.map((level) => [level, findings.filter((finding) => finding.criticality === level).length])) as Record<Criticality, number>,
      topRisks: risks.slice(0, TOP_PER_CLIENT),
    });
  }
  const topRisks = [...overall.values()].sort((a, b) => b.clientCount - a.clientCount || byWeight(a, b)).slice(0, TOP_OVERALL);
  return { generatedAt: now, brand: await loadReportBrand(db, providerId), providerName: provider.serviceprovider_name, clients, topRisks };
}
