import { describe, expect, it } from 'vitest';
import { computeScore, effectiveImpact, type ScoreInput } from './score';

const ioe = (overrides: Partial<ScoreInput>): ScoreInput => ({ criticality: 'medium', scoreImpact: 4, openFindings: 1, isActive: true, skipped: false, ...overrides });

describe('computeScore', () => {
  it('is 100 / A+ / green without open findings', () => {
    expect(computeScore([ioe({ openFindings: 0 })])).toMatchObject({ score: 100, grade: 'A+', colour: 'green', cappedByCritical: false });
  });

  it('deducts the impact of each IoE with open findings, regardless of the number of objects', () => {
    expect(computeScore([ioe({ scoreImpact: 8, openFindings: 40 }), ioe({ scoreImpact: 4 })])).toMatchObject({ score: 88, grade: 'B', colour: 'green' });
  });

  it('ignores disabled, skipped and fully excepted IoEs', () => {
    expect(computeScore([ioe({ isActive: false }), ioe({ skipped: true }), ioe({ openFindings: 0 })]).score).toBe(100);
  });

  it('caps at 69 (red) with an open critical finding, and clamps at 0', () => {
    expect(computeScore([ioe({ criticality: 'critical', scoreImpact: 15 })])).toMatchObject({ score: 69, grade: 'C-', colour: 'red', cappedByCritical: true });
    expect(computeScore(Array.from({ length: 30 }, () => ioe({ scoreImpact: 8 }))).score).toBe(0);
  });

  it('scales the impact with a criticality override', () => {
    expect(effectiveImpact(4, 'medium', 'high')).toBe(8);
    expect(effectiveImpact(8, 'high', 'low')).toBe(2);
    expect(effectiveImpact(5, 'medium', 'medium')).toBe(5);
  });
});
