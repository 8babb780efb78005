import '@mantine/dates/styles.css';
import 'dayjs/locale/de';
import { DateInput, type DateInputProps, DatesProvider } from '@mantine/dates';

/** „31.12.2026“ (also „1.2.2026“) as the ISO day, or null for no real date (31.02. does not roll over). */
export function parseGermanDay(text: string): string | null {
  const match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCDate() !== day || date.getUTCMonth() !== month - 1) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * A date field in German (TT.MM.JJJJ, German month and weekday names, week starts on Monday). Its value stays the
 * ISO day `YYYY-MM-DD` the API takes. The dates styles and locale load with the pages that use it.
 */
export function GermanDateInput(props: DateInputProps) {
  return (
    <DatesProvider settings={{ locale: 'de', firstDayOfWeek: 1 }}>
      <DateInput valueFormat="DD.MM.YYYY" dateParser={parseGermanDay} placeholder="TT.MM.JJJJ" clearable={!props.required} {...props} />
    </DatesProvider>
  );
}
