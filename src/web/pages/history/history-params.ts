// Return History's state in the query string (SPEC §2.9): reading it, checking the search fields, and
// the API's query. A reload or a shared link shows the same page.
import { DISCREPANCY_KINDS, HISTORY_MSG } from '../../../contract/history';
import { LEDGER_CONDITIONS, LIMITS } from '../../../contract/constants';
import { GRADES } from '../../../contract/inspection-rules';
import { PARCEL_MSG } from '../../../contract/parcel-rules';
import type { RouteQuery } from '../../api/route-types';
import { messageText } from '../../i18n/server-text';

// tracking_number: the carrier tracking number a return arrived with (issue 11), matched exactly.
export const SEARCH_KEYS = ['id', 'delivery_number', 'order_number', 'web_order_number', 'tracking_number'] as const;
export type SearchKey = (typeof SEARCH_KEYS)[number];

/** The filters the dashboard's tiles link to (issue 12); '' when not set. */
const EXTRA_KEYS = ['from', 'to', 'reason', 'condition', 'user_id', 'has_photos', 'disposition', 'discrepancy', 'grade'] as const;
type ExtraKey = (typeof EXTRA_KEYS)[number];
type Extra = Record<ExtraKey, string>;

export interface Params {
  page: number;
  search: Record<SearchKey, string>;
  filter: { customer_id: string; is_blind: string; has_discrepancies?: string; awaiting_decision?: string } & Extra;
}

const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);
function readExtra(q: URLSearchParams): Extra {
  const get = (k: ExtraKey) => (q.get(`filter[${k}]`) ?? '').slice(0, 100);
  return {
    from: isDay(get('from')) ? get('from') : '',
    to: isDay(get('to')) ? get('to') : '',
    reason: get('reason'),
    condition: (LEDGER_CONDITIONS as readonly string[]).includes(get('condition')) ? get('condition') : '',
    user_id: /^\d{1,10}$/.test(get('user_id')) ? get('user_id') : '',
    has_photos: get('has_photos') === '1' || get('has_photos') === '0' ? get('has_photos') : '',
    disposition: get('disposition').slice(0, 50),
    discrepancy: (DISCREPANCY_KINDS as readonly string[]).includes(get('discrepancy')) ? get('discrepancy') : '',
    grade: (GRADES as readonly string[]).includes(get('grade')) ? get('grade') : '',
  };
}

export function readParams(q: URLSearchParams): Params {
  const page = Number(q.get('page'));
  const blind = q.get('filter[is_blind]');
  const customer = q.get('filter[customer_id]') ?? '';
  const discrepancies = q.get('filter[has_discrepancies]');
  const awaiting = q.get('filter[awaiting_decision]');
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    search: Object.fromEntries(SEARCH_KEYS.map((k) => [k, (q.get(`search[${k}]`) ?? '').slice(0, 100)])) as Record<SearchKey, string>,
    filter: {
      customer_id: /^\d+$/.test(customer) ? customer : 'All',
      is_blind: blind === '1' || blind === '0' ? blind : 'All',
      ...readExtra(q),
      // Issue 16; in the address only when set, so the SPEC's History link stays as it is.
      ...(discrepancies === '1' || discrepancies === '0' ? { has_discrepancies: discrepancies } : {}),
      // Issue 25, the same way: returns with lines waiting for the brand's decision.
      ...(awaiting === '1' || awaiting === '0' ? { awaiting_decision: awaiting } : {}),
    },
  };
}

/** The same checks the server makes, shown under the field instead of a round trip. */
export function searchErrors(search: Record<SearchKey, string>): Partial<Record<SearchKey, string>> {
  const errors: Partial<Record<SearchKey, string>> = {};
  const id = search.id.trim().replace(/^#/, '');
  if (id && !/^\d{1,10}$/.test(id)) errors.id = messageText('history.idInvalid', HISTORY_MSG.idInvalid);
  for (const k of ['delivery_number', 'order_number', 'web_order_number'] as const) {
    const v = search[k].trim();
    if (v && v.length < LIMITS.searchMinLength) errors[k] = messageText('history.referenceTooShort', HISTORY_MSG.referenceTooShort);
  }
  const tracking = search.tracking_number.replace(/\s+/g, '');
  if (tracking && !/^[A-Za-z0-9-]{4,64}$/.test(tracking))
    errors.tracking_number = messageText('parcel.trackingInvalid', PARCEL_MSG.trackingInvalid);
  return errors;
}

/** The API's query: the same bracketed keys the address bar shows (`search[id]`, `filter[is_blind]`). */
export function apiQuery(p: Params): RouteQuery<'listReturns'> {
  const query: Record<string, string | number> = { page: p.page };
  for (const k of SEARCH_KEYS) query[`search[${k}]`] = p.search[k];
  query['filter[customer_id]'] = p.filter.customer_id;
  query['filter[is_blind]'] = p.filter.is_blind;
  // The dashboard's filters only when set, so SPEC §2.9's query stays as it was without them.
  for (const k of EXTRA_KEYS) if (p.filter[k]) query[`filter[${k}]`] = p.filter[k];
  if (p.filter.has_discrepancies) query['filter[has_discrepancies]'] = p.filter.has_discrepancies;
  if (p.filter.awaiting_decision) query['filter[awaiting_decision]'] = p.filter.awaiting_decision;
  return query;
}

/** The URL keeps the dashboard's filters only when set. */
export const urlFilter = (f: Params['filter']) =>
  Object.fromEntries(Object.entries(f).filter(([k, v]) => v !== '' || !EXTRA_KEYS.includes(k as ExtraKey)));
