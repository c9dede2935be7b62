import { describe, expect, it } from 'vitest';
import { activeNav, HISTORY_DEFAULT_PATH } from './nav';

describe('top bar navigation', () => {
  it('highlights Receiving on / and /blind*, History on /history and /orders*', () => {
    expect(activeNav('/')).toBe('receiving');
    expect(activeNav('/blind/4')).toBe('receiving');
    expect(activeNav('/history')).toBe('history');
    expect(activeNav('/orders/blind/returns/3')).toBe('history');
    expect(activeNav('/admin/users')).toBe('admin');
  });

  it('opens History with the default query of SPEC §2.2', () => {
    expect(decodeURIComponent(HISTORY_DEFAULT_PATH)).toBe(
      '/history?page=1&search[id]=&search[delivery_number]=&search[order_number]=&search[web_order_number]=&filter[customer_id]=All&filter[is_blind]=All',
    );
  });
});
