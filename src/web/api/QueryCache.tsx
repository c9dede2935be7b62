import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from './query-client';

/**
 * The query cache around a lazily loaded part of the app: the signed-in layout and the password
 * pages. The login page and the entry do without it (issue 23's login budget).
 */
export function WithQueryCache({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
