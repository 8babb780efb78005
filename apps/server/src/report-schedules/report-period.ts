import type { ReportFrequency } from '@burgwall/shared';

/** ISO 8601 week of a UTC date: the week with the year's first Thursday is week 1 (weeks start on Monday). */
function isoWeek(date: Date): { year: number; week: number } {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  return { year: day.getUTCFullYear(), week: Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7) };
}

/** The period a date falls in (UTC): `2026-11` for monthly reports, `2026-W48` for weekly ones. */
export function reportPeriod(frequency: ReportFrequency, date: Date): string {
  if (frequency === 'monthly') return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
  const { year, week } = isoWeek(date);
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The first day of the next period (a Monday, or the 1st of next month), as YYYY-MM-DD. */
export function nextPeriodStart(frequency: ReportFrequency, date: Date): string {
  const next =
    frequency === 'monthly'
      ? new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1))
      : new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + (8 - (date.getUTCDay() || 7))));
  return next.toISOString().slice(0, 10);
}
