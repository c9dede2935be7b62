import { useState } from 'react';
import type { DeskRule } from '../../../../contract/inspection';
import { inspectionReducer, startInspection, type Inspection, type InspectionAction } from './inspection-state';

/**
 * The open inspection of a screen (receiving or a blind return): one at a time. `finish` receives the
 * finished inspection once, when its last question is answered; the screen writes it onto the entry.
 */
export function useInspection(finish: (done: Inspection) => void) {
  const [inspection, setInspection] = useState<Inspection | null>(null);
  return {
    inspection,
    start: (rule: DeskRule, at: { entryId: string; lineId: number | null; sku: string }) => setInspection(startInspection(rule, at)),
    act: (action: InspectionAction) => {
      if (!inspection) return;
      const next = inspectionReducer(inspection, action);
      if (next.phase !== 'done') return setInspection(next);
      setInspection(null);
      finish(next);
    },
    drop: () => setInspection(null),
  };
}
