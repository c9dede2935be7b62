import { useLingui } from '@lingui/react/macro';
import { notifications } from '@mantine/notifications';
import { useEffect, useEffectEvent, useRef } from 'react';
import type { ParcelView } from '../../../contract/parcels';
import { tempId, today } from '../../lib/draft-defaults';
import { useOnline } from '../../lib/online';
import type { ReceivingAction, ReceivingState } from './draft-reducer';
import { useSubmitReturn } from './use-submit-return';
import { announceSubmitted } from './tab-sync';

/**
 * The summary's Confirm: the draft is sent once. With no network (issue 28) it waits, kept over a
 * reload, and is sent by itself when the network is back (or at once after a reload online).
 */
export function useConfirmReturn({
  state,
  parcel,
  dispatch,
  onParcelMatched,
  onQueued,
  onSubmitted,
}: {
  state: ReceivingState & { order: NonNullable<ReceivingState['order']>; draft: NonNullable<ReceivingState['draft']> };
  parcel: ParcelView | null;
  dispatch: (action: ReceivingAction) => void;
  onParcelMatched?: (parcel: ParcelView, returnId: number) => void;
  /** The draft waits for the network (the summary closes). */
  onQueued: () => void;
  onSubmitted: () => void;
}) {
  const { t } = useLingui();
  const { draft } = state;
  const { send, submitting } = useSubmitReturn(state.order, parcel);

  const confirm = async () => {
    const saved = await send(draft);
    if (saved === 'offline') {
      if (!state.pending) dispatch({ type: 'queued' });
      notifications.show({
        id: 'return-waiting',
        color: 'yellow',
        title: t`No network`,
        message: t`The return will be sent when back online.`,
        closeButtonProps: { 'aria-label': t`Dismiss` },
      });
      onQueued();
      return;
    }
    if (!saved) {
      // Refused (the client said why): the draft is the operator's to correct and submit again.
      if (state.pending) dispatch({ type: 'unqueued' });
      return;
    }
    dispatch({ type: 'submitted', saved, draftId: tempId(), today: today() });
    announceSubmitted({ userId: draft.user_id, draftId: draft.id, saved });
    notifications.hide('return-waiting');
    if (parcel) onParcelMatched?.(parcel, saved.id);
    onSubmitted();
  };

  const online = useOnline();
  const sending = useRef(false);
  const sendWaiting = useEffectEvent(() => {
    if (sending.current) return;
    sending.current = true;
    void confirm().finally(() => {
      sending.current = false;
    });
  });
  useEffect(() => {
    if (state.pending && online) sendWaiting();
  }, [state.pending, online]);

  return { confirm, submitting, online };
}
