// Where each dashboard tile links: History, the Task Monitor or the Parcels queue, filtered to what
// the tile counts (the dashboard's customer included).
import { toQueryString } from '../../api/envelope';

export interface DashboardScope {
  from: string;
  to: string;
  /** A customer id, or 'All'. */
  customer: string;
}

/** A tile's own History filters, beyond the period and customer. */
export interface HistoryExtra {
  is_blind?: '1' | '0';
  reason?: string;
  condition?: string;
  user_id?: number;
  has_photos?: '1' | '0';
  disposition?: string;
  discrepancy?: string;
  /** Issue 27: a line of this grade. */
  grade?: string;
}

/** History with the dashboard's period and customer, plus the tile's own filters. */
export function historyLink(scope: DashboardScope, extra: HistoryExtra = {}) {
  const { is_blind, ...rest } = extra;
  const filter: Record<string, string | number> = {
    customer_id: scope.customer,
    is_blind: is_blind ?? 'All',
    from: scope.from,
    to: scope.to,
  };
  for (const [k, v] of Object.entries(rest)) if (v !== undefined && v !== '') filter[k] = v;
  return `/history?${toQueryString({
    page: 1,
    search: { id: '', delivery_number: '', order_number: '', web_order_number: '' },
    filter,
  })}`;
}

/** The Task Monitor (admins) filtered by status, type when given, and the dashboard's customer. */
export function taskMonitorLink(status: 'Pending' | 'Error', opts: { taskType?: string; customer?: string } = {}) {
  const q = new URLSearchParams({ page: '1', task_status: status });
  if (opts.taskType) q.set('task_type', opts.taskType);
  if (opts.customer && opts.customer !== 'All') q.set('customer_id', opts.customer);
  return `/admin/tasks?${q.toString()}`;
}

/** The Parcels queue: waiting parcels of the dashboard's customer, of one age level when given. */
export function parcelsLink(scope: DashboardScope, age?: 'fresh' | 'amber' | 'red') {
  const q = new URLSearchParams({ state: 'Waiting', customer_id: scope.customer });
  if (age) q.set('age', age);
  return `/parcels?${q.toString()}`;
}
