import { AppShell, Center, Loader, Stack, Text } from '@mantine/core';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useSession } from '../auth/session';
import { LoadErrorBoundary } from '../components/LoadErrorBoundary';
import { PageLoader } from '../components/PageLoader';
import { TopBar } from './TopBar';

export const HEADER_HEIGHT = 60;

/** The authenticated layout of SPEC §2.2: check the session, then the top bar and the screen. */
export function MainLayout() {
  const session = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { authenticated, hasStoredToken, refresh } = session;

  useEffect(() => {
    if (authenticated) return;
    if (!hasStoredToken()) {
      navigate('/auth/login', { replace: true });
      return;
    }
    let cancelled = false;
    void refresh().then((code) => {
      if (code !== 200 && !cancelled) navigate('/auth/login', { replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, [authenticated, hasStoredToken, refresh, navigate]);

  if (!authenticated) {
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
    <AppShell header={{ height: HEADER_HEIGHT }} padding="lg">
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
