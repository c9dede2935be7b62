// Where the top bar's entries point and when they are highlighted (SPEC §2.2).
import { msg } from '@lingui/core/macro';
import { toQueryString } from '../api/envelope';

/** The History entry opens the first page with every search field empty and both filters on All. */
export const HISTORY_DEFAULT_QUERY = toQueryString({
  page: 1,
  search: { id: '', delivery_number: '', order_number: '', web_order_number: '' },
  filter: { customer_id: 'All', is_blind: 'All' },
});
export const HISTORY_DEFAULT_PATH = `/history?${HISTORY_DEFAULT_QUERY}`;

export const ADMIN_LINKS = [
  { label: msg`Users`, to: '/admin/users', icon: 'users' },
  { label: msg`Customers`, to: '/admin/customers', icon: 'customers' },
  { label: msg`System Settings`, to: '/admin/systems', icon: 'settings' },
  { label: msg`Task Status`, to: '/admin/tasks', icon: 'tasks' },
  { label: msg`Billing`, to: '/admin/billing', icon: 'billing' },
] as const;

export type NavKey =
  'receiving' | 'history' | 'parcels' | 'dashboard' | 'decisions' | 'billing' | 'schedules' | 'integrations' | 'admin' | null;

export function activeNav(pathname: string): NavKey {
  if (pathname === '/' || pathname.startsWith('/blind')) return 'receiving';
  if (pathname.startsWith('/history') || pathname.startsWith('/orders')) return 'history';
  if (pathname.startsWith('/parcels')) return 'parcels';
  if (pathname.startsWith('/dashboard')) return 'dashboard';
  if (pathname.startsWith('/decisions')) return 'decisions';
  if (pathname.startsWith('/billing')) return 'billing';
  if (pathname.startsWith('/schedules')) return 'schedules';
  if (pathname.startsWith('/integrations')) return 'integrations';
  if (pathname.startsWith('/admin')) return 'admin';
  return null;
}
