/**
 * Decoders for Active Directory's binary and numeric attribute formats.
 * AD stores times as FILETIME (100 ns ticks since 1601-01-01 UTC) and durations
 * as negative tick counts; "never" is 0 or 0x7FFFFFFFFFFFFFFF.
 */

const TICKS_PER_MS = 10_000n;
const EPOCH_DIFF_MS = 11_644_473_600_000n; // 1601-01-01 -> 1970-01-01
const NEVER = 0x7fff_ffff_ffff_ffffn;
const TICKS_PER_MINUTE = 600_000_000n;
const TICKS_PER_DAY = 864_000_000_000n;

/** Binary SID -> 'S-1-5-21-…'. */
export function sidToString(buffer: Buffer): string {
  if (buffer.length < 8) throw new Error(`SID too short (${buffer.length} bytes)`);
  const revision = buffer[0] as number;
  const count = buffer[1] as number;
  if (buffer.length < 8 + count * 4) throw new Error(`SID truncated (${buffer.length} bytes, ${count} sub-authorities)`);
  const authority = buffer.readUIntBE(2, 6);
  const parts = [`S-${revision}-${authority}`];
  for (let i = 0; i < count; i++) parts.push(String(buffer.readUInt32LE(8 + i * 4)));
  return parts.join('-');
}

/** Binary objectGUID (mixed-endian) -> lower-case 'xxxxxxxx-xxxx-…'. */
export function guidToString(buffer: Buffer): string {
  if (buffer.length !== 16) throw new Error(`GUID must be 16 bytes, got ${buffer.length}`);
  const hex = (start: number, end: number, reverse: boolean) => {
    const bytes = [...buffer.subarray(start, end)];
    if (reverse) bytes.reverse();
    return bytes.map((b) => b.toString(16).padStart(2, '0')).join('');
  };
  return `${hex(0, 4, true)}-${hex(4, 6, true)}-${hex(6, 8, true)}-${hex(8, 10, false)}-${hex(10, 16, false)}`;
}

/** FILETIME text ('133…') -> ISO string; 0, "never" and unparsable values -> null. */
export function fileTimeToIso(value: string | undefined): string | null {
  if (!value || !/^-?\d+$/.test(value)) return null;
  const ticks = BigInt(value);
  if (ticks <= 0n || ticks >= NEVER) return null;
  const ms = ticks / TICKS_PER_MS - EPOCH_DIFF_MS;
  if (ms <= 0n) return null;
  return new Date(Number(ms)).toISOString();
}

/** Generalized time ('20261123101500.0Z') -> ISO string, or null. */
export function generalizedTimeToIso(value: string | undefined): string | null {
  const match = value?.match(/^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(?:\.\d+)?Z$/);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match;
  if (y === '1601') return null;
  return new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s))).toISOString();
}

/** A negative tick duration -> absolute days; "never" (min int64 or 0 for max ages) -> null. */
export function durationToDays(value: string | undefined, zeroMeansNever = true): number | null {
  const ticks = parseTicks(value);
  if (ticks === null) return null;
  if (ticks === 0n) return zeroMeansNever ? null : 0;
  return Number(abs(ticks)) / Number(TICKS_PER_DAY);
}

/** A negative tick duration -> absolute minutes; "never"/"until unlocked" -> null. */
export function durationToMinutes(value: string | undefined): number | null {
  const ticks = parseTicks(value);
  if (ticks === null) return null;
  return Number(abs(ticks)) / Number(TICKS_PER_MINUTE);
}

function parseTicks(value: string | undefined): bigint | null {
  if (!value || !/^-?\d+$/.test(value)) return null;
  const ticks = BigInt(value);
  if (ticks === -(NEVER + 1n) || ticks === NEVER) return null;
  return ticks;
}

function abs(value: bigint): bigint {
  return value < 0n ? -value : value;
}
