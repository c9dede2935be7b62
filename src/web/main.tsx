import './theme/mantine-styles';
import './theme/app.css';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LazyNotifications } from './components/notifications/LazyNotifications';
import { startSessionCheck } from './auth/session';
import { readStoredToken } from './auth/token-store';
import { initialLocale, startLanguage } from './i18n/language';
import { registerServiceWorker } from './pwa/register';
import { AppRoutes, preloadFirstScreen } from './router';
import { ThemedMantine } from './theme/ThemedMantine';

// The query cache comes with the signed-in layout (layout/MainLayout.tsx, api/query-client.ts).
// The first language's shell texts arrive before the first paint, so no screen flashes in English;
// the first screen's code and texts download beside them, and it renders without a loader (router.tsx).
const locale = initialLocale();
const signedIn = !!readStoredToken().token;
// A signed-in screen's session check starts now too (auth/session.tsx).
if (signedIn && !window.location.pathname.startsWith('/auth/')) startSessionCheck();
const firstScreen = preloadFirstScreen(window.location.pathname, locale, signedIn);
void Promise.all([startLanguage(locale), firstScreen]).then(() => {
  const root = createRoot(document.getElementById('root')!);
  // In a transition, React renders the first screen in slices of a few milliseconds: a slow phone
  // stays responsive while it renders (issue 23: one task of 300–400 ms at 4× CPU otherwise).
  startTransition(() =>
    root.render(
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
});
registerServiceWorker();
