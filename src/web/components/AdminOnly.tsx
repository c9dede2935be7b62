import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';
import { useSession } from '../auth/session';

/** The /admin screens for admins only; the server refuses operators anyway (403), this spares the noise. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { isAdmin } = useSession();
  if (!isAdmin) {
    return (
      <Alert color="red" title="Forbidden.">
        This page is for admin users only.
      </Alert>
    );
  }
  return <>{children}</>;
}
