import { DateInput, type DateInputProps } from '@mantine/dates';
import { GERMAN_DATE_FORMAT, GermanDatesProvider } from './dates-provider';

/**
 * „31.12.2026“ (also „1.2.2026“, or the ISO form 2026-12-31 pasted from elsewhere) as the ISO day, or null for no
 * real date (31.02. does not roll over).
 */
export function parseGermanDay(text: string): string | null {
  const german = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text.trim());
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!german && !iso) return null;
  const [day, month, year] = german ? [Number(german[1]), Number(german[2]), Number(german[3])] : [Number(iso?.[3]), Number(iso?.[2]), Number(iso?.[1])];
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
    <GermanDatesProvider>
      <DateInput valueFormat={GERMAN_DATE_FORMAT} dateParser={parseGermanDay} placeholder="TT.MM.JJJJ" clearable={!props.required} {...props} />
    </GermanDatesProvider>
  );
}
