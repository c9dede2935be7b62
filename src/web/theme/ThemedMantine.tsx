import { useLingui } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { cssVariablesResolver } from './css-variables';
import { buildTheme } from './theme';

/** Mantine with the theme of the reader's language (the names of the buttons Mantine draws itself). */
export function ThemedMantine({ children }: { children: ReactNode }) {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt when the language changes, not on every render
  const theme = useMemo(() => buildTheme(i18n), [i18n, locale]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      {children}
    </MantineProvider>
  );
}
