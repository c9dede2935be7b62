import { asc, eq, sql } from 'drizzle-orm';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RESERVED_COMPANY } from '../../contract/constants.js';
import { queryRows, type Database } from '../db/client.js';
import { connections, customers, options, userCustomers, users } from '../db/schema/index.js';
import { verifyPassword } from '../lib/crypto.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { makeCustomer } from '../test/factories.js';
import { call, createTestApp } from '../test/test-app.js';
import { loginAs } from '../test/sessions.js';
import { DEMO_CUSTOMERS, demoOrders, demoProducts, ean13 } from './demo-data.catalog.js';
import { demoDataWanted, loadDemoDataIfWanted } from './demo-data.js';
import { demoHistory, HISTORY_DAYS, HISTORY_RETURN_COUNT, historyReferences } from './demo-history.catalog.js';
import { ensureFirstAdmin } from './first-admin.js';
import { createFolderStorage } from '../integrations/object-storage.js';

/** A load writes the demo set and its history (a few seconds on PGlite, more on a busy machine). */
const LOAD_TIMEOUT = 120_000;

let t: TestDatabase | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** The same database seen as the other kind, to check the rule for both. */
const asKind = (database: Database, kind: Database['kind']): Database => ({ ...database, kind });

async function totals(database: Database) {
  const [row] = await queryRows<{
    customers: number;
    orders: number;
    lines: number;
    products: number;
    options: number;
    connections: number;
  }>(
    database.db,
    sql`select (select count(*)::int from customers) as customers, (select count(*)::int from orders) as orders,
               (select count(*)::int from order_lines) as lines, (select count(*)::int from products) as products,
               (select count(*)::int from options) as options, (select count(*)::int from connections) as connections`,
  );
  return row!;
}

describe('demo data rule', () => {
  it('loads on the embedded database unless DEMO_DATA=0, on PostgreSQL only with DEMO_DATA=1', () => {
    expect(demoDataWanted('pglite', undefined)).toBe(true);
    expect(demoDataWanted('pglite', true)).toBe(true);
    expect(demoDataWanted('pglite', false)).toBe(false);
    expect(demoDataWanted('postgres', undefined)).toBe(false);
    expect(demoDataWanted('postgres', false)).toBe(false);
    expect(demoDataWanted('postgres', true)).toBe(true);
  });
});

describe('demo catalogue', () => {
  it('is the same on every run, with valid 13-digit UPCs and 1 to 6 lines an order', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    expect(JSON.stringify([...demoOrders(now)])).toBe(JSON.stringify([...demoOrders(now)]));
    const products = DEMO_CUSTOMERS.flatMap((c, i) => demoProducts(c, i));
    expect(products.length).toBeGreaterThanOrEqual(36);
    expect(new Set(products.map((p) => p.upc)).size).toBe(products.length);
    for (const p of products) expect(ean13(p.upc.slice(0, 12))).toBe(p.upc);
    expect(products[0]).toEqual({
      sku: 'NW-TSHIRT-BLK-S',
      upc: products[0]!.upc,
      name_1: 'Organic Cotton T-Shirt',
      color: 'Black',
      size: 'S',
    });
    const orders = [...demoOrders(now).values()].flat();
    expect(orders).toHaveLength(50);
    for (const o of orders) expect(o.lines.length).toBeGreaterThanOrEqual(1);
    for (const o of orders) expect(o.lines.length).toBeLessThanOrEqual(6);
  });
});

