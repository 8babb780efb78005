import { describe, expect, it } from 'vitest';
import { initials } from './initials';
import { DEFAULT_FREE_SEATS, SESSION_REFRESH_MS } from './limits';
import { NOTIFICATION_DURATION_MS } from './notifications';

describe('initials', () => {
  it.each([
    ['Müller Bau GmbH', 'MÜ'],
    ['  acme', 'AC'],
    ['X', 'X'],
    ['', ''],
    [null, ''],
    ['3D-Druck AG', '3D'],
  ])('%s -> %s', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});

describe('constants', () => {
  it('has the toast durations of SPEC §9', () => {
    expect(NOTIFICATION_DURATION_MS).toEqual({ error: 8000, warn: 6000, success: 6000 });
  });
  it('defaults to two free seats and a 5-minute session refresh', () => {
    expect(DEFAULT_FREE_SEATS).toBe(2);
    expect(SESSION_REFRESH_MS).toBe(300_000);
  });
});
