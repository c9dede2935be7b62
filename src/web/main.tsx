import './theme/mantine-styles';
import './theme/app.css';
import { MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LazyNotifications } from './components/notifications/LazyNotifications';
import { AppRoutes } from './router';
import { cssVariablesResolver } from './theme/css-variables';
import { theme } from './theme/theme';

// The query cache comes with the signed-in layout (layout/MainLayout.tsx, api/query-client.ts).
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <LazyNotifications />
      <AppRoutes />
    </MantineProvider>
  </StrictMode>,
);
