import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client.js';
import { makeCustomer, makeReason } from './factories.js';
import { plainImage } from './images.js';
import { operatorSession } from './sessions.js';
import { call, type TestApp } from './test-app.js';

/**
 * What every parcels test file (issue 11) sets up the same way. Each file keeps its own app (the
 * login route's per-address rate limit counts per app), so the helpers read it when they run:
 * `const fx = parcelFixture(() => t, '1ZPH')` at the top, `t` made in beforeAll.
 */
export function parcelFixture(app: () => TestApp, trackingPrefix: string) {
  const db = () => app().deps.database.db;
  let seq = 0;

  return {
    /** A tracking number no other test of the file uses. */
    tracking: () => `${trackingPrefix}${Date.now().toString(36).toUpperCase()}${(seq++).toString().padStart(3, '0')}`,

    intake: (token: string, body: Record<string, unknown>) => call(app().app, 'POST', '/api/parcels', { token, body }),

    /** Everything written about parcels, to show a refusal wrote nothing. */
    async parcelCounts() {
      const [row] = await queryRows<{ parcels: number; events: number; photos: number }>(
        db(),
        sql`SELECT (SELECT count(*)::int FROM parcels) AS parcels, (SELECT count(*)::int FROM parcel_events) AS events,
                   (SELECT count(*)::int FROM parcel_photos) AS photos`,
      );
      return row!;
    },

    /** A customer with blind receiving and one reason, and an operator linked to it alone. */
    async linkedOperator() {
      const customer = await makeCustomer(db(), { canBlind: true });
      await makeReason(db(), customer.id, 'DAMAGED', 'Damaged');
      const op = await operatorSession(app().app, db(), [customer.id]);
      return { customer, op };
    },

    /** A photo through POST /api/photos (of a customer, or of no customer yet); answers its id. */
    async upload(token: string, customerId?: number): Promise<number> {
      const res = await app().app.inject({
        method: 'POST',
        url: `/api/photos${customerId ? `?customer_id=${customerId}` : ''}`,
        payload: await plainImage('jpeg'),
        headers: { 'content-type': 'image/jpeg', authorization: `Bearer ${token}` },
      });
      if (res.statusCode !== 200) throw new Error(res.body);
      return (res.json() as { message: { id: number } }).message.id;
    },
  };
}
export type ParcelFixture = ReturnType<typeof parcelFixture>;
