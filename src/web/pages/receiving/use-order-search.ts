import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { LIMITS, type SearchField } from '../../../contract/constants';
import type { OrderSearchResult } from '../../../contract/orders';
import { api } from '../../api/client';

export interface OrderSearchState {
  results: OrderSearchResult[];
  loading: boolean;
  /** The reference the results belong to; null before the first search. */
  searched: string | null;
}

/**
 * SPEC §2.7: runs when a customer is chosen and the reference is longer than 2 characters,
 * debounced 500 ms, again when customer, reference or field change. A newer search aborts the older.
 */
export function useOrderSearch(customerId: string | null, reference: string, field: SearchField | null): OrderSearchState {
  // A string key: an object would be a new value on every render and never settle.
  const [debounced] = useDebouncedValue(JSON.stringify([customerId, reference.trim(), field]), LIMITS.searchDebounceMs);
  const [state, setState] = useState<OrderSearchState>({ results: [], loading: false, searched: null });

  useEffect(() => {
    const [id, search, f] = JSON.parse(debounced) as [string | null, string, SearchField | null];
    if (!id || search.length < LIMITS.searchMinLength) {
      setState({ results: [], loading: false, searched: null });
      return;
    }
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    void api.put<OrderSearchResult[]>(`/returns/search/${id}`, { search, field: f }, { signal: controller.signal }).then((res) => {
      if (controller.signal.aborted) return;
      setState({ results: res.code === 200 ? res.message : [], loading: false, searched: search });
    });
    return () => controller.abort();
  }, [debounced]);

  return state;
}
