import { createTheme } from '@mantine/core';

/** A calm, neutral look: blue accents on grey surfaces, compact enough for data-heavy screens. */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 7,
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '600' },
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Paper: { defaultProps: { radius: 'md' } },
    Modal: { defaultProps: { centered: true }, styles: { title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } } },
    Drawer: { styles: { title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } } },
  },
});
