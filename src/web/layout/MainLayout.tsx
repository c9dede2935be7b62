import { AppShell, Center, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LIMITS } from '../../contract/constants';
import { useSession } from '../auth/session';
import { LoadErrorBoundary } from '../components/LoadErrorBoundary';
import { PageLoader } from '../components/PageLoader';
import { TopBar } from './TopBar';

/** The authenticated layout of SPEC §2.2: check the session, then the top bar and the screen. */
export function MainLayout() {
  const { pathname } = useLocation();
  const { authenticated, hasStoredToken, refresh } = useSession();
  const stored = hasStoredToken();
  // A stored token is checked (and rotated) once when the layout opens without a session;
  // gcTime 0 forgets the answer when the layout closes, so the next opening checks again.
  const check = useQuery({
    queryKey: ['session', 'check'],
    queryFn: () => refresh(),
    enabled: !authenticated && stored,
    staleTime: Infinity,
    gcTime: 0,
  });

  if (!authenticated) {
    if (!stored || (check.data !== undefined && check.data !== 200) || check.isError) return <Navigate to="/auth/login" replace />;
    return (
      <Center mih="100vh">
        <Stack align="center" gap="sm">
          <Loader size="sm" />
          <Text c="dimmed" size="sm">
            checking account status...
          </Text>
        </Stack>
      </Center>
    );
  }

  return (
    <AppShell header={{ height: LIMITS.headerHeight }} padding="lg">
      <AppShell.Header>
        <TopBar />
      </AppShell.Header>
      <AppShell.Main>
        <LoadErrorBoundary key={pathname}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </LoadErrorBoundary>
      </AppShell.Main>
    </AppShell>
  );
}
