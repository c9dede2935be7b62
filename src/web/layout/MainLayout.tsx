import { Trans } from '@lingui/react/macro';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Suspense, type CSSProperties } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LIMITS } from '../../contract/constants';
import { WithQueryCache } from '../api/QueryCache';
import { useSession } from '../auth/session';
import { LoadErrorBoundary } from '../components/LoadErrorBoundary';
import { PageLoader } from '../components/PageLoader';
import classes from './MainLayout.module.css';
import { OfflineBanner } from './OfflineBanner';
import { TopBar } from './TopBar';

// While a modal locks the page's scroll, react-remove-scroll shifts elements of this class by the
// scrollbar's width, so the fixed header does not jump (what AppShell's header had).
const ZERO_RIGHT = 'right-scroll-bar-position';

export { StaffOnly } from '../components/StaffOnly';

/** The authenticated layout of SPEC §2.2, with the query cache its screens share. */
export function MainLayout() {
  return (
    <WithQueryCache>
      <SignedInLayout />
    </WithQueryCache>
  );
}

/** Check the session, then the top bar and the screen. */
function SignedInLayout() {
  const { pathname } = useLocation();
  const { authenticated, hasStoredToken, refresh } = useSession();
  const stored = hasStoredToken();
  // A stored token is checked (and rotated) once when the layout opens without a session;
  // gcTime 0 forgets the answer when the layout closes, so the next opening checks again.
  const check = useQuery({
    queryKey: ['session', 'check'],
    // The answer's screens render in a transition: the layout shows "checking account status..." until they are in.
    queryFn: () => refresh({ inTransition: true }),
    enabled: !authenticated && stored,
    // Not paused while the browser is offline: the check itself opens the app on the last session (issue 28).
    networkMode: 'always',
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
            <Trans>checking account status...</Trans>
          </Text>
        </Stack>
      </Center>
    );
  }

  return (
    <div style={{ '--header-height': `${LIMITS.headerHeight}px` } as CSSProperties}>
      <header className={`${classes.header} ${ZERO_RIGHT}`}>
        <TopBar />
      </header>
      <main className={classes.main}>
        <OfflineBanner />
        <LoadErrorBoundary key={pathname}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </LoadErrorBoundary>
      </main>
    </div>
  );
}
