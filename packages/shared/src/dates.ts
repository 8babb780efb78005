import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(customParseFormat);

export const DEFAULT_TIMEZONE = 'Europe/Berlin';
export const DATE_FORMAT = 'DD.MM.YYYY';
export const DATE_TIME_FORMAT = 'DD.MM.YYYY, HH:mm [Uhr]';
export const MISSING = '-';

export type Timestamp = string | number | Date | null | undefined;

/**
 * AD stores "never" as 0 / 1601-01-01 (the FILETIME epoch); such values
 * carry no information and count as empty (SPEC §5).
 */
export function isEmptyTimestamp(value: Timestamp): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (typeof value === 'string') return value.trim() === '' || value.trim().startsWith('1601');
  if (value instanceof Date) return Number.isNaN(value.getTime()) || value.getUTCFullYear() === 1601;
  return !Number.isFinite(value);
}

function toBerlin(value: Timestamp): Dayjs | undefined {
  if (isEmptyTimestamp(value)) return undefined;
  const parsed = dayjs(value as string | number | Date);
  return parsed.isValid() ? parsed.tz(DEFAULT_TIMEZONE) : undefined;
}

/** 'DD.MM.YYYY' in Europe/Berlin, '-' when missing or empty. */
export function formatDate(value: Timestamp): string {
  return toBerlin(value)?.format(DATE_FORMAT) ?? MISSING;
}

/** 'DD.MM.YYYY, HH:mm Uhr' in Europe/Berlin, '-' when missing or empty. */
export function formatDateTime(value: Timestamp): string {
  return toBerlin(value)?.format(DATE_TIME_FORMAT) ?? MISSING;
}

/** Parses a strict 'DD.MM.YYYY' date (Berlin midnight); undefined when invalid. */
export function parseGermanDate(text: string): Date | undefined {
  const trimmed = text.trim();
  if (!/^\d{2}\.\d{2}\.\d{4}$/.test(trimmed)) return undefined;
  const parsed = dayjs.tz(trimmed, DATE_FORMAT, DEFAULT_TIMEZONE);
  // customParseFormat rolls 31.02. over to March; reject such dates.
  if (!parsed.isValid() || parsed.format(DATE_FORMAT) !== trimmed) return undefined;
  return parsed.toDate();
}

/** 00:00:00.000 of the Berlin day containing the value. */
export function dayStart(value: Date): Date {
  return dayjs(value).tz(DEFAULT_TIMEZONE).startOf('day').toDate();
}

/** 23:59:59.999 of the Berlin day containing the value (SPEC: 23:59:59.99999, ms precision). */
export function dayEnd(value: Date): Date {
  return dayjs(value).tz(DEFAULT_TIMEZONE).endOf('day').toDate();
}
