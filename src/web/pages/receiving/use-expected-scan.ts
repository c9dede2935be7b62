import { useCallback } from 'react';
import type { ExpectedReturnView } from '../../../contract/expected-returns';
import { fetchRoute, isApiError } from '../../api/queries';

/**
 * The expected return a scanned label stands for (its tracking barcode, with the carrier's prefixes,
 * or its RMA; issue 26), or null when none does. Quiet: most references typed here are order numbers.
 */
export function useExpectedScan() {
  return useCallback(async (customerId: number, scan: string): Promise<ExpectedReturnView | null> => {
    try {
      return await fetchRoute('findExpectedReturn', { params: { customerId }, body: { scan } }, { quiet: true });
    } catch (e) {
      if (isApiError(e)) return null;
      throw e;
    }
  }, []);
}
