// The save's request body of a blind return (SPEC §3 PUT /api/returns/blind/{customerId}).
import type { BlindReturnBody } from '../../../contract/blind';
import type { DispositionView } from '../../../contract/dispositions';
import { needsBin } from '../receiving/LedgerEntryForm';
import { savedInspection } from './blind-inspection';
import type { BlindLine } from './BlindLinesTable';

export interface BlindDraft {
  /** The draft's temporary id: the save's idempotency key (a double click saves once). */
  id: string;
  reference1: string;
  reference2: string;
  returnDate: string;
  lines: BlindLine[];
  returnPhotos: number[];
  parcelId: number | null;
  expectedReturnId: number | null;
}

/** Texts trimmed, a bin only where the line's disposition needs one, each line's inspection as saved. */
export function blindReturnBody(draft: BlindDraft, dispositions: DispositionView[]): BlindReturnBody {
  return {
    id: draft.id,
    reference_1: draft.reference1.trim(),
    reference_2: draft.reference2.trim(),
    return_date: draft.returnDate,
    is_blind: true,
    parcel_id: draft.parcelId,
    expected_return_id: draft.expectedReturnId,
    return_ledgers: draft.lines.map((l) => ({
      product_id: l.product.id,
      quantity: l.quantity,
      condition: l.condition,
      reason: l.reason,
      comment: l.comment.trim(),
      photo_ids: l.photoIds,
      disposition: l.disposition || null,
      location: needsBin(dispositions, l.disposition) ? l.location.trim() : '',
      ...savedInspection(l),
    })),
    photo_ids: draft.returnPhotos,
  };
}
