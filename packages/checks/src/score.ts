/**
 * The security score: 100 minus the impacts of active, non-excepted findings,
 * clamped to 0..100; an open critical finding caps it at 69 (always red).
 * Grade and colour come from @burgwall/shared (SPEC §9).
 */
import { grade, scoreColour, type ScoreColour } from '@burgwall/shared';
import type { Criticality } from './types';

export const CRITICAL_CAP = 69;

/** Relative weight of a criticality; an override scales the check's impact by it. */
const WEIGHT: Record<Criticality, number> = { critical: 4, high: 2, medium: 1, low: 0.5 };

/** The impact of a check at an (overridden) criticality, rounded to whole points. */
export function effectiveImpact(scoreImpact: number, defaultCriticality: Criticality, criticality: Criticality): number {
  return Math.round((scoreImpact * WEIGHT[criticality]) / WEIGHT[defaultCriticality]);
}

export interface ScoreInput {
  criticality: Criticality;
  /** Already the effective impact (after criticality override). */
  scoreImpact: number;
  /** Affected objects without an exception. */
  openFindings: number;
  /** false when disabled by the client. */
  isActive: boolean;
  skipped: boolean;
}

export interface ScoreResult {
  score: number;
  grade: string;
  colour: ScoreColour;
  cappedByCritical: boolean;
  deducted: number;
}

export function computeScore(ioes: readonly ScoreInput[]): ScoreResult {
  let deducted = 0;
  let openCritical = false;
  for (const ioe of ioes) {
    if (!ioe.isActive || ioe.skipped || ioe.openFindings === 0) continue;
    deducted += ioe.scoreImpact;
    if (ioe.criticality === 'critical') openCritical = true;
  }
  let score = Math.max(0, Math.min(100, 100 - deducted));
  const cappedByCritical = openCritical && score > CRITICAL_CAP;
  if (cappedByCritical) score = CRITICAL_CAP;
  return { score, grade: grade(score), colour: scoreColour(score), cappedByCritical, deducted };
}
