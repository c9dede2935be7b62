import { useLingui } from '@lingui/react/macro';
import { useEffect, useMemo } from 'react';
import { defaultDisposition } from '../../../contract/disposition-rules';
import type { DispositionView } from '../../../contract/dispositions';
import { DEFAULT_GRADE_SCALE } from '../../../contract/grade-scale';
import type { OrderDetail } from '../../../contract/orders';
import type { ReceivingAction, ReceivingState } from './draft-reducer';
import { asksAtDesk, inspectedFields, type Inspection } from './inspection/inspection-state';
import { loadInspectionPanel } from './inspection/lazy-inspection-panel';
import { useInspection } from './inspection/use-inspection';
import { useProductRule } from './inspection/use-product-rule';
import { needsBin } from './LedgerEntryForm';
import type { NextScans } from './order-panel-state';

/**
 * Issue 27 at the order panel: the rule of each of the order's products (loaded with the order); a
 * rule with steps or a serial opens an inspection of each unit scanned, in its line's detail area,
 * and its answers are written onto the unit's entry when the last one is given. A wrong or extra
 * item is inspected by its own product's rule (read when it is recorded, unless the order has it).
 */
export function useOrderInspection({
  order,
  draft,
  dispatch,
  dispositions,
  next,
  onInspected,
}: {
  order: OrderDetail;
  draft: NonNullable<ReceivingState['draft']>;
  dispatch: (action: ReceivingAction) => void;
  dispositions: DispositionView[];
  /** The next scans' condition and bin: an inspection without a grade's condition keeps them. */
  next: NextScans;
  /** Told what was inspected (for the scan notice) once the entry holds the answers. */
  onInspected: (text: string) => void;
}) {
  const { t } = useLingui();
  const rules = useMemo(() => new Map((order.inspection?.rules ?? []).map((r) => [r.product_id, r])), [order.inspection]);
  const scale = order.inspection?.grades ?? DEFAULT_GRADE_SCALE;
  // An order whose products are inspected at the desk fetches the inspection panel's code now, before the first scan.
  const inspects = useMemo(() => (order.inspection?.rules ?? []).some((r) => asksAtDesk(r)), [order.inspection]);
  useEffect(() => {
    if (inspects) loadInspectionPanel().catch(() => undefined); // the first inspection shown tries again and reports a failure
  }, [inspects]);
  const ruleOf = (productId: number) => {
    const rule = rules.get(productId);
    return asksAtDesk(rule) ? rule : undefined;
  };
  const finishInspection = (done: Inspection) => {
    const entry = draft.return_ledgers.find((l) => String(l.id) === done.entryId);
    if (!entry) return;
    const f = inspectedFields(done, scale, next.condition);
    const condition = f.condition ?? entry.condition;
    const disposition =
      f.disposition ?? (condition !== entry.condition ? (defaultDisposition(dispositions, condition) ?? null) : entry.disposition);
    const location = needsBin(dispositions, disposition) ? entry.location || next.bin.trim() || null : null;
    dispatch({
      type: 'inspected',
      entryId: done.entryId,
      patch: {
        grade: f.grade,
        condition,
        disposition,
        location,
        serial: f.serial,
        serial_shipped: f.serial_shipped,
        serial_repeated: f.serial_repeated,
      },
      stepAnswers: f.step_answers,
    });
    const { sku } = done;
    const grade = scale.find((g) => g.grade === f.grade)?.label ?? '—';
    onInspected(t`Inspected ${sku}: grade ${grade}.`);
  };
  const desk = useInspection(finishInspection);
  const seenSerials = [...order.ledgers, ...draft.return_ledgers].flatMap((l) => (l.serial ? [l.serial] : []));
  const productRule = useProductRule(order.customer_id);
  /** A wrong or extra item just recorded: its product's rule opens an inspection of the entry, as a scan does. */
  const inspectOffOrder = async (entryId: string, product: { id: number; sku: string }) => {
    const rule = ruleOf(product.id) ?? (await productRule(product.id))?.rule;
    if (asksAtDesk(rule)) desk.start(rule, { entryId, lineId: null, sku: product.sku });
  };
  return { desk, scale, ruleOf, seenSerials, inspectOffOrder };
}
