import { describe, expect, it } from 'vitest';
import { durationToDays, durationToMinutes, fileTimeToIso, generalizedTimeToIso, guidToString, sidToString } from './decode';

describe('AD value decoders', () => {
  it('decodes a binary SID', () => {
    // S-1-5-21-3321795690-2880229076-3122671746-512
    const sid = Buffer.alloc(28);
    sid[0] = 1;
    sid[1] = 5;
    sid.writeUIntBE(5, 2, 6);
    [21, 3321795690, 2880229076, 3122671746, 512].forEach((value, i) => sid.writeUInt32LE(value, 8 + i * 4));
    expect(sidToString(sid)).toBe('S-1-5-21-3321795690-2880229076-3122671746-512');
    expect(sidToString(Buffer.from([1, 2, 0, 0, 0, 0, 0, 5, 32, 0, 0, 0, 0x20, 2, 0, 0]))).toBe('S-1-5-32-544');
    expect(() => sidToString(Buffer.from([1, 5, 0]))).toThrow('too short');
  });

  it('decodes objectGUID in its mixed-endian byte order', () => {
    const bytes = Buffer.from('06e61c2b79a0f14e8f3a0123456789ab', 'hex');
    expect(guidToString(bytes)).toBe('2b1ce606-a079-4ef1-8f3a-0123456789ab');
    expect(() => guidToString(Buffer.alloc(15))).toThrow('16 bytes');
  });

  it('turns FILETIME into ISO and "never" into null', () => {
    expect(fileTimeToIso('133767936000000000')).toBe('2024-11-23T00:00:00.000Z');
    expect(fileTimeToIso('0')).toBeNull();
    expect(fileTimeToIso('9223372036854775807')).toBeNull();
    expect(fileTimeToIso(undefined)).toBeNull();
    expect(fileTimeToIso('abc')).toBeNull();
  });

  it('parses generalized time; 1601 counts as empty', () => {
    expect(generalizedTimeToIso('20261123151005.0Z')).toBe('2026-11-23T15:10:05.000Z');
    expect(generalizedTimeToIso('16010101000000.0Z')).toBeNull();
    expect(generalizedTimeToIso('garbage')).toBeNull();
  });

  it('converts negative tick durations', () => {
    expect(durationToDays('-36288000000000')).toBe(42);
    expect(durationToDays('-9223372036854775808')).toBeNull(); // never expires
    expect(durationToDays('0')).toBeNull();
    expect(durationToDays('0', false)).toBe(0);
    expect(durationToMinutes('-18000000000')).toBe(30);
  });
});
