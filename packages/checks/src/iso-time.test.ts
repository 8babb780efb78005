import { describe, expect, it } from 'vitest';
import { parseTimestamp, utcGermanDate } from './iso-time';

/** The reference: what the checks computed before the fast path. */
function slowGermanDate(text: string): string {
  const date = new Date(text);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getUTCDate())}.${pad(date.getUTCMonth() + 1)}.${date.getUTCFullYear()}`;
}

const samples = [
  '2026-11-23T16:45:02Z',
  '2026-11-23T16:45:02.123Z',
  '2024-02-29T23:59:59.999Z',
  '2023-02-30T00:00:00Z',
  '2023-04-31T00:00:00Z',
  '2023-04-30T00:00:00Z',
  '2023-02-32T00:00:00Z',
  '2100-02-29T00:00:00Z',
  '2000-02-29T00:00:00Z',
  '2023-12-31T23:59:59.999Z',
  '2023-01-01T24:00:00Z',
  '2023-01-01T23:60:00Z',
  '2023-13-01T00:00:00Z',
  '2023-00-10T00:00:00Z',
  '2023-01-00T00:00:00Z',
  '0099-01-01T00:00:00Z',
  '0999-06-15T12:00:00.000Z',
  '1601-01-01T00:00:00Z',
  '9999-12-28T23:59:59.999Z',
  '2026-11-23T16:45:02+01:00',
  '2026-11-23T16:45:02.5Z',
  '2026-11-23',
  '2026-11-23T16:45:02',
  '2026-1a-23T16:45:02Z',
  '2026-11-23 16:45:02Z',
  'kein Datum',
  '',
];

describe('iso-time', () => {
  it.each(samples)('parseTimestamp(%j) equals Date.parse', (text) => {
    expect(parseTimestamp(text)).toBe(Date.parse(text));
  });

  it.each(samples)('utcGermanDate(%j) equals formatting new Date', (text) => {
    expect(utcGermanDate(text)).toBe(slowGermanDate(text));
  });

  it('agrees with Date.parse on every day of a leap and a normal year, with and without milliseconds', () => {
    for (let ms = Date.UTC(2023, 0, 1, 7, 8, 9, 10); ms < Date.UTC(2025, 0, 1); ms += 86_400_000 + 3_601_001) {
      const iso = new Date(ms).toISOString();
      for (const text of [iso, `${iso.slice(0, 19)}Z`]) {
        expect(parseTimestamp(text)).toBe(Date.parse(text));
        expect(utcGermanDate(text)).toBe(slowGermanDate(text));
      }
    }
  });
});
