/**
 * The seam between the PDF report and the checks/score module: findings come
 * from the evaluated IoE tables (ioe/report-findings.ts); before the first
 * evaluation the report says so instead of claiming "no findings".
 *
 * TO CONNECT: `loadWhitelabelLogo` (the provider's uploaded logo) once logo storage exists.
 */
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

/** PNG/JPEG bytes of the provider's white-label logo, or null (no logo storage on this branch yet). */
export async function loadWhitelabelLogo(_db: Db, _providerId: string): Promise<Buffer | null> {
  return null;
}
