import './theme/mantine-styles';
import './theme/app.css';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LazyNotifications } from './components/notifications/LazyNotifications';
import { AppRoutes } from './router';
import { cssVariablesResolver } from './theme/css-variables';
import { theme } from './theme/theme';

const queryClient = new QueryClient({
  defaultOptions: {
    // The API client already reports failures; a retry would show the same notification twice.
    // staleTime 0: a screen shows what it has cached at once and reads the server again on every
    // visit, as each screen did when it fetched on mount; mutations invalidate what they change.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 0 },
    mutations: { retry: false },
  },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <LazyNotifications />
      <QueryClientProvider client={queryClient}>
        <AppRoutes />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
