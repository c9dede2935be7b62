/** What a History request asks for, and the plain rules about it that shape the statements. */
export interface HistoryFilter {
  /** undefined = every customer (admins); an empty list matches nothing. */
  customerIds?: number[];
  isBlind?: boolean;
  hasDiscrepancies?: boolean;
  /** Lines of the return wait for the brand's decision (issue 25). */
  awaitingDecision?: boolean;
  id?: number;
  deliveryNumber?: string;
  orderNumber?: string;
  webOrderNumber?: string;
  trackingNumber?: string;
  /** Saved on or after this UTC day (YYYY-MM-DD). */
  from?: string;
  /** Saved on or before this UTC day. */
  to?: string;
  /** A line of the return has this reason code / condition (the same line when both are given). */
  reason?: string;
  condition?: string;
  userId?: number;
  hasPhotos?: boolean;
  /** A line of the return has this disposition code. */
  disposition?: string;
  /** The return has a discrepancy of this kind (a missing order line, a wrong or an extra item). */
  discrepancy?: 'MISSING' | 'WRONG_ITEM' | 'EXTRA_ITEM';
  /** A line of the return has this grade (issue 27). */
  grade?: string;
}

/**
 * Whether the filter goes beyond customer and blind, the two the trigger-kept counters know: a search
 * counts its (few) matches instead. The discrepancy filter has no counter either: it is counted like a search.
 */
export const hasSearch = (f: HistoryFilter) =>
  f.id !== undefined ||
  !!f.trackingNumber ||
  !!f.deliveryNumber ||
  !!f.orderNumber ||
  !!f.webOrderNumber ||
  !!f.from ||
  !!f.to ||
  !!f.reason ||
  !!f.condition ||
  f.userId !== undefined ||
  f.hasDiscrepancies !== undefined ||
  f.awaitingDecision !== undefined ||
  f.hasPhotos !== undefined ||
  !!f.disposition ||
  !!f.discrepancy ||
  !!f.grade;

/** Where one page sits in the index walk: from the newest end, or past the middle from the oldest end. */
export function pageWindow(total: number, page: number, perPage: number) {
  const offset = (page - 1) * perPage;
  const fromEnd = offset > total / 2;
  return {
    fromEnd,
    limit: fromEnd ? Math.min(perPage, total - offset) : perPage,
    skip: fromEnd ? Math.max(0, total - offset - perPage) : offset,
  };
}
export type PageWindow = ReturnType<typeof pageWindow>;
