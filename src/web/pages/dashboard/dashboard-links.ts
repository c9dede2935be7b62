// Where each dashboard tile links: History or the Task Monitor, filtered to what the tile counts.
import { toQueryString } from '../../api/envelope';

export interface DashboardScope {
  from: string;
  to: string;
  /** A customer id, or 'All'. */
  customer: string;
}

/** History with the dashboard's period and customer, plus the tile's own filters. */
export function historyLink(
  scope: DashboardScope,
  extra: { is_blind?: '1' | '0'; reason?: string; condition?: string; user_id?: number } = {},
) {
  const filter: Record<string, string | number> = {
    customer_id: scope.customer,
    is_blind: extra.is_blind ?? 'All',
    from: scope.from,
    to: scope.to,
  };
  if (extra.reason) filter.reason = extra.reason;
  if (extra.condition) filter.condition = extra.condition;
  if (extra.user_id !== undefined) filter.user_id = extra.user_id;
  return `/history?${toQueryString({
    page: 1,
    search: { id: '', delivery_number: '', order_number: '', web_order_number: '' },
    filter,
  })}`;
}

/** The Task Monitor (admins) filtered by status, and type when given. */
export function taskMonitorLink(status: 'Pending' | 'Error', taskType?: string) {
  const q = new URLSearchParams({ page: '1', task_status: status });
  if (taskType) q.set('task_type', taskType);
  return `/admin/tasks?${q.toString()}`;
}
