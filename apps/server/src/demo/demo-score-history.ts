import { grade } from '@burgwall/shared';
import { clientDb } from '../db/client-db';
import type { Db } from '../db/database';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Six weeks, two evaluations a week: enough for the dashboard's trend and the provider's "since last week". */
const WEEKS = 6;
const PER_WEEK = 2;
/** Deterministic ups and downs (a fixed exception here, a new admin there) on top of a steady improvement. */
const WOBBLE = [0, -2, 1, 3, -1, 2, 0, -3, 1, 2, -1, 0];

export interface DemoScorePoint {
  score: number;
  computedAt: Date;
  openFindings: number;
}

/**
 * The demo client's past evaluations before its first real one: from `target - 14`
 * towards `target` over six weeks, all in the past, oldest first. The real
 * evaluation of the seeded snapshot is appended after them as the newest point.
 */
export function demoScoreHistory(target: number, now = new Date()): DemoScorePoint[] {
  const count = WEEKS * PER_WEEK;
  return Array.from({ length: count }, (_, index) => {
    const progress = index / (count - 1);
    const score = Math.max(0, Math.min(100, Math.round(target - 14 * (1 - progress) + (WOBBLE[index] ?? 0))));
    const computedAt = new Date(now.getTime() - (count - index) * (7 / PER_WEEK) * DAY_MS);
    return { score, computedAt, openFindings: Math.max(1, Math.round((100 - score) / 2)) };
  });
}

/** Writes the demo history into the client's score_history (only called for a demo client without a snapshot yet). */
export async function seedDemoScoreHistory(db: Db, clientId: string, target: number): Promise<void> {
  await clientDb(db, clientId)
    .insertInto('score_history')
    .values(demoScoreHistory(target).map((point) => ({ snapshot_fk: null, score: point.score, grade: grade(point.score), open_findings: point.openFindings, computed_at: point.computedAt })))
    .execute();
}
