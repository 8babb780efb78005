import { describe, expect, it } from 'vitest';
import { parseGermanDay } from './german-date-input';

describe('parseGermanDay', () => {
  it('reads German and ISO days', () => {
    expect(parseGermanDay('31.12.2026')).toBe('2026-12-31');
    expect(parseGermanDay('1.2.2026')).toBe('2026-02-01');
    expect(parseGermanDay(' 2026-03-10 ')).toBe('2026-03-10');
  });
  it('refuses days that do not exist and other text', () => {
    expect(parseGermanDay('31.02.2026')).toBeNull();
    expect(parseGermanDay('2026-02-30')).toBeNull();
    expect(parseGermanDay('morgen')).toBeNull();
  });
});
