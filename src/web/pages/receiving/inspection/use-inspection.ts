import { useRef, useState } from 'react';
import type { DeskRule } from '../../../../contract/inspection';
import { inspectionReducer, startInspection, type Inspection, type InspectionAction, type InspectionStart } from './inspection-state';

/** An inspection only waiting for its grade ends with the suggested one; any other is not settled. */
export const settled = (s: Inspection | null): Inspection | null =>
  s?.phase === 'grade' ? inspectionReducer(s, { type: 'confirm', hasPhoto: false }) : null;

/**
 * The open inspection of a screen (receiving or a blind return): one at a time. `finish` receives the
 * finished inspection once, when its last question is answered; the screen writes it onto the entry.
 * `settle` ends one that only waits for its grade (a serial-only rule) with the suggested grade: the
 * next product scan, a save or the summary call it, so that unit costs no extra key. The current
 * inspection is also kept in a ref: a rule read over the network starts one after an await.
 */
export function useInspection(finish: (done: Inspection) => void) {
  const [inspection, setState] = useState<Inspection | null>(null);
  const current = useRef<Inspection | null>(null);
  const set = (next: Inspection | null) => {
    current.current = next;
    setState(next);
  };
  const settle = () => {
    const done = settled(current.current);
    if (!done) return;
    set(null);
    finish(done);
  };
  return {
    inspection,
    start: (rule: DeskRule, at: InspectionStart) => {
      settle();
      set(startInspection(rule, at));
    },
    act: (action: InspectionAction) => {
      if (!current.current) return;
      const next = inspectionReducer(current.current, action);
      if (next.phase !== 'done') return set(next);
      set(null);
      finish(next);
    },
    settle,
    drop: () => set(null),
    /** An inspection is open now (read after an await, where the rendered state may be old). */
    isOpen: () => current.current !== null,
  };
}
