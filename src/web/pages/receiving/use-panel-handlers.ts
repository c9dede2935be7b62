// The order panel's handlers that only pass an action on (issue 28, speed at the scan): made once per
// panel, so the memoised parts they go to (the next-scans row, the order band, the rows) keep equal
// props while the operator types in the scan field.
import { useMemo, type Dispatch } from 'react';
import type { LedgerCondition } from '../../../contract/constants';
import type { LedgerEntry } from '../../../contract/orders';
import type { DraftField, ReceivingAction } from './draft-reducer';
import type { EntryValues } from './LedgerEntryForm';
import type { PanelAction } from './order-panel-state';

export function usePanelHandlers(act: Dispatch<PanelAction>, dispatch: (action: ReceivingAction) => void) {
  return useMemo(
    () => ({
      onTyped: (text: string) => act({ type: 'typed', text }),
      onTypingOverMiss: () => act({ type: 'typingOverMiss' }),
      onCondition: (condition: LedgerCondition) => act({ type: 'nextCondition', condition }),
      onReason: (reason: string) => act({ type: 'nextReason', reason }),
      onDisposition: (code: string) => act({ type: 'nextDisposition', disposition: code }),
      onBin: (bin: string) => act({ type: 'nextBin', bin }),
      onDiscrepancy: () => act({ type: 'open', dialog: 'discrepancy' }),
      onHelp: () => act({ type: 'open', dialog: 'help' }),
      onReturnPhotos: () => act({ type: 'openPhotos', entryId: null, webcam: false }),
      onEntryPhotos: (id: LedgerEntry['id']) => act({ type: 'openPhotos', entryId: String(id), webcam: false }),
      onEntryChange: (lineId: number, values: EntryValues) => act({ type: 'entryEdited', lineId, values }),
      onDateProblem: (problem: string | null) => act({ type: 'dateProblem', problem }),
      onField: (field: DraftField, value: string) => dispatch({ type: 'field', field, value }),
      onMissing: (orderLineId: number, quantity: number) => dispatch({ type: 'missing', orderLineId, quantity }),
      onRemove: (id: LedgerEntry['id']) => dispatch({ type: 'remove', id }),
    }),
    [act, dispatch],
  );
}
