import { afterAll, beforeAll, expect } from 'vitest';
import type { Db } from '../db/client.js';
import { adminSession } from './sessions.js';
import { createTestApp, call, type TestApp } from './test-app.js';

/** The billing tests' app: its clock on 24 November 2026, so October is a month that has ended. */
export async function billingTestApp(): Promise<TestApp> {
  const t = await createTestApp();
  t.clock.advance(new Date('2026-11-24T10:00:00Z').getTime() - t.clock.now().getTime());
  return t;
}

/**
 * The billing test files' set-up: one app a file (billingTestApp), its database, an admin session
 * and the requests they make again and again (billingCalls).
 */
export function useBillingTestApp() {
  let app: TestApp;
  beforeAll(async () => {
    app = await billingTestApp();
  });
  afterAll(() => app.close());
  const t = () => app;
  const db = (): Db => app.deps.database.db;
  return { t, db, admin: () => adminSession(app.app, db()), ...billingCalls(t) };
}

/** Requests the billing tests make again and again, on the app `app()` answers. */
export function billingCalls(app: () => TestApp) {
  return {
    async addRate(token: string, customerId: number, event_type: string, amount_minor: number, starts_on: string) {
      const res = await call(app().app, 'POST', `/api/su/customers/${customerId}/billing-rates`, {
        token,
        body: { event_type, amount_minor, starts_on },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.message as { id: number };
    },

    async download(token: string, customerId: number, month: string, format: 'csv' | 'xlsx') {
      const res = await app().app.inject({
        method: 'GET',
        url: `/api/su/billing/export?customer_id=${customerId}&month=${month}&format=${format}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(200);
      return res;
    },
  };
}

export const parseCsv = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));
