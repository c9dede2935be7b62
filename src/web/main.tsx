import './theme/mantine-styles';
import './theme/app.css';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LazyNotifications } from './components/notifications/LazyNotifications';
import { startLanguage } from './i18n/language';
import { AppRoutes } from './router';
import { cssVariablesResolver } from './theme/css-variables';
import { theme } from './theme/theme';

// The query cache comes with the signed-in layout (layout/MainLayout.tsx, api/query-client.ts).
// The first language's shell texts arrive before the first paint, so no screen flashes in English.
void startLanguage().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
          <LazyNotifications />
          <AppRoutes />
        </MantineProvider>
      </I18nProvider>
    </StrictMode>,
  ),
);
