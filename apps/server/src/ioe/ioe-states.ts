import { type CheckDefinition, checkBySlug, checkRegistry, effectiveImpact, referencesOf } from '@burgwall/checks';
import { grade, type IoeState, type IoeStates, scoreColour } from '@burgwall/shared';
import { clientDb } from '../db/client-db';
import type { Db } from '../db/database';
import { findingCounts, type IoeRow, loadIoeRows } from './ioe-store';

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

/** GET …/ioe/states (SPEC §3 "IOE states response"), in registry order. */
export async function loadIoeStates(db: Db, clientId: string): Promise<IoeStatesResponse> {
  const own = clientDb(db, clientId);
  const [rows, counts, collector, entra, client, lastScore] = await Promise.all([
    loadIoeRows(db, clientId),
    findingCounts(db, clientId),
    own.selectFrom('status_collector').select('version').executeTakeFirst(),
    own.selectFrom('domain').select('domain_entra_plan').where('domain_entra_plan', 'is not', null).executeTakeFirst(),
    db.selectFrom('client').select('client_security_score').where('client_id_pk', '=', clientId).executeTakeFirst(),
    own.selectFrom('score_history').select('computed_at').orderBy('computed_at', 'desc').limit(1).executeTakeFirst(),
  ]);
  const byType = new Map(rows.map((row) => [row.ioeType, row]));
  const ioe = checkRegistry.flatMap((check) => {
    const row = byType.get(check.slug);
    return row ? [ioeState(check, row, counts.get(row.ioeId) ?? { total: 0, excepted: 0 })] : [];
  });
  const checked = rows.map((row) => row.lastEvaluatedAt?.getTime() ?? 0).reduce((a, b) => Math.max(a, b), 0);
  // An exception, criticality or threshold change recomputes the score without a new directory evaluation: „Ausgewertet
  // am“ is the newer of both, so it never looks older than the score it stands next to.
  const evaluated = checked > 0 ? Math.max(checked, new Date(lastScore?.computed_at ?? 0).getTime()) : 0;
  const raw = client?.client_security_score;
  const value = raw === null || raw === undefined ? null : Number(raw);
  return {
    adConnected: collector?.version != null,
    entraConnected: entra !== undefined,
    entraPlan: entra?.domain_entra_plan ?? null,
    // A score only exists once an evaluation ran (demo seeds may carry a preset one).
    score: value !== null && value >= 0 && evaluated > 0 ? { score: value, grade: grade(value), colour: scoreColour(value) } : null,
    lastEvaluatedAt: evaluated > 0 ? new Date(evaluated).toISOString() : null,
    ioe,
  };
}

export function checkForRow(row: IoeRow): CheckDefinition | undefined {
  return checkBySlug(row.ioeType);
}
