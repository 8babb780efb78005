/**
 * The seam between the PDF report and the checks/score module (issue 5), which
 * is built in parallel and whose IoE tables are not on this branch yet.
 *
 * TO CONNECT: replace the bodies of `loadReportFindings` (active findings per
 * IoE with affected objects, and exceptions) and `loadWhitelabelLogo` (the
 * provider's uploaded logo) with reads from those tables. Until then the
 * report states that no evaluation is available instead of claiming "no findings".
 */
import type { Db } from '../db/database';
import type { ReportException, ReportFinding } from './report-data';

export interface ReportFindings {
  /** false while no evaluation exists (the report then says so instead of listing nothing). */
  evaluated: boolean;
  findings: ReportFinding[];
  exceptions: ReportException[];
}

export type FindingsLoader = (db: Db, clientId: string) => Promise<ReportFindings>;

export let loadReportFindings: FindingsLoader = async () => ({ evaluated: false, findings: [], exceptions: [] });

/** Lets the checks module (or a test) plug in its reader without touching the report code. */
export function connectFindingsLoader(loader: FindingsLoader): void {
  loadReportFindings = loader;
}

/** PNG/JPEG bytes of the provider's white-label logo, or null (no logo storage on this branch yet). */
export async function loadWhitelabelLogo(_db: Db, _providerId: string): Promise<Buffer | null> {
  return null;
}
