import '@mantine/dates/styles.css';
import 'dayjs/locale/de';
import { DatesProvider } from '@mantine/dates';
import type { ReactNode } from 'react';

/** SPEC §9: German locale — month and day names in German, weeks from Monday; every @mantine/dates picker below uses it. */
export function GermanDatesProvider({ children }: { children: ReactNode }) {
  return <DatesProvider settings={{ locale: 'de', firstDayOfWeek: 1, weekendDays: [0, 6] }}>{children}</DatesProvider>;
}

/** SPEC §9 date format of pickers: DD.MM.YYYY. */
export const GERMAN_DATE_FORMAT = 'DD.MM.YYYY';

/** A picked day (YYYY-MM-DD, local) as the instant it starts or ends (SPEC §9: day end 23:59:59.999). */
export function dayBoundary(day: string, end: boolean): string {
  return new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`).toISOString();
}
