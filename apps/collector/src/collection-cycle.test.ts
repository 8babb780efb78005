import { describe, expect, it } from 'vitest';
import { fullDue } from './collection-cycle';

const HOUR = 3_600_000;
const last = '2026-11-25T06:00:00.000Z';
const at = (iso: string) => new Date(iso);

describe('fullDue honours the full-collection interval the server sends', () => {
  it('collects everything the first time and when forced', () => {
    expect(fullDue(null, { fullCollectionIntervalMs: 24 * HOUR }, at('2026-11-25T07:00:00Z'))).toBe(true);
    expect(fullDue({ lastFullCollectionAt: last }, { full: true, fullCollectionIntervalMs: 24 * HOUR }, at('2026-11-25T06:01:00Z'))).toBe(true);
  });

  it('waits out a configured 24 hours instead of the former fixed 6', () => {
    const options = { fullCollectionIntervalMs: 24 * HOUR };
    expect(fullDue({ lastFullCollectionAt: last }, options, at('2026-11-25T12:00:00Z'))).toBe(false);
    expect(fullDue({ lastFullCollectionAt: last }, options, at('2026-11-26T05:59:59Z'))).toBe(false);
    expect(fullDue({ lastFullCollectionAt: last }, options, at('2026-11-26T06:00:00Z'))).toBe(true);
  });

  it('collects every hour with the shortest setting', () => {
    const options = { fullCollectionIntervalMs: 1 * HOUR };
    expect(fullDue({ lastFullCollectionAt: last }, options, at('2026-11-25T06:59:00Z'))).toBe(false);
    expect(fullDue({ lastFullCollectionAt: last }, options, at('2026-11-25T07:00:00Z'))).toBe(true);
  });

  it('without an interval (server unreachable before the first config) only the first collection is full', () => {
    expect(fullDue({ lastFullCollectionAt: last }, {}, at('2026-12-25T06:00:00Z'))).toBe(false);
  });
});