describe('loadDemoDataIfWanted', () => {
  it(
    'loads once on an empty embedded database, prints the operator password, and does nothing the second time',
    async () => {
      t = await createTestDatabase();
      const database = asKind(t.database, 'pglite');
      const printed: string[] = [];
      const first = await loadDemoDataIfWanted(database, {}, (l) => printed.push(l));
      expect(first).toMatchObject({ loaded: true, customers: 4, orders: 50 });
      expect(first.operatorPassword).toMatch(/^[A-Za-z0-9]{16}$/);
      expect(printed.join('\n')).toContain(`Username: operator  Password: ${first.operatorPassword}`);

      const after = await totals(t.database);
      expect(after).toMatchObject({
        customers: 4,
        orders: 50 + HISTORY_RETURN_COUNT,
        products: first.products,
        options: 15,
        connections: 5,
      });
      expect(after.lines).toBeGreaterThanOrEqual(50);

      const rows = await t.database.db.select().from(customers).orderBy(asc(customers.company));
      expect(rows.map((c) => [c.company, c.orderSource, c.canBlind])).toEqual([
        ['Contoso Outdoor', 'SGL Ecommerce', false],
        ['Fabrikam Shoes', 'Biztalk Rest', false],
        ['Northwind Apparel', 'Biztalk', true],
        [RESERVED_COMPANY, 'Biztalk', false],
      ]);
      const northwind = rows.find((c) => c.company === 'Northwind Apparel')!;
      const nwConnections = await t.database.db.select().from(connections).where(eq(connections.customerId, northwind.id));
      expect(nwConnections.map((c) => [c.connectionType, c.biztalkSchema, c.biztalkSender, c.biztalkReceiver]).sort()).toEqual([
        ['Biztalk Inbound Order', 'Default', 'NWAPPAREL', 'SGLRETURNS'],
        ['Biztalk Outbound Return', 'Default', 'SGLRETURNS', 'NWAPPAREL'],
      ]);
      const nwReasons = await t.database.db.select().from(options).where(eq(options.customerId, northwind.id));
      expect(nwReasons.map((o) => o.optionCode)).toContain('WRONG_SIZE');

      const [operator] = await t.database.db.select().from(users).where(eq(users.username, 'operator'));
      expect(operator!.isSu).toBe(false);
      expect(await verifyPassword(operator!.passwordHash, first.operatorPassword!)).toBe(true);
      const links = await t.database.db.select().from(userCustomers).where(eq(userCustomers.userId, operator!.id));
      expect(links).toHaveLength(2);

      const [known] = await queryRows<{ order_number: string; delivery_number: string; web_order_number: string }>(
        t.database.db,
        sql`select order_number, delivery_number, web_order_number from orders where source_id_1 = 'DEMO-10001'`,
      );
      expect(known).toEqual({ order_number: 'SO-10001', delivery_number: '80012345', web_order_number: 'W100001' });

      const again: string[] = [];
      const second = await loadDemoDataIfWanted(database, {}, (l) => again.push(l));
      expect(second).toEqual({ loaded: false, reason: 'the database already has customers' });
      expect(again).toEqual([]);
      expect(await totals(t.database)).toEqual(after);
    },
    LOAD_TIMEOUT,
  );

  it(
    'uses DEMO_OPERATOR_PASSWORD and never prints it',
    async () => {
      t = await createTestDatabase();
      const printed: string[] = [];
      const result = await loadDemoDataIfWanted(asKind(t.database, 'pglite'), { DEMO_OPERATOR_PASSWORD: 'Demo-pass-42' }, (l) =>
        printed.push(l),
      );
      expect(result.loaded).toBe(true);
      expect(result.operatorPassword).toBeUndefined();
      expect(printed.join('\n')).not.toContain('Demo-pass-42');
      const [operator] = await t.database.db.select().from(users).where(eq(users.username, 'operator'));
      expect(await verifyPassword(operator!.passwordHash, 'Demo-pass-42')).toBe(true);
    },
    LOAD_TIMEOUT,
  );

  it('loads nothing with DEMO_DATA=0, on PostgreSQL without DEMO_DATA=1, or when a customer exists', async () => {
    t = await createTestDatabase();
    const none = () => undefined;
    expect(await loadDemoDataIfWanted(asKind(t.database, 'pglite'), { DEMO_DATA: false }, none)).toMatchObject({ loaded: false });
    expect(await loadDemoDataIfWanted(asKind(t.database, 'postgres'), {}, none)).toMatchObject({ loaded: false });
    expect((await totals(t.database)).customers).toBe(0);
    await makeCustomer(t.database.db);
    expect(await loadDemoDataIfWanted(asKind(t.database, 'postgres'), { DEMO_DATA: true }, none)).toMatchObject({ loaded: false });
    expect(await totals(t.database)).toMatchObject({ customers: 1, orders: 0 });
  });

  it(
    'gives the operator the references docs/demo-data.md lists to try',
    async () => {
      const app = await createTestApp();
      try {
        const database = asKind(app.deps.database, 'pglite');
        await loadDemoDataIfWanted(database, { DEMO_OPERATOR_PASSWORD: 'Demo-pass-42' }, () => undefined);
        const token = await loginAs(app.app, 'operator', 'Demo-pass-42');
        const visible = await app.deps.database.db.select().from(customers);
        const id = (company: string) => visible.find((c) => c.company === company)!.id;
        for (const [company, search, orderNumber] of [
          ['Northwind Apparel', 'SO-10001', 'SO-10001'],
          ['Northwind Apparel', '80012348', 'SO-10004'],
          ['Northwind Apparel', 'W100007', 'SO-10007'],
          ['Contoso Outdoor', 'SO-10002', 'SO-10002'],
          ['Contoso Outdoor', '80012349', 'SO-10005'],
        ] as const) {
          const res = await call(app.app, 'PUT', `/api/returns/search/${id(company)}`, { token, body: { search } });
          expect(res.status, `${company} ${search}`).toBe(200);
          expect(res.body.message.map((o: { reference_2: string }) => o.reference_2)).toContain(orderNumber);
        }
        // Fabrikam is not linked to the operator.
        const fabrikam = await call(app.app, 'PUT', `/api/returns/search/${id('Fabrikam Shoes')}`, { token, body: { search: 'SO-10003' } });
        expect(fabrikam.status).toBe(403);
      } finally {
        await app.close();
      }
    },
    LOAD_TIMEOUT,
  );
});

