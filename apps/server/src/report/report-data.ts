import type { AttackPathsAnswer, Criticality, FindingChangesAnswer } from '@burgwall/shared';
import { attackPathSummary } from '../attack-paths/attack-path-service';
import { clientDb } from '../db/client-db';
import { findingChangesSinceLastCheck } from '../ioe/check-changes';
import type { Db } from '../db/database';
import { loadReportFindings, loadWhitelabelLogo, type ReportFindings } from './report-findings-adapter';

export type { Criticality };

export interface ReportFinding {
  slug: string;
  title: string;
  criticality: Criticality;
  scoreImpact: number;
  description: string;
  remediation: string;
  /** Display names of the affected objects (users, computers, groups, GPOs …). */
  affectedObjects: string[];
}

export interface ReportException {
  title: string;
  objectName: string;
  reason: string;
}

export interface ReportData {
  generatedAt: Date;
  brand: { name: string; logo: Buffer | null; email: string | null; phone: string | null };
  client: { id: string; name: string; address: string | null; mode: string };
  /** null when the client has no score yet. */
  score: number | null;
  domains: string[];
  collector: { version: string | null; lastDataAt: Date | null; lastReplicationAt: Date | null };
  findings: ReportFindings;
  /** The attack paths to Tier 0 of the newest snapshot (the first ten, with the best cuts). */
  attackPaths: AttackPathsAnswer;
  /** Finding objects new or resolved since the last Prüfung (the first 25 of each). */
  changes: FindingChangesAnswer;
}

/** How many principals with a path the report lists. */
const REPORT_ATTACK_PATHS = 10;
/** How many new and how many resolved finding objects the report lists. */
const REPORT_CHANGES = 25;

export const PRODUCT_NAME = 'Burgwall';

export type ReportBrand = ReportData['brand'];

/** Who the report is from: the provider's white label when active, else the product. */
export async function loadReportBrand(db: Db, providerId: string): Promise<ReportBrand> {
  const row = await db
    .selectFrom('serviceprovider')
    .select(['whitelabel_is_active', 'whitelabel_company_name', 'whitelabel_email', 'whitelabel_phone'])
    .where('serviceprovider_id_pk', '=', providerId)
    .executeTakeFirst();
  if (!row?.whitelabel_is_active || !row.whitelabel_company_name) return { name: PRODUCT_NAME, logo: null, email: null, phone: null };
  return { name: row.whitelabel_company_name, logo: await loadWhitelabelLogo(db, providerId), email: row.whitelabel_email, phone: row.whitelabel_phone };
}

/** Everything the PDF shows, read tenant-scoped for one client (access is checked by the route). */
export async function loadReportData(db: Db, clientId: string, now = new Date()): Promise<ReportData | null> {
  const row = await db
    .selectFrom('client')
    .innerJoin('serviceprovider', 'serviceprovider.serviceprovider_id_pk', 'client.serviceprovider_fk')
    .select([
      'client.client_id_pk',
      'client.client_name',
      'client.client_address',
      'client.client_mode',
      'client.client_security_score',
      'serviceprovider.serviceprovider_id_pk',
    ])
    .where('client.client_id_pk', '=', clientId)
    .executeTakeFirst();
  if (!row) return null;

  const own = clientDb(db, clientId);
  const [domains, collector, findings, attackPaths, changes] = await Promise.all([
    own.selectFrom('domain').select('domain_name').orderBy('domain_name').execute(),
    own
      .selectFrom('status_collector')
      .select(['version', 'last_data_at', 'last_replication_at'])
      .executeTakeFirst(),
    loadReportFindings(db, clientId),
    attackPathSummary(db, clientId, { limit: REPORT_ATTACK_PATHS }),
    findingChangesSinceLastCheck(own, REPORT_CHANGES),
  ]);
  const score = row.client_security_score === null ? null : Number(row.client_security_score);
  return {
    generatedAt: now,
    brand: await loadReportBrand(db, row.serviceprovider_id_pk),
    client: { id: row.client_id_pk, name: row.client_name, address: row.client_address, mode: row.client_mode },
    score: score !== null && score >= 0 ? score : null,
    domains: domains.map((domain) => domain.domain_name),
    collector: {
      version: collector?.version ?? null,
      lastDataAt: collector?.last_data_at ?? null,
      lastReplicationAt: collector?.last_replication_at ?? null,
    },
    findings,
    attackPaths,
    changes,
  };
}
