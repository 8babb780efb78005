import '@mantine/dates/styles.css';
import 'dayjs/locale/de';
import { DateInput, type DateInputProps, DatesProvider } from '@mantine/dates';

/**
 * A date field in German (TT.MM.JJJJ, German month and weekday names, week starts on Monday). Its value stays the
 * ISO day `YYYY-MM-DD` the API takes. The dates styles and locale load with the pages that use it.
 */
export function GermanDateInput(props: DateInputProps) {
  return (
    <DatesProvider settings={{ locale: 'de', firstDayOfWeek: 1 }}>
      <DateInput valueFormat="DD.MM.YYYY" placeholder="TT.MM.JJJJ" clearable={!props.required} {...props} />
    </DatesProvider>
  );
}
