import '@mantine/dates/styles.css';
import 'dayjs/locale/de';
import { DatePickerInput, type DatePickerInputProps, DatesProvider, type DatePickerType } from '@mantine/dates';
import type { ReactNode } from 'react';

/**
 * SPEC §9: German locale — month and day names in German, weeks from Monday. Each date field wraps itself in it (not
 * the app root), so the dates styles and locale load only with the pages that have a date field.
 */
export function GermanDatesProvider({ children }: { children: ReactNode }) {
  return <DatesProvider settings={{ locale: 'de', firstDayOfWeek: 1, weekendDays: [0, 6] }}>{children}</DatesProvider>;
}

/** SPEC §9 date format of pickers: DD.MM.YYYY. */
export const GERMAN_DATE_FORMAT = 'DD.MM.YYYY';

/** A picked day (YYYY-MM-DD, local) as the instant it starts or ends (SPEC §9: day end 23:59:59.999). */
export function dayBoundary(day: string, end: boolean): string {
  return new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`).toISOString();
}

/** A date range (or single day) picker in German: the pages' time-range filters. */
export function GermanDatePickerInput<Type extends DatePickerType = 'default'>(props: DatePickerInputProps<Type>) {
  return (
    <GermanDatesProvider>
      <DatePickerInput<Type> valueFormat={GERMAN_DATE_FORMAT} {...props} />
    </GermanDatesProvider>
  );
}
