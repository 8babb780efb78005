import { describe, expect, it } from 'vitest';
import { dayEnd, dayStart, formatDate, formatDateTime, isEmptyTimestamp, parseGermanDate } from './dates';

describe('dates', () => {
  it('formats in Europe/Berlin (winter and summer time)', () => {
    expect(formatDate('2026-01-15T23:30:00Z')).toBe('16.01.2026');
    expect(formatDateTime('2026-01-15T10:05:00Z')).toBe('15.01.2026, 11:05 Uhr');
    expect(formatDateTime('2026-07-01T10:05:00Z')).toBe('01.07.2026, 12:05 Uhr');
  });

  it('shows "-" for missing and 1601 timestamps', () => {
    for (const value of [null, undefined, '', '1601-01-01T00:00:00Z', '16010101000000.0Z']) {
      expect(isEmptyTimestamp(value)).toBe(true);
      expect(formatDate(value)).toBe('-');
      expect(formatDateTime(value)).toBe('-');
    }
    expect(isEmptyTimestamp('2026-01-01T00:00:00Z')).toBe(false);
    expect(formatDate('kein Datum')).toBe('-');
  });

  it('parses DD.MM.YYYY strictly', () => {
    expect(parseGermanDate('24.12.2026')?.toISOString()).toBe('2026-12-23T23:00:00.000Z');
    expect(parseGermanDate('01.07.2026')?.toISOString()).toBe('2026-06-30T22:00:00.000Z');
    for (const bad of ['31.02.2026', '2026-12-24', '1.1.2026', '24.12.26', '']) {
      expect(parseGermanDate(bad)).toBeUndefined();
    }
  });

  it('computes Berlin day start and end', () => {
    const noon = new Date('2026-03-10T11:00:00Z');
    expect(dayStart(noon).toISOString()).toBe('2026-03-09T23:00:00.000Z');
    expect(dayEnd(noon).toISOString()).toBe('2026-03-10T22:59:59.999Z');
  });
});
