// Issue 27's open inspection as the lines table shows it: the line it belongs to and its panel, made
// again only when the inspection or what it shows changes (issue 28: the lines table is memoised, and
// a new element on every keystroke would render it again).
import { useMemo } from 'react';
import type { LedgerCondition } from '../../../contract/constants';
import { entryPhotos, type ReturnDraft } from './draft-reducer';
import { InspectionPanel, type InspectionPanelProps } from './inspection/InspectionPanel';
import type { Inspection } from './inspection/inspection-state';

export interface InspectionSlotInput {
  inspection: Inspection | null | undefined;
  draft: ReturnDraft;
  scale: InspectionPanelProps['scale'];
  nextCondition: LedgerCondition;
  seenSerials: InspectionPanelProps['seenSerials'];
  onAction: InspectionPanelProps['onAction'];
  onPhoto: () => void;
  onStray: () => void;
}

export function useInspectionSlot({
  inspection,
  draft,
  scale,
  nextCondition,
  seenSerials,
  onAction,
  onPhoto,
  onStray,
}: InspectionSlotInput) {
  // Shown while its unit is in the draft (a removed entry's inspection is gone with it).
  const inDraft = !!inspection && draft.return_ledgers.some((l) => String(l.id) === inspection.entryId);
  const hasPhoto = !!inspection && entryPhotos(draft, inspection.entryId).length > 0;
  return useMemo(
    () =>
      inspection && inDraft
        ? {
            lineId: inspection.lineId,
            entryId: inspection.entryId,
            node: (
              <InspectionPanel
                inspection={inspection}
                scale={scale}
                nextCondition={nextCondition}
                hasPhoto={hasPhoto}
                seenSerials={seenSerials}
                onAction={onAction}
                onPhoto={onPhoto}
                onStray={onStray}
              />
            ),
          }
        : null,
    [inspection, inDraft, hasPhoto, scale, nextCondition, seenSerials, onAction, onPhoto, onStray],
  );
}
