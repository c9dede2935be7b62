import { useLingui } from '@lingui/react/macro';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import type { CustomerSummary } from '../../../contract/common';
import type { SearchField } from '../../../contract/constants';
import type { ExpectedReturnView } from '../../../contract/expected-returns';
import type { OrderDetail, OrderSearchResult } from '../../../contract/orders';
import { isApiError } from '../../api/queries';
import { setExpectedForOrder } from './expected-store';

interface Deps {
  searchNow: (customerId: string, search: string, field: SearchField | null) => Promise<OrderSearchResult[]>;
  select: (result: OrderSearchResult) => Promise<OrderDetail | null | undefined>;
  field: SearchField | null;
  /** Search Reference shows the order reference once its order is open (not the label's digits, which match no order). */
  setReference: (reference: string) => void;
}

/**
 * Opens what a scanned pre-advice label stands for (issue 26): the order of its order reference,
 * with the expected items kept beside it (ExpectedItemsCard; the submit marks it received). For a
 * customer with blind returns, one that names no order (or an order not found) opens a blind return
 * with its items. One received already, or whose order is not found, is said so.
 */
export function useOpenExpected({ searchNow, select, field, setReference }: Deps) {
  const { t } = useLingui();
  const navigate = useNavigate();
  return async (customer: CustomerSummary, expected: ExpectedReturnView) => {
    const rma = expected.rma;
    if (expected.status === 'received') {
      const returnId = expected.return_id ?? '?';
      notifications.show({
        id: 'expected-scan',
        color: 'yellow',
        title: t`Expected return ${rma}`,
        message: t`Received already: return #${returnId}.`,
      });
      return;
    }
    const reference = expected.order_reference;
    const results = reference
      ? await searchNow(String(customer.id), reference, field).catch((e: unknown) => {
          if (isApiError(e)) return [];
          throw e;
        })
      : [];
    if (results.length === 1) {
      const order = await select(results[0]!);
      if (order) {
        setExpectedForOrder(order.id, expected);
        setReference(reference!);
      }
      return;
    }
    if (results.length === 0 && customer.can_blind) {
      navigate(`/blind/${customer.id}?rma=${encodeURIComponent(rma)}`);
      return;
    }
    notifications.show({
      id: 'expected-scan',
      color: 'yellow',
      title: t`Expected return ${rma}`,
      message: reference
        ? t`Its order ${reference} was not found: search the order by hand.`
        : t`It names no order: search the order by hand.`,
    });
  };
}
