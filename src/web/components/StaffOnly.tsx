import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Alert, Stack } from '@mantine/core';
import { Navigate } from 'react-router';
import { useSession } from '../auth/session';
import { HISTORY_DEFAULT_PATH } from '../layout/nav';

/**
 * The warehouse's screens (Receiving, blind returns), which a brand user never sees (issue 25): the
 * home screen sends it to its History, any other says so. The server refuses their routes anyway
 * (403); this spares the brand the noise.
 */
export function StaffOnly({ home = false, children }: { home?: boolean; children: ReactNode }) {
  const { isBrand } = useSession();
  if (!isBrand) return <>{children}</>;
  if (home) return <Navigate to={HISTORY_DEFAULT_PATH} replace />;
  return (
    <Stack>
      <Alert color="red" title={<Trans>Forbidden.</Trans>}>
        <Trans>This page is for the warehouse's staff only.</Trans>
      </Alert>
    </Stack>
  );
}
