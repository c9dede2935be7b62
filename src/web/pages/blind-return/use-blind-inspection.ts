import { useLingui } from '@lingui/react/macro';
import { useState, type Dispatch, type SetStateAction } from 'react';
import type { ProductRow } from '../../../contract/blind';
import { LIMITS } from '../../../contract/constants';
import type { DispositionView } from '../../../contract/dispositions';
import { DEFAULT_GRADE_SCALE, type GradeScaleEntry } from '../../../contract/inspection-rules';
import type { DeskRule } from '../../../contract/inspection';
import { tempId } from '../../lib/draft-defaults';
import { asksAtDesk, gradeOfCondition, type Inspection } from '../receiving/inspection/inspection-state';
import { useInspection } from '../receiving/inspection/use-inspection';
import { useProductRule } from '../receiving/inspection/use-product-rule';
import type { BlindLine } from './BlindLinesTable';
import { inspectedLine } from './blind-inspection';

/**
 * Issue 27 in a blind return: the same rules and the same inspection as the receiving desk. A product
 * picked or scanned is looked up once (GET /api/returns/rules/…); one whose rule has steps or a serial
 * gets a line per unit and the desk's inspection of that unit; the finished inspection writes grade,
 * condition, disposition, answers and serial onto the line. Other products are added as before.
 */
export function useBlindInspection({
  customerId,
  lines,
  setLines,
  dispositions,
  newLine,
  onInspected,
}: {
  customerId: number;
  lines: BlindLine[];
  setLines: Dispatch<SetStateAction<BlindLine[]>>;
  dispositions: DispositionView[];
  newLine: (product: ProductRow) => BlindLine;
  /** Told once a unit's inspection is on its line (the cursor goes back to the product field). */
  onInspected: (text: string) => void;
}) {
  const { t } = useLingui();
  const ruleOf = useProductRule(customerId);
  const [scale, setScale] = useState<readonly GradeScaleEntry[]>(DEFAULT_GRADE_SCALE);
  const finish = (done: Inspection) => {
    setLines((ls) => ls.map((l) => (l.key === done.entryId ? inspectedLine(l, done, scale, dispositions) : l)));
    const line = lines.find((l) => l.key === done.entryId);
    const { sku } = done;
    const code = done.grade ?? (line ? gradeOfCondition(scale, line.condition) : null);
    const grade = scale.find((g) => g.grade === code)?.label ?? '—';
    onInspected(t`Inspected ${sku}: grade ${grade}.`);
  };
  const desk = useInspection(finish);

  /**
   * A product picked (`merge` false) or scanned (`merge` true: one more unit on its latest line when
   * its rule asks nothing). Resolves once the line is on screen.
   */
  async function add(product: ProductRow, merge: boolean) {
    const answer = await ruleOf(product.id);
    if (answer) setScale(answer.grades);
    const rule: DeskRule | null = asksAtDesk(answer?.rule) ? answer.rule : null;
    desk.settle();
    if (!rule) {
      setLines((ls) => {
        const at = merge ? ls.findLastIndex((l) => l.product.id === product.id && !l.serial) : -1;
        if (at === -1) return [...ls, newLine(product)];
        return ls.map((l, i) => (i === at ? { ...l, quantity: Math.min(l.quantity + 1, LIMITS.maxEntryQuantity) } : l));
      });
      return;
    }
    const line = { ...newLine(product), key: tempId() };
    setLines((ls) => [...ls, line]);
    desk.start(rule, { entryId: line.key, lineId: null, sku: product.sku, blind: true });
  }

  const seenSerials = lines.flatMap((l) => (l.serial ? [l.serial] : []));
  return { desk, scale, add, seenSerials };
}
