// The query cache of the signed-in screens. Loaded with the authenticated layout, not with the
// entry: the login page needs no cache (issue 23's login budget), so TanStack Query comes later.
import { QueryClient } from '@tanstack/react-query';
import { onSessionEnd } from './session-end';

export const queryClient = new QueryClient({
  defaultOptions: {
    // The API client already reports failures; a retry would show the same notification twice.
    // staleTime 0: a screen shows what it has cached at once and reads the server again on every
    // visit, as each screen did when it fetched on mount; mutations invalidate what they change.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 0 },
    mutations: { retry: false },
  },
});

// Leaving the session drops every cached answer: the next account must not see this one's data.
onSessionEnd(() => queryClient.clear());
