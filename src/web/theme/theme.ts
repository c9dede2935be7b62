import { createTheme } from '@mantine/core';

export const DATE_INPUT_FORMAT = 'YYYY-MM-DD';

/** The calendar arrows' names, for DateInput (below) and the Receiving Date's DatePicker. */
export const CALENDAR_LABELS = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
};

const PAGINATION_CONTROL_NAMES = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' } as const;

/**
 * A calm, neutral look: blue accents on grey surfaces, compact enough for data-heavy screens.
 * Accessibility lives here once rather than on every screen: icon-only buttons Mantine renders itself
 * (modal/drawer/notification close, pagination arrows) get names; colours reach WCAG AA through
 * ./css-variables (the MantineProvider's cssVariablesResolver).
 */
export const theme = createTheme({
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
      defaultProps: { centered: true, closeButtonProps: { 'aria-label': 'Close' } },
      styles: { title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } },
    },
    Drawer: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close' } },
      styles: { title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } },
    },
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      // Mantine paints a titled notification's text in gray.6 directly (3.3:1 on white).
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    },
    // One input format on every screen: SPEC §9's return date, YYYY-MM-DD (displays stay 'MMM DD, YYYY').
    DateInput: {
      defaultProps: {
        valueFormat: DATE_INPUT_FORMAT,
        ariaLabels: CALENDAR_LABELS,
        // Mantine paints weekends in red.6 and other months' days at half opacity, both under AA.
        weekendDays: [],
        hideOutsideDates: true,
      },
    },
    // Mantine's focus placeholder (role=presentation with a tabindex) is a child a role=menu may not have.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    Pagination: {
      defaultProps: {
        getControlProps: (control: keyof typeof PAGINATION_CONTROL_NAMES) => ({ 'aria-label': PAGINATION_CONTROL_NAMES[control] }),
      },
    },
  },
});
