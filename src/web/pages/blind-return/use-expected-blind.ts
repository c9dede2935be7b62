import { useQuery } from '@tanstack/react-query';
import type { ProductRow } from '../../../contract/blind';
import type { ExpectedReturnView } from '../../../contract/expected-returns';
import { fetchRoute, isApiError } from '../../api/queries';
import { exactProduct, shouldSearch } from './product-search-rules';

export interface ExpectedBlindItem {
  product: ProductRow;
  quantity: number;
  /** The consumer's reason, as announced (mapped onto the customer's reasons by the page). */
  reason: string | null;
}

export interface ExpectedBlind {
  expected: ExpectedReturnView;
  items: ExpectedBlindItem[];
  /** The announced SKUs/UPCs that name none of the customer's products. */
  missing: string[];
}

/**
 * A blind customer's expected return opened from the desk (issue 26: its label named no order): the
 * announced items as products of the customer, found as a scan finds them (exact SKU or UPC). Null
 * when the RMA names no expected return of the customer.
 */
export function useExpectedBlind(customerId: number, rma: string | null) {
  return useQuery({
    queryKey: ['expected-blind', customerId, rma],
    enabled: rma !== null && Number.isFinite(customerId),
    staleTime: Infinity,
    queryFn: async (): Promise<ExpectedBlind | null> => {
      const expected = await fetchRoute('findExpectedReturn', { params: { customerId }, body: { scan: rma! } }, { quiet: true }).catch(
        (e: unknown) => {
          if (isApiError(e)) return null;
          throw e;
        },
      );
      if (!expected) return null;
      const found = await Promise.all(
        expected.items.map(async (item) => {
          const code = (item.sku || item.upc || '').trim();
          if (!shouldSearch(code)) return { item, code, product: undefined };
          const products = await fetchRoute('searchProducts', { params: { customerId }, body: { search: code } }, { quiet: true });
          return { item, code, product: exactProduct(products, code) };
        }),
      );
      return {
        expected,
        items: found.flatMap(({ item, product }) => (product ? [{ product, quantity: item.quantity, reason: item.reason }] : [])),
        missing: found.filter((f) => !f.product).map((f) => f.code),
      };
    },
  });
}
