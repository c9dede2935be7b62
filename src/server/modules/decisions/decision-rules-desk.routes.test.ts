// The order load carries the customer's decision rules and each order line's unit value (issue 25),
// so the receiving summary can say which new lines will wait for the brand before the submit.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { orderLines } from '../../db/schema/index.js';
import { FIXTURE_DISPOSITIONS, submittedReturnCustomer } from '../../test/correction-fixtures.js';
import { adminSession, operatorSession } from '../../test/sessions.js';
import { call, createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let db: Db;

beforeAll(async () => {
  t = await createTestApp();
  db = t.deps.database.db;
}, 300_000);
afterAll(() => t.close());

describe('the order load with decision rules (issue 25)', () => {
  it("answers the customer's rules (kind, value, amount) and the unit value of the lines that carry one", async () => {
    const admin = await adminSession(t.app, db);
    const f = await submittedReturnCustomer(db);
    const op = await operatorSession(t.app, db, [f.customer.id]);
    const load = () => call(t.app, 'PUT', `/api/returns/order/Biztalk/${f.made.order.id}`, { token: op.token, body: {} });
    // No rules yet: an empty list.
    expect((await load()).body.message.decision_rules).toEqual([]);
    for (const body of FIXTURE_DISPOSITIONS) {
      expect((await call(t.app, 'POST', `/api/su/customers/${f.customer.id}/dispositions`, { token: admin.token, body })).status).toBe(200);
    }
    for (const body of [
      { kind: 'condition', value: 'Scrap', default_disposition: 'SCRAP' },
      { kind: 'unit_value', min_value: 5000, deadline_hours: 24, default_disposition: 'REFURB' },
    ]) {
      expect((await call(t.app, 'POST', `/api/su/customers/${f.customer.id}/decision-rules`, { token: admin.token, body })).status).toBe(
        200,
      );
    }
    const [l1] = f.made.lines;
    await db.update(orderLines).set({ unitValue: 12_000 }).where(eq(orderLines.id, l1!.id));
    const res = await load();
    expect(res.status).toBe(200);
    expect(res.body.message.decision_rules).toEqual([
      { kind: 'condition', value: 'Scrap', min_value: null },
      { kind: 'unit_value', value: null, min_value: 5000 },
    ]);
    const lines = res.body.message.order_lines as { id: number; unit_value: number | null }[];
    expect(lines.map((l) => l.unit_value)).toEqual([12_000, null, null]);
  });
});
