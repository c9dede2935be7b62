import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Alert, Stack, Title } from '@mantine/core';
import { useSession } from '../auth/session';
import { usePageTitle } from '../lib/page-title';

/**
 * The /admin screens for admins only; the server refuses operators anyway (403), this spares the noise.
 * `title` names the screen (browser tab, and the heading an operator sees above the refusal).
 */
export function AdminOnly({ title, children }: { title: string; children: ReactNode }) {
  const { isAdmin } = useSession();
  usePageTitle(title);
  if (!isAdmin) {
    return (
      <Stack>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Alert color="red" title={<Trans>Forbidden.</Trans>}>
          <Trans>This page is for admin users only.</Trans>
        </Alert>
      </Stack>
    );
  }
  return <>{children}</>;
}
