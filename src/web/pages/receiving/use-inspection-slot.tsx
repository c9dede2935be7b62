// Issue 27's open inspection as the lines table shows it: the line it belongs to and its panel, made
// again only when the inspection or what it shows changes (issue 28: the lines table is memoised, and
// a new element on every keystroke would render it again).
import { useLingui } from '@lingui/react/macro';
import { Loader } from '@mantine/core';
import { useMemo } from 'react';
import type { LedgerCondition } from '../../../contract/constants';
import { entryPhotos, type ReturnDraft } from './draft-reducer';
import type { InspectionPanelProps } from './inspection/InspectionPanel';
import { useInspectionPanel } from './inspection/lazy-inspection-panel';
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
  // Loaded on demand (usually prefetched with the order): a moment's spinner if it is not here yet.
  const InspectionPanel = useInspectionPanel(!!inspection && inDraft);
  const { t } = useLingui();
  const loading = t`Loading the inspection`;
  return useMemo(
    () =>
      inspection && inDraft
        ? {
            lineId: inspection.lineId,
            entryId: inspection.entryId,
            node: !InspectionPanel ? (
              <Loader size="sm" type="dots" aria-label={loading} />
            ) : (
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
    [InspectionPanel, loading, inspection, inDraft, hasPhoto, scale, nextCondition, seenSerials, onAction, onPhoto, onStray],
  );
}
