import { describe, expect, it } from 'vitest';
import { demoScoreHistory } from './demo-score-history';

describe('demo score history', () => {
  it('covers six weeks before now, oldest first, rising towards the target within 0–100', () => {
    const now = new Date('2026-11-25T08:00:00Z');
    const points = demoScoreHistory(58, now);
    expect(points).toHaveLength(12);
    const times = points.map((point) => point.computedAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(now.getTime() - (times[0] as number)).toBeGreaterThanOrEqual(41 * 24 * 3600 * 1000);
    expect(times.every((time) => time < now.getTime())).toBe(true);
    expect(points.every((point) => point.score >= 0 && point.score <= 100)).toBe(true);
    expect((points.at(-1)?.score ?? 0) - (points[0]?.score ?? 0)).toBeGreaterThan(8);
    expect(demoScoreHistory(5, now).every((point) => point.score >= 0)).toBe(true);
  });
});
