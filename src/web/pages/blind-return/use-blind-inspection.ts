import { useLingui } from '@lingui/react/macro';
import { useRef, useState, type Dispatch, type SetStateAction } from 'react';
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
import { announcedUnits, inspectedLine, type QueuedUnit } from './blind-inspection';

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
  /** Told once a unit's inspection is on its line; `more`: the next announced unit's inspection is open (the cursor stays in it). */
  onInspected: (text: string, more: boolean) => void;
}) {
  const { t } = useLingui();
  const ruleOf = useProductRule(customerId);
  const [scale, setScale] = useState<readonly GradeScaleEntry[]>(DEFAULT_GRADE_SCALE);
  // Issue 26's announced units waiting for their inspection, one after the other (a removed line is skipped).
  const queue = useRef<QueuedUnit[]>([]);
  const startNext = (present: (key: string) => boolean) => {
    let next = queue.current.shift();
    while (next && !present(next.key)) next = queue.current.shift();
    if (next) desk.start(next.rule, { entryId: next.key, lineId: null, sku: next.sku, blind: true });
    return !!next;
  };
  const finish = (done: Inspection) => {
    setLines((ls) => ls.map((l) => (l.key === done.entryId ? inspectedLine(l, done, scale, dispositions) : l)));
    const line = lines.find((l) => l.key === done.entryId);
    const { sku } = done;
    const code = done.grade ?? (line ? gradeOfCondition(scale, line.condition) : null);
    const grade = scale.find((g) => g.grade === code)?.label ?? '—';
    const more = startNext((key) => lines.some((l) => l.key === key));
    onInspected(t`Inspected ${sku}: grade ${grade}.`, more);
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

  /**
   * An expected return's announced lines (issue 26): a product whose rule asks at the desk is inspected
   * as a picked one, a line per unit, the units one after the other; the others are added as announced.
   */
  async function addAnnounced(announced: BlindLine[]) {
    const answers = await Promise.all(announced.map((l) => ruleOf(l.product.id)));
    const withScale = answers.find((a) => a);
    if (withScale) setScale(withScale.grades);
    const rules = answers.map((a) => (asksAtDesk(a?.rule) ? a.rule : null));
    const units = announcedUnits(announced, rules, tempId);
    setLines((ls) => [...units.lines, ...ls]);
    queue.current.push(...units.queue);
    // The lines were just added: every queued key is there. An inspection already open goes first.
    if (!desk.isOpen()) startNext(() => true);
  }

  const seenSerials = lines.flatMap((l) => (l.serial ? [l.serial] : []));
  return { desk, scale, add, addAnnounced, seenSerials };
}
