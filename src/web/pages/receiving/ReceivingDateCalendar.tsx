// The Receiving Date's calendar, a chunk of its own: @mantine/dates and dayjs load when the operator
// first opens it (issue 13). Opened, the focus is on the chosen day, so the arrows move between days,
// PageUp/PageDown between months, and Enter or Space picks the day.
import { useLingui } from '@lingui/react';
import { DatePicker } from '@mantine/dates';
import { useEffect, useRef } from 'react';
import { DatesInLanguage, loadDatesLocale } from '../../components/dates/DatesInLanguage';
import { currentLocale } from '../../i18n/language';
import { calendarLabels } from '../../theme/theme';

const AUTOFOCUS = { 'data-autofocus': true } as const;

export interface ReceivingDateCalendarProps {
  /** The draft's date, YYYY-MM-DD. */
  value: string;
  onPick: (date: string) => void;
}

/** The reader's month and day names, loaded before the calendar first shows (ReceivingDateField). */
export const namesLoaded = () => loadDatesLocale(currentLocale());

export default function ReceivingDateCalendar({ value, onPick }: ReceivingDateCalendarProps) {
  const root = useRef<HTMLDivElement>(null);
  const { i18n } = useLingui();
  // The popover's focus trap ran while this chunk was loading and found nothing to focus: the day in
  // the tab order (the chosen one) takes it now.
  useEffect(() => {
    root.current?.querySelector<HTMLButtonElement>('table button[tabindex="0"]')?.focus();
  }, []);
  return (
    <div ref={root}>
      <DatesInLanguage>
        <DatePicker
          size="sm"
          value={value}
          defaultDate={value}
          onChange={(date) => date && onPick(date)}
          ariaLabels={calendarLabels(i18n)}
          // As the theme's DateInput: Mantine paints weekends red.6 and other months' days at half opacity, both under AA.
          weekendDays={[]}
          hideOutsideDates
          // Opened again (chunk already here), the popover's focus trap looks for this mark first.
          getDayProps={(date) => (date === value ? AUTOFOCUS : {})}
        />
      </DatesInLanguage>
    </div>
  );
}
