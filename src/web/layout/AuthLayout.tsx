import { Trans } from '@lingui/react/macro';
import { Box, Center, Paper, Stack, Text } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Logo } from '../components/Logo';
import { LoadErrorBoundary } from '../components/LoadErrorBoundary';
import { PageLoader } from '../components/PageLoader';

/** The frame of the three auth screens: logo above a card that holds the screen. */
export function AuthLayout() {
  const { pathname } = useLocation();
  return (
    <Center
      component="main"
      mih="100vh"
      p="md"
      style={{ background: 'linear-gradient(160deg, var(--mantine-color-gray-0) 0%, var(--mantine-color-blue-0) 100%)' }}
    >
      <Stack w="100%" maw={400} gap="lg" align="stretch">
        <Center>
          <Logo size={44} nameSize="xl" />
        </Center>
        <Paper withBorder shadow="sm" p={32} radius="lg">
          <LoadErrorBoundary key={pathname}>
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </LoadErrorBoundary>
        </Paper>
        <Box>
          <Text size="xs" c="dimmed" ta="center">
            <Trans>Returns processing for warehouse teams</Trans>
          </Text>
        </Box>
      </Stack>
    </Center>
  );
}
