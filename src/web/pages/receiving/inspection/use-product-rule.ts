import { useQueryClient } from '@tanstack/react-query';
import type { RuleMatchAnswer } from '../../../../contract/inspection';
import { fetchRoute, isApiError, routeKey } from '../../../api/queries';

/**
 * The rule of a product that is not on the open order (issue 27): a wrong or extra item at the desk,
 * a product picked or scanned in a blind return. One round trip per product, then the query cache's
 * answer. null when it could not be read: the unit is recorded without an inspection (the server
 * still checks the submitted line against the rule).
 */
export function useProductRule(customerId: number) {
  const client = useQueryClient();
  return async (productId: number): Promise<RuleMatchAnswer | null> => {
    const input = { params: { customerId }, query: { product_id: productId } };
    return client
      .fetchQuery({
        queryKey: routeKey('matchInspectionRule', input),
        queryFn: ({ signal }) => fetchRoute('matchInspectionRule', input, { signal }),
        staleTime: 60_000,
      })
      .catch((e: unknown) => {
        if (isApiError(e)) return null;
        throw e;
      });
  };
}
