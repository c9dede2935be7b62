// The order panel's keyboard (SPEC §2.7, issue 15): each receiving shortcut runs its command, on the
// panel's state of the moment; none but Help and the summary's confirm while a dialog is open.
import { useHotkeys } from '@mantine/hooks';
import type { Dispatch } from 'react';
import type { DispositionView } from '../../../contract/dispositions';
import type { OrderDetail } from '../../../contract/orders';
import { lastRecordedEntry, type ReceivingState } from './draft-reducer';
import { CONDITION_OF, hotkeyItems, nextDisposition, nextReason, RECEIVING_SHORTCUTS, type ReceivingCommand } from './hotkeys';
import { anyDialogOpen, type OrderPanelState, type PanelAction } from './order-panel-state';

export interface ReceivingCommandsContext {
  panel: OrderPanelState;
  act: Dispatch<PanelAction>;
  order: OrderDetail;
  draft: NonNullable<ReceivingState['draft']>;
  dispositions: DispositionView[];
  /** The next scans' disposition as the scan bar shows it. */
  disposition: string;
  openSummary: () => void;
  requestClose: () => void;
  focusBin: () => void;
  focusScan: () => void;
}

export function useReceivingCommands(ctx: ReceivingCommandsContext) {
  const { panel, act, order, draft, dispositions, disposition } = ctx;
  const run = (command: ReceivingCommand) => {
    if (command === 'confirmSubmit') {
      // The summary's own button, so its rules hold for the key too (no photo missing, more than ordered ticked).
      if (panel.open.summary) document.querySelector<HTMLButtonElement>('[data-summary-confirm]')?.click();
      return;
    }
    if (command === 'help') return act({ type: 'open', dialog: 'help' });
    if (anyDialogOpen(panel)) return;
    const condition = CONDITION_OF[command];
    if (condition) act({ type: 'nextCondition', condition });
    else if (command === 'focusBin') ctx.focusBin();
    else if (command === 'nextDisposition') act({ type: 'nextDisposition', disposition: nextDisposition(dispositions, disposition) });
    else if (command === 'recordDiscrepancy') act({ type: 'open', dialog: 'discrepancy' });
    else if (command === 'focusScan') ctx.focusScan();
    else if (command === 'nextReason') act({ type: 'nextReason', reason: nextReason(order.reasons, panel.next.reason) });
    else if (command === 'openSummary') ctx.openSummary();
    else if (command === 'closeOrder') ctx.requestClose();
    else if (command === 'photoLine')
      act({ type: 'openPhotos', entryId: lastRecordedEntry(draft.return_ledgers, panel.lastEntry), webcam: true });
    else if (command === 'photoReturn') act({ type: 'openPhotos', entryId: null, webcam: false });
  };
  useHotkeys(hotkeyItems(RECEIVING_SHORTCUTS, run, true), []);
  useHotkeys(hotkeyItems(RECEIVING_SHORTCUTS, run, false));
}
