/** Colour names of the security score (SPEC §9); `neutral` when there is no score. */
export type ScoreColour = 'green' | 'yellow' | 'red' | 'neutral';

/** A score below 0 (conventionally -1) or a missing one means "no score yet". */
export const NO_SCORE = -1;

export function hasScore(score: number | null | undefined): score is number {
  return typeof score === 'number' && Number.isFinite(score) && score >= 0;
}

export function scoreColour(score: number | null | undefined): ScoreColour {
  if (!hasScore(score)) return 'neutral';
  if (score >= 85) return 'green';
  if (score >= 70) return 'yellow';
  return 'red';
}

const GRADE_THRESHOLDS: ReadonlyArray<readonly [number, string]> = [
  [99, 'A+'],
  [97, 'A'],
  [95, 'A-'],
  [90, 'B+'],
  [85, 'B'],
  [80, 'B-'],
  [75, 'C+'],
  [70, 'C'],
  [65, 'C-'],
  [60, 'D+'],
  [55, 'D'],
  [50, 'D-'],
  [0, 'F'],
];

/** Grade of a score (SPEC §9); '-' for no score or a negative one. */
export function grade(score: number | null | undefined): string {
  if (!hasScore(score)) return '-';
  for (const [minimum, letter] of GRADE_THRESHOLDS) {
    if (score >= minimum) return letter;
  }
  return '-';
}
