import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { LIMITS, type SearchField } from '../../../contract/constants';
import type { OrderSearchResult } from '../../../contract/orders';
import { fetchRoute, routeKey, useRouteQuery } from '../../api/queries';
import type { RouteInput } from '../../api/route-types';

export interface OrderSearchState {
  results: OrderSearchResult[];
  loading: boolean;
  /** The reference the results belong to; null before the first search. */
  searched: string | null;
}

const searchInput = (customerId: string, search: string, field: SearchField | null): RouteInput<'searchOrders'> => ({
  params: { customerId },
  body: { search, field },
});

/**
 * SPEC §2.7: runs when a customer is chosen and the reference is longer than 2 characters,
 * debounced 500 ms, again when customer, reference or field change. A newer search cancels the older
 * (the query's signal), and a search seen in the last 30 s answers from the cache.
 */
export function useOrderSearch(customerId: string | null, reference: string, field: SearchField | null): OrderSearchState {
  // A string key: an object would be a new value on every render and never settle.
  const [debounced] = useDebouncedValue(JSON.stringify([customerId, reference.trim(), field]), LIMITS.searchDebounceMs);
  const [id, search, f] = JSON.parse(debounced) as [string | null, string, SearchField | null];
  const enabled = !!id && search.length >= LIMITS.searchMinLength;
  const query = useRouteQuery('searchOrders', searchInput(id ?? '0', search, f), { enabled });
  if (!enabled) return { results: [], loading: false, searched: null };
  return { results: query.data ?? [], loading: query.isFetching, searched: query.data ? search : null };
}

/**
 * The search of a reference right now, not debounced (Enter in Search Reference, a scanner's Enter);
 * through the same cache as the debounced search, so the list shows the answer at once too.
 */
export function useSearchNow() {
  const client = useQueryClient();
  return useCallback(
    (customerId: string, search: string, field: SearchField | null): Promise<OrderSearchResult[]> => {
      const input = searchInput(customerId, search, field);
      return client.fetchQuery({
        queryKey: routeKey('searchOrders', input),
        queryFn: ({ signal }) => fetchRoute('searchOrders', input, { signal }),
      });
    },
    [client],
  );
}
