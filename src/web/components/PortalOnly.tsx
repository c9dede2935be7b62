import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Alert, Stack } from '@mantine/core';
import { useSession } from '../auth/session';

/**
 * The brand's own screens (issue 25: billing statements, report schedules). The warehouse's staff
 * have theirs under Admin (billing, the customer's report schedules); the server refuses an
 * operator these routes anyway (403).
 */
export function PortalOnly({ children }: { children: ReactNode }) {
  const { isBrand } = useSession();
  if (isBrand) return <>{children}</>;
  return (
    <Stack>
      <Alert color="blue" title={<Trans>For brand users</Trans>}>
        <Trans>This page is a brand's own. The warehouse's admins find billing and report schedules under Admin.</Trans>
      </Alert>
    </Stack>
  );
}
