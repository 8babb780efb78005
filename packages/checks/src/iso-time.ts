/**
 * Fast reading of the collector's UTC timestamps ("2026-11-23T16:45:02Z" or with ".123Z"). The checks read
 * several timestamps per account; Date.parse and `new Date` dominated the evaluation of large snapshots.
 * Anything not in exactly that shape goes to Date.parse / Date, so results are identical to theirs.
 */

function digits(text: string, start: number, count: number): number {
  let value = 0;
  for (let position = start; position < start + count; position++) {
    const code = text.charCodeAt(position) - 48;
    if (code < 0 || code > 9) return -1;
    value = value * 10 + code;
  }
  return value;
}

/** Fields of the last timestamp read by readStrict (reused, so reading allocates nothing). */
let year = 0;
let month = 0;
let day = 0;
let hour = 0;
let minute = 0;
let second = 0;
let millisecond = 0;

/** Reads a strict "YYYY-MM-DDTHH:MM:SS[.sss]Z" with year ≥ 1000 and valid field ranges into the fields above. */
function readStrict(text: string): boolean {
  const length = text.length;
  if (length !== 20 && length !== 24) return false;
  if (text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45 || text.charCodeAt(10) !== 84) return false;
  if (text.charCodeAt(13) !== 58 || text.charCodeAt(16) !== 58 || text.charCodeAt(length - 1) !== 90) return false;
  if (length === 24 && text.charCodeAt(19) !== 46) return false;
  year = digits(text, 0, 4);
  month = digits(text, 5, 2);
  day = digits(text, 8, 2);
  hour = digits(text, 11, 2);
  minute = digits(text, 14, 2);
  second = digits(text, 17, 2);
  millisecond = length === 24 ? digits(text, 20, 3) : 0;
  // Date.UTC rolls 30 February over to March exactly as Date.parse does, so days up to 31 are fine here.
  if (year < 1000 || month < 1 || month > 12 || day < 1 || day > 31) return false;
  return hour >= 0 && hour <= 23 && minute >= 0 && minute <= 59 && second >= 0 && second <= 59 && millisecond >= 0;
}

/** Same value as Date.parse(text). */
export function parseTimestamp(text: string): number {
  if (!readStrict(text)) return Date.parse(text);
  return Date.UTC(year, month - 1, day, hour, minute, second, millisecond);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "TT.MM.JJJJ" of the UTC date, same as formatting `new Date(text)` with getUTC*. */
export function utcGermanDate(text: string): string {
  // Slicing is only right for a real calendar day; "2023-02-30" rolls over in Date and takes the slow way.
  if (readStrict(text) && day <= daysInMonth(year, month)) return `${text.slice(8, 10)}.${text.slice(5, 7)}.${text.slice(0, 4)}`;
  const date = new Date(text);
  return `${pad(date.getUTCDate())}.${pad(date.getUTCMonth() + 1)}.${date.getUTCFullYear()}`;
}
