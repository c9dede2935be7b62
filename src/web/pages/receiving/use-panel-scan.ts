// What a scan (or a typed code and Enter) does at the order panel (SPEC §2.7, issues 15 and 27): the
// open inspection's serial takes it first; otherwise it finds the line, adds a unit with the next
// scans' values, and starts the unit's inspection when its product's rule asks at the desk.
import { useLingui } from '@lingui/react/macro';
import type { Dispatch } from 'react';
import type { DispositionView } from '../../../contract/dispositions';
import type { OrderDetail } from '../../../contract/orders';
import { tempId } from '../../lib/draft-defaults';
import type { ReceivingAction, ReceivingState } from './draft-reducer';
import { scanCode, type OrderPanelState, type PanelAction } from './order-panel-state';
import type { useOrderInspection } from './use-order-inspection';

export interface PanelScanContext {
  panel: OrderPanelState;
  act: Dispatch<PanelAction>;
  order: OrderDetail;
  draft: NonNullable<ReceivingState['draft']>;
  dispatch: (action: ReceivingAction) => void;
  dispositions: DispositionView[];
  disposition: string;
  inspection: Pick<ReturnType<typeof useOrderInspection>, 'desk' | 'ruleOf' | 'seenSerials'>;
  focusScan: () => void;
  focusBin: () => void;
}

/** The scan field's onScan: answers the outcome the field shows (null: nothing to say). */
export function usePanelScan(ctx: PanelScanContext) {
  const { i18n } = useLingui();
  return (code: string) => {
    const { panel, act, order, dispatch } = ctx;
    const { desk, ruleOf, seenSerials } = ctx.inspection;
    // A required (or optional) serial takes the next scan, wherever the cursor was.
    if (desk.inspection?.phase === 'serial' && code.trim()) {
      desk.act({ type: 'serial', value: code, seen: seenSerials });
      act({ type: 'cleared' });
      ctx.focusScan();
      return null;
    }
    // A unit that only waited for its grade keeps the suggested one: this scan costs it no key.
    desk.settle();
    const inspects = (productId: number) => !!ruleOf(productId);
    const result = scanCode(panel, code, {
      order,
      ledgers: ctx.draft.return_ledgers,
      dispositions: ctx.dispositions,
      disposition: ctx.disposition,
      newId: tempId(),
      i18n,
      inspects,
    });
    if (result.kind === 'added') {
      dispatch(result.add);
      const line = order.order_lines.find((l) => l.id === result.lineId)!;
      const rule = ruleOf(line.product_id);
      if (rule) desk.start(rule, { entryId: String(result.entryId), lineId: line.id, sku: line.product.sku });
    }
    act({ type: 'scanned', scan: result });
    if (result.kind === 'refused' && result.focusBin) ctx.focusBin();
    return result.kind === 'empty' ? null : result.outcome;
  };
}
