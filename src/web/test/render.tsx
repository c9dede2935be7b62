// Renders a screen's component as the app does (Mantine, the query cache, a router), for component tests.
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { StrictMode, type ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { buildTheme } from '../theme/theme';

// The screens read their texts through Lingui: in English the macros' source texts are the texts,
// so no catalogue is loaded.
if (!i18n.locale) i18n.loadAndActivate({ locale: 'en', messages: {} });

/**
 * `data`: query answers already in the cache (by query key), never read again from a server, so a
 * test needs no network. Rendered in StrictMode, as main.tsx renders the app.
 */
export function renderWithApp(ui: ReactElement, data: [readonly unknown[], unknown][] = []) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  for (const [key, value] of data) client.setQueryData(key, value);
  return render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <MantineProvider theme={buildTheme(i18n)}>
          <QueryClientProvider client={client}>
            <MemoryRouter>{ui}</MemoryRouter>
          </QueryClientProvider>
        </MantineProvider>
      </I18nProvider>
    </StrictMode>,
  );
}
