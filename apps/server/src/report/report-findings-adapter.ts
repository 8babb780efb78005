/**
 * The seam between the PDF report and the checks/score module: findings come
 * from the evaluated IoE tables (ioe/report-findings.ts); before the first
 * evaluation the report says so instead of claiming "no findings".
 */
import sharp from 'sharp';
import type { Db } from '../db/database';
import { loadEvaluatedFindings } from '../ioe/report-findings';
import type { ReportException, ReportFinding } from './report-data';

export interface ReportFindings {
  /** false while no evaluation exists (the report then says so instead of listing nothing). */
  evaluated: boolean;
  findings: ReportFinding[];
  exceptions: ReportException[];
}

export type FindingsLoader = (db: Db, clientId: string) => Promise<ReportFindings>;

export let loadReportFindings: FindingsLoader = loadEvaluatedFindings;

/** Lets a test plug in another reader without touching the report code. */
export function connectFindingsLoader(loader: FindingsLoader): void {
  loadReportFindings = loader;
}

/**
 * The provider's uploaded white-label logo as PNG or JPEG bytes (what the PDF can embed; a WebP upload is converted),
 * or null without a logo or when it cannot be read — the report then shows the name alone.
 */
export async function loadWhitelabelLogo(db: Db, providerId: string): Promise<Buffer | null> {
  const row = await db
    .selectFrom('serviceprovider')
    .select(['whitelabel_logo', 'whitelabel_logo_type'])
    .where('serviceprovider_id_pk', '=', providerId)
    .executeTakeFirst();
  if (!row?.whitelabel_logo) return null;
  if (row.whitelabel_logo_type === 'image/png' || row.whitelabel_logo_type === 'image/jpeg') return row.whitelabel_logo;
  try {
    return await sharp(row.whitelabel_logo).png().toBuffer();
  } catch {
    return null;
  }
}