describe('demo history', () => {
  it('is the same plan on every run, on orders of its own', () => {
    const now = new Date('2026-06-01T10:00:00Z');
    expect(JSON.stringify(demoHistory(now))).toBe(JSON.stringify(demoHistory(now)));
    const demoRefs = [...demoOrders(now).values()]
      .flat()
      .flatMap((o) => [o.source_id, o.order_number, o.delivery_number, o.web_order_number].map(String));
    for (let i = 0; i < HISTORY_RETURN_COUNT; i++) {
      for (const ref of Object.values(historyReferences(i))) {
        // No search for a demo reference finds a history order, nor the other way round.
        for (const demo of demoRefs) expect(demo.includes(ref) || ref.includes(demo), `${ref} / ${demo}`).toBe(false);
      }
    }
  });

  it(
    'fills 60 days before the load for every demo customer, with photos, a correction and an unknown parcel, and leaves no task pending',
    async () => {
      t = await createTestDatabase();
      const photoDir = await mkdtemp(join(tmpdir(), 'demo-photos-'));
      try {
        const storage = createFolderStorage(photoDir);
        await ensureFirstAdmin(t.database.db, { username: 'admin', password: 'Admin-pass-123' });
        const now = new Date('2026-06-01T10:00:00Z');
        const printed: string[] = [];
        const result = await loadDemoDataIfWanted(
          asKind(t.database, 'pglite'),
          { DEMO_OPERATOR_PASSWORD: 'Demo-pass-42' },
          (l) => printed.push(l),
          now,
          storage,
        );
        expect(result.history).toMatchObject({ orders: HISTORY_RETURN_COUNT, returns: HISTORY_RETURN_COUNT, photos: 8 });
        expect(printed[0]).toMatch(/^ {2}Demo data loaded in \d+\.\d s: .* a history of 60 returns over 60 days \(8 photos\)/);
        const db = t.database.db;

        // Every one of the 60 days before today, none today or later.
        const days = await queryRows<{ day: string }>(
          db,
          sql`select distinct to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day from returns order by 1`,
        );
        expect(days).toHaveLength(HISTORY_DAYS);
        expect(days[0]!.day).toBe('2026-04-02');
        expect(days.at(-1)!.day).toBe('2026-05-31');

        const perCustomer = await queryRows<{ company: string; n: number; dispositions: number }>(
          db,
          sql`select c.company, count(distinct r.id)::int as n, count(distinct l.disposition)::int as dispositions
            from returns r join customers c on c.id = r.customer_id join return_ledgers l on l.return_id = r.id
            group by c.company order by c.company`,
        );
        expect(perCustomer.map((r) => [r.company, r.n])).toEqual([
          ['Contoso Outdoor', 20],
          ['Fabrikam Shoes', 20],
          ['Northwind Apparel', 20],
        ]);
        for (const r of perCustomer) expect(r.dispositions, r.company).toBeGreaterThanOrEqual(3);

        // The demo orders stay unreceived: the docs and the e2e specs open them.
        const [demoOrderState] = await queryRows<{ received: number; not_new: number }>(
          db,
          sql`select (select count(*)::int from returns r join orders o on o.id = r.order_id where o.source_id_1 not like 'DEMO-H%') as received,
                   (select count(*)::int from orders where source_id_1 not like 'DEMO-H%' and order_status <> 'New') as not_new`,
        );
        expect(demoOrderState).toEqual({ received: 0, not_new: 0 });

        const [state] = await queryRows<{
          pending: number;
          sent: number;
          versions: number;
          waiting: number;
          northwind: number;
          photos: number;
          parcel_photos: number;
        }>(
          db,
          sql`select (select count(*)::int from tasks where task_status = 'Pending') as pending,
                   (select count(*)::int from tasks where task_status = 'Success') as sent,
                   (select count(*)::int from return_versions) as versions,
                   (select count(*)::int from parcels where state = 'Waiting') as waiting,
                   (select count(*)::int from parcels p join customers c on c.id = p.customer_id where p.state = 'Waiting' and c.company = 'Northwind Apparel') as northwind,
                   (select count(*)::int from photos where return_id is not null) as photos,
                   (select count(*)::int from parcel_photos) as parcel_photos`,
        );
        // Every demo customer has one outbound connection (60 returns), plus the corrected return's correction message.
        expect(state).toEqual({ pending: 0, sent: 61, versions: 2, waiting: 1, northwind: 1, photos: 7, parcel_photos: 1 });

        const [photo] = await queryRows<{ storage_key: string }>(db, sql`select storage_key from photos order by id limit 1`);
        const original = await storage.get(`${photo!.storage_key}/original`);
        expect(original!.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
        expect(original!.length).toBeLessThan(20_000);

        // The dashboard's roll-ups count them (written by the same triggers as a submit).
        const [kinds] = await queryRows<{ n: number }>(
          db,
          sql`select sum(n)::int as n from (select n from dashboard_daily where metric = 'kind' union all select n from dashboard_deltas where metric = 'kind') x`,
        );
        expect(kinds!.n).toBe(HISTORY_RETURN_COUNT);
      } finally {
        await rm(photoDir, { recursive: true, force: true });
      }
    },
    LOAD_TIMEOUT,
  );
});
