// The draft's Receiving Date (SPEC §2.7 'Return Option', §3 return_date YYYY-MM-DD, default today):
// typed as YYYY-MM-DD into a plain text input, with a calendar button beside it. The calendar
// (@mantine/dates and dayjs, ≈ 14 kB gzip) loads the first time it is opened, not with the order panel
// (issue 13). The draft only ever holds a real day: a half-typed or impossible date stays in the
// field with its error and the draft keeps the last valid one.
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Center, Loader, Popover, TextInput } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { IconCalendar } from '@tabler/icons-react';
import { Suspense, useEffect, useState, type Ref } from 'react';
import { useTouchScreen } from '../../lib/device';
import { lazyPage } from '../../lib/lazy-page';
import { calendarDateProblem } from '../../lib/calendar-date';
import classes from './receiving.module.css';

// The month and day names of the reader's language arrive with the chunk, so it never opens in English first.
const ReceivingDateCalendar = lazyPage(async () => {
  const { default: Calendar, namesLoaded } = await import('./ReceivingDateCalendar');
  await namesLoaded();
  return { default: Calendar };
});

const DATE_LENGTH = 'YYYY-MM-DD'.length;

/** What the field says under a date the draft cannot take. */
export function dateError(i18n: I18n, text: string): string | null {
  const problem = calendarDateProblem(text);
  // YYYY-MM-DD is the format typed, in every language.
  if (problem === 'format') return i18n._(msg`Enter the date as YYYY-MM-DD`);
  if (problem === 'impossible') return i18n._(msg`${text} is not a calendar date`);
  return null;
}

export interface ReceivingDateFieldProps {
  /** The draft's return_date: always a real day. */
  value: string;
  onChange: (date: string) => void;
  /** The text's problem (null when it is a real day), so Submit can refuse to send the last valid one. */
  onProblem?: (problem: string | null) => void;
  inputRef?: Ref<HTMLInputElement>;
}

export function ReceivingDateField({ value, onChange, onProblem, inputRef }: ReceivingDateFieldProps) {
  const { t, i18n } = useLingui();
  const touch = useTouchScreen();
  const [text, setText] = useState(value);
  const [shownValue, setShownValue] = useState(value);
  const [left, setLeft] = useState(false);
  const [calendarOpen, setCalendarOpen] = useState(false);
  // A new draft (after a submit, a reload, another order) shows its own date; set during render so
  // the field never shows the old text for a frame.
  if (value !== shownValue) {
    setShownValue(value);
    setText(value);
    setLeft(false);
  }
  const error = dateError(i18n, text);
  useEffect(() => onProblem?.(error), [error, onProblem]);
  // Not while the operator is still typing: only a full-length text or one they left is judged.
  const shownError = error && (left || text.length >= DATE_LENGTH) ? error : null;

  const type = (next: string) => {
    setText(next);
    setLeft(false);
    if (!dateError(i18n, next) && next !== value) {
      setShownValue(next);
      onChange(next);
    }
  };
  // Escape closes the calendar wherever the focus is: the dropdown's own Escape only hears keys from
  // inside it, and the focus can be elsewhere (on the page after a resize re-placed the dropdown, or
  // while the calendar's chunk arrives).
  useWindowEvent('keydown', (event) => {
    if (event.key === 'Escape' && calendarOpen) setCalendarOpen(false);
  });
  const pick = (date: string) => {
    setCalendarOpen(false);
    type(date);
  };

  return (
    <TextInput
      ref={inputRef}
      size="xs"
      label={t`Receiving Date`}
      classNames={{ root: `${classes.inlineRoot} ${classes.dateRoot}`, label: classes.inlineLabel, error: classes.dateError }}
      styles={{ wrapper: { width: 128 } }}
      // The pattern in the reader's letters (JJJJ-MM-TT), as the error message names it.
      placeholder={t`YYYY-MM-DD`}
      maxLength={DATE_LENGTH}
      autoComplete="off"
      spellCheck={false}
      value={text}
      error={shownError}
      onChange={(e) => type(e.currentTarget.value.trim())}
      onBlur={() => setLeft(true)}
      // A finger's calendar button is 44 px wide (issue 28); a mouse's fits in 28.
      rightSectionWidth={touch ? 44 : 28}
      rightSectionPointerEvents="all"
      rightSection={
        <Popover opened={calendarOpen} onChange={setCalendarOpen} position="bottom-end" shadow="md" trapFocus returnFocus withinPortal>
          <Popover.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={t`Pick the date from a calendar`}
              title={t`Pick the date from a calendar`}
              onClick={() => setCalendarOpen((o) => !o)}
            >
              <IconCalendar size={16} />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown p="xs" data-testid="receiving-date-calendar">
            <Suspense
              fallback={
                <Center w={252} h={260}>
                  <Loader size="sm" type="dots" aria-label={t`Loading the calendar`} />
                </Center>
              }
            >
              <ReceivingDateCalendar value={error ? value : text} onPick={pick} />
            </Suspense>
          </Popover.Dropdown>
        </Popover>
      }
    />
  );
}
