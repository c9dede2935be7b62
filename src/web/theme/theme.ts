import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { createTheme } from '@mantine/core';

export const DATE_INPUT_FORMAT = 'YYYY-MM-DD';

const CALENDAR_LABELS = {
  previousMonth: msg`Previous month`,
  nextMonth: msg`Next month`,
  previousYear: msg`Previous year`,
  nextYear: msg`Next year`,
  previousDecade: msg`Previous decade`,
  nextDecade: msg`Next decade`,
};

/** The calendar arrows' names in the reader's language, for DateInput (below) and the Receiving Date's DatePicker. */
export function calendarLabels(i18n: I18n) {
  return Object.fromEntries(Object.entries(CALENDAR_LABELS).map(([key, label]) => [key, i18n._(label)])) as Record<
    keyof typeof CALENDAR_LABELS,
    string
  >;
}

const PAGINATION_CONTROL_NAMES = {
  first: msg`First page`,
  previous: msg`Previous page`,
  next: msg`Next page`,
  last: msg`Last page`,
} as const;
const CLOSE = msg`Close`;
const CLOSE_NOTIFICATION = msg`Close notification`;

/**
 * A calm, neutral look: blue accents on grey surfaces, compact enough for data-heavy screens.
 * Accessibility lives here once rather than on every screen: icon-only buttons Mantine renders itself
 * (modal/drawer/notification close, pagination arrows) get names; colours reach WCAG AA through
 * ./css-variables (the MantineProvider's cssVariablesResolver). Built for the reader's language (main.tsx
 * builds it again when the language changes), so those names are translated too.
 */
export function buildTheme(i18n: I18n) {
  return createTheme({
    primaryColor: 'blue',
    primaryShade: 7,
    defaultRadius: 'md',
    fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    headings: { fontWeight: '600' },
    components: {
      Button: { defaultProps: { radius: 'md' } },
      // A badge in a row beside long text must not be squeezed into 'SUCCE…': it keeps its width.
      Badge: { styles: { root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible', textOverflow: 'clip' } } },
      Paper: { defaultProps: { radius: 'md' } },
      Modal: {
        defaultProps: { centered: true, closeButtonProps: { 'aria-label': i18n._(CLOSE) } },
        styles: { title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } },
      },
      Drawer: {
        defaultProps: { closeButtonProps: { 'aria-label': i18n._(CLOSE) } },
        styles: { title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } },
      },
      Notification: {
        defaultProps: { closeButtonProps: { 'aria-label': i18n._(CLOSE_NOTIFICATION) } },
        // Mantine paints a titled notification's text in gray.6 directly (3.3:1 on white).
        styles: { description: { color: 'var(--mantine-color-dimmed)' } },
      },
      // One input format on every screen: SPEC §9's return date, YYYY-MM-DD (displays stay 'MMM DD, YYYY').
      DateInput: {
        defaultProps: {
          valueFormat: DATE_INPUT_FORMAT,
          ariaLabels: calendarLabels(i18n),
          // Mantine paints weekends in red.6 and other months' days at half opacity, both under AA.
          weekendDays: [],
          hideOutsideDates: true,
        },
      },
      // A list of six or seven choices shows whole with touch-sized (44 px) options too: a list that
      // scrolls is a scrollable region without a focusable child (its options are reached by the arrow keys).
      Select: { defaultProps: { maxDropdownHeight: 360 } },
      // Mantine's focus placeholder (role=presentation with a tabindex) is a child a role=menu may not have.
      Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
      Pagination: {
        defaultProps: {
          getControlProps: (control: keyof typeof PAGINATION_CONTROL_NAMES) => ({
            'aria-label': i18n._(PAGINATION_CONTROL_NAMES[control]),
          }),
        },
      },
    },
  });
}
