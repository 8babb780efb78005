import { FRAMEWORK_LABELS, FRAMEWORKS, checkBySlug, referencesOf } from '@burgwall/checks';
import { clientDb } from '../db/client-db';
import type { Db } from '../db/database';
import type { ReportFindings } from '../report/report-findings-adapter';
import type { ReportException, ReportFinding } from '../report/report-data';
import { ioeState } from './ioe-states';
import { loadIoeRowsWithCounts } from './ioe-store';

/** „ Referenzen: MITRE ATT&CK T1003.006; BSI IT-Grundschutz APP.2.2.A5; ANSSI vuln_…“ for the PDF, empty without any. */
function referencesText(slug: string): string {
  const references = referencesOf(slug);
  const parts = FRAMEWORKS.filter((framework) => references[framework].length > 0).map((framework) => `${FRAMEWORK_LABELS[framework]} ${references[framework].join(', ')}`);
  return parts.length > 0 ? ` Referenzen: ${parts.join('; ')}.` : '';
}

/**
 * The evaluated findings for the PDF report: active, not skipped IoEs with
 * their affected objects that carry no valid exception, plus the valid exceptions.
 */
export async function loadEvaluatedFindings(db: Db, clientId: string): Promise<ReportFindings> {
  const now = new Date();
  const rows = await loadIoeRowsWithCounts(db, clientId, now);
  if (!rows.some((row) => row.lastEvaluatedAt !== null)) return { evaluated: false, findings: [], exceptions: [] };
  const own = clientDb(db, clientId);
  const [open, exceptions] = await Promise.all([
    own
      .selectFrom('finding as f')
      .leftJoin('finding_exception as e', (join) =>
        join
          .onRef('e.ioe_fk', '=', 'f.ioe_fk')
          .onRef('e.object_key', '=', 'f.object_key')
          .on((eb) => eb.or([eb('e.expires_at', 'is', null), eb('e.expires_at', '>', now)])),
      )
      .select(['f.ioe_fk', 'f.object_name'])
      .where('e.exception_id_pk', 'is', null)
      .orderBy('f.object_name')
      .execute(),
    own
      .selectFrom('finding_exception')
      .select(['ioe_fk', 'object_name', 'reason'])
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .orderBy('created_at')
      .execute(),
  ]);
  const namesByIoe = new Map<string, string[]>();
  for (const row of open) namesByIoe.set(row.ioe_fk, [...(namesByIoe.get(row.ioe_fk) ?? []), row.object_name]);

  const findings: ReportFinding[] = [];
  for (const row of rows) {
    const check = checkBySlug(row.ioeType);
    const names = namesByIoe.get(row.ioeId) ?? [];
    if (!check || row.isDisabled || row.skippedReason || names.length === 0) continue;
    const state = ioeState(check, row, row.counts);
    findings.push({
      slug: check.slug,
      title: check.title,
      criticality: state.criticality,
      scoreImpact: state.scoreImpact,
      description: `${check.description} ${check.whyItMatters}${referencesText(check.slug)}`,
      remediation: check.remediation.join(' '),
      affectedObjects: names,
    });
  }
  const titles = new Map(rows.map((row) => [row.ioeId, checkBySlug(row.ioeType)?.title ?? row.ioeType]));
  const reportExceptions: ReportException[] = exceptions.map((row) => ({ title: titles.get(row.ioe_fk) ?? '', objectName: row.object_name, reason: row.reason }));
  return { evaluated: true, findings, exceptions: reportExceptions };
}
