import './theme/mantine-styles';
import './theme/app.css';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LazyNotifications } from './components/notifications/LazyNotifications';
import { startLanguage } from './i18n/language';
import { registerServiceWorker } from './pwa/register';
import { AppRoutes } from './router';
import { ThemedMantine } from './theme/ThemedMantine';

// The query cache comes with the signed-in layout (layout/MainLayout.tsx, api/query-client.ts).
// The first language's shell texts arrive before the first paint, so no screen flashes in English.
void startLanguage().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <ThemedMantine>
          <LazyNotifications />
          <AppRoutes />
        </ThemedMantine>
      </I18nProvider>
    </StrictMode>,
  ),
);
registerServiceWorker();
