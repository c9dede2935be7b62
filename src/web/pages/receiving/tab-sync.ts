// Two tabs of one operator on one order (issue 28): a tab that submits says so to the others, which
// take the saved return into their counts and say that the order changed, so a second submit of the
// same draft never goes through unnoticed. BroadcastChannel: same origin, every tab of this browser.
import { useEffect, useRef, useState } from 'react';
import type { CreatedReturn } from '../../../contract/returns';
import { tempId, today } from '../../lib/draft-defaults';
import type { ReceivingAction } from './draft-reducer';
import type { OtherTabSubmit } from './OfflineNotices';

export const TAB_CHANNEL = 'returns-desk.receiving';

export interface SubmittedMessage {
  kind: 'submitted';
  userId: number;
  /** The draft that was sent: the same draft in another tab is now saved. */
  draftId: string;
  saved: CreatedReturn;
}

/** A message of another tab about this user's order, or null (another user, another order, garbage). */
export function submittedHere(data: unknown, userId: number, orderId: number | null): SubmittedMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const m = data as Partial<SubmittedMessage>;
  if (m.kind !== 'submitted' || m.userId !== userId || typeof m.draftId !== 'string') return null;
  if (typeof m.saved !== 'object' || m.saved === null || typeof m.saved.id !== 'number' || !Array.isArray(m.saved.ledgers)) return null;
  return orderId !== null && m.saved.order_id === orderId ? (m as SubmittedMessage) : null;
}

function openChannel(): BroadcastChannel | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(TAB_CHANNEL);
}

/** Tells the other tabs that this draft was saved. */
export function announceSubmitted(message: Omit<SubmittedMessage, 'kind'>): void {
  const channel = openChannel();
  if (!channel) return;
  channel.postMessage({ kind: 'submitted', ...message } satisfies SubmittedMessage);
  channel.close();
}

/** Calls `onSubmitted` when another tab submits a return of this user's order. */
export function useOtherTabSubmits(userId: number, orderId: number, onSubmitted: (message: SubmittedMessage) => void): void {
  const handler = useRef(onSubmitted);
  useEffect(() => {
    handler.current = onSubmitted;
  });
  useEffect(() => {
    const channel = openChannel();
    if (!channel) return;
    channel.onmessage = (event: MessageEvent) => {
      const message = submittedHere(event.data, userId, orderId);
      if (message) handler.current(message);
    };
    return () => channel.close();
  }, [userId, orderId]);
}

/**
 * The order panel's side of it: another tab's submit comes into this draft's counts, and a draft that
 * was the one submitted is replaced by a fresh one, so it cannot be sent a second time. Answers what
 * the notice says (null: nothing to say) and how to dismiss it.
 */
export function useOtherTabNotice(
  draft: { id: string; user_id: number },
  orderId: number,
  dispatch: (action: ReceivingAction) => void,
): [OtherTabSubmit | null, () => void] {
  const [otherTab, setOtherTab] = useState<OtherTabSubmit | null>(null);
  useOtherTabSubmits(draft.user_id, orderId, (message) => {
    const sameDraft = message.draftId === draft.id;
    dispatch({ type: 'submittedElsewhere', saved: message.saved, draftId: message.draftId, newDraftId: tempId(), today: today() });
    setOtherTab({ returnId: message.saved.id, sameDraft });
  });
  return [otherTab, () => setOtherTab(null)];
}
