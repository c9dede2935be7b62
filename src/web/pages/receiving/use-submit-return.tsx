import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Anchor } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import type { OrderDetail } from '../../../contract/orders';
import type { ParcelView } from '../../../contract/parcels';
import type { CreatedReturn } from '../../../contract/returns';
import { isApiError, useRouteMutation } from '../../api/queries';
import { isOnline } from '../../lib/online';
import { submitBody, type ReturnDraft } from './draft-reducer';
import { expectedForOrder, setExpectedForOrder } from './expected-store';

/**
 * Confirm & Submit Return (SPEC §4): sends the draft (with the unknown parcel it matches, issue 11)
 * and says so with a link to the saved return. Resolves to the saved return, null when the server
 * refused it (the client has shown why; the draft stays as it was, ready to submit again), or
 * 'offline' when there is no network (issue 28: the screen keeps the draft waiting and sends it again,
 * with the same draft id, when the network is back; nothing was said yet).
 */
export function useSubmitReturn(order: OrderDetail, parcel: ParcelView | null) {
  const navigate = useNavigate();
  const { t } = useLingui();
  // A saved return changes the order's status in the search list and the history.
  const submit = useRouteMutation('submitReturn', {
    invalidates: ['searchOrders', 'listReturns', 'listParcels', 'readParcel'],
    // No network is the screen's to say (status 0), and the call fails at once rather than waiting
    // in TanStack's paused queue, which a reload would forget.
    quietFor: [0],
    networkMode: 'always',
  });

  const send = async (draft: ReturnDraft): Promise<CreatedReturn | 'offline' | null> => {
    if (draft.return_ledgers.length === 0 || submit.isPending) return null;
    if (!isOnline()) return 'offline';
    // The expected return whose label opened this order (issue 26): the server marks it received.
    const expected = expectedForOrder(order.id);
    const body = { ...submitBody(draft), parcel_id: parcel?.id ?? null, expected_return_id: expected?.id ?? null };
    const saved = await submit.mutateAsync({ body }).catch((e: unknown) => {
      if (isApiError(e)) return e.status === 0 ? ('offline' as const) : null;
      throw e;
    });
    if (!saved || saved === 'offline') return saved;
    if (expected) setExpectedForOrder(order.id, null);
    const units = saved.ledgers.reduce((n, l) => n + l.quantity, 0);
    const path = `/orders/${order.id}/returns/${saved.id}`;
    const returnId = saved.id;
    const reference = order.order_number ?? order.delivery_number ?? order.id;
    const tracking = parcel?.tracking_number;
    notifications.show({
      id: `return-saved-${saved.id}`,
      color: 'green',
      title: t`Return #${returnId} saved`,
      autoClose: 8000,
      closeButtonProps: { 'aria-label': t`Dismiss` },
      message: (
        <>
          {t`${plural(units, { one: `# unit on order ${reference}.`, other: `# units on order ${reference}.` })}`}{' '}
          {parcel && <>{t`Parcel ${tracking} matched and closed.`} </>}
          <Anchor
            href={path}
            fz="sm"
            fw={600}
            onClick={(e) => {
              e.preventDefault();
              navigate(path);
            }}
          >
            {t`View return #${returnId}`}
          </Anchor>
        </>
      ),
    });
    return saved;
  };
  return { send, submitting: submit.isPending };
}
