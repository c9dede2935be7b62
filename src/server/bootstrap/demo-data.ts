import { count, sql } from 'drizzle-orm';
import { RESERVED_COMPANY } from '../../contract/constants.js';
import type { Config } from '../config.js';
import type { Database, Db } from '../db/client.js';
import { connections, customers, dispositions, options, userCustomers, users } from '../db/schema/index.js';
import { hashPassword, randomPassword } from '../lib/crypto.js';
import { createOrderImportRepository } from '../modules/orders/order-import.repository.js';
import { createOrderImportService } from '../modules/orders/order-import.service.js';
import { DEMO_CUSTOMERS, DEMO_DISPOSITIONS, DEMO_OPERATOR, demoOrders, demoProducts } from './demo-data.catalog.js';

/** Any number, the same on every node: one node loads the demo set while the others wait. */
const DEMO_LOCK_KEY = 7_270_002;

export interface DemoDataResult {
  loaded: boolean;
  reason?: string;
  customers?: number;
  orders?: number;
  products?: number;
  /** Set when the operator password was generated (and printed). */
  operatorPassword?: string;
}

/**
 * Demo data: on an empty embedded database unless DEMO_DATA=0; on PostgreSQL only with
 * DEMO_DATA=1. "Empty" means no customer at all, so a database in use is never touched.
 */
export function demoDataWanted(kind: Database['kind'], flag: boolean | undefined): boolean {
  if (flag === false) return false;
  return kind === 'pglite' || flag === true;
}

export async function loadDemoDataIfWanted(
  database: Database,
  config: Partial<Pick<Config, 'DEMO_DATA' | 'DEMO_OPERATOR_PASSWORD'>>,
  print: (line: string) => void,
  now = new Date(),
): Promise<DemoDataResult> {
  if (!demoDataWanted(database.kind, config.DEMO_DATA)) {
    return { loaded: false, reason: database.kind === 'postgres' ? 'PostgreSQL without DEMO_DATA=1' : 'DEMO_DATA=0' };
  }
  const result = await loadDemoData(database.db, { operatorPassword: config.DEMO_OPERATOR_PASSWORD, now });
  if (result.loaded) {
    print(
      `  Demo data loaded: ${result.customers} customers, ${result.products} products, ${result.orders} orders (see docs/demo-data.md).`,
    );
    if (result.operatorPassword) {
      print(`  Demo operator created. Username: ${DEMO_OPERATOR.username}  Password: ${result.operatorPassword}  (printed once)`);
    }
  }
  return result;
}

/** Loads the whole demo set in one transaction, through the order import, when no customer exists. */
export async function loadDemoData(db: Db, opts: { operatorPassword?: string; now: Date }): Promise<DemoDataResult> {
  // Hash before the transaction: argon2 is slow on purpose and holds no lock.
  const generated = opts.operatorPassword ? undefined : randomPassword();
  const passwordHash = await hashPassword(opts.operatorPassword ?? generated!);

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_LOCK_KEY})`);
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(customers);
    if (n > 0) return { loaded: false, reason: 'the database already has customers' };

    const importRepo = createOrderImportRepository(tx);
    const importer = createOrderImportService({ db: tx, clock: { now: () => opts.now } });
    const ordersByCustomer = demoOrders(opts.now);
    const operatorCustomerIds: number[] = [];
    let orderCount = 0;
    let productCount = 0;

    for (const [index, demo] of DEMO_CUSTOMERS.entries()) {
      const [customer] = await tx
        .insert(customers)
        .values({ company: demo.company, orderSource: demo.orderSource, canBlind: demo.canBlind })
        .returning();
      const customerId = customer!.id;
      if (demo.operator) operatorCustomerIds.push(customerId);
      await tx
        .insert(options)
        .values(demo.reasons.map(([optionCode, optionValue]) => ({ customerId, optionType: 'Reason', optionCode, optionValue })));
      await tx.insert(connections).values(demo.connections.map((c) => ({ customerId, biztalkSchema: 'Default', ...c })));
      await tx.insert(dispositions).values(DEMO_DISPOSITIONS.map((d) => ({ customerId, ...d })));
      // The whole catalogue, also products no demo order uses (blind returns search them).
      const products = demoProducts(demo, index);
      await importRepo.upsertProducts(customerId, products, opts.now);
      productCount += products.length;
      const { summary } = await importer.importOrders(customerId, ordersByCustomer.get(demo.key)!);
      if (summary.errors.length) throw new Error(`demo orders of ${demo.company} failed: ${JSON.stringify(summary.errors.slice(0, 3))}`);
      orderCount += summary.orders_created;
    }
    await tx.insert(customers).values({ company: RESERVED_COMPANY, orderSource: 'Biztalk' });

    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = ${DEMO_OPERATOR.username}`);
    let operatorId = existing?.id;
    if (!operatorId) {
      const [created] = await tx
        .insert(users)
        .values({ ...DEMO_OPERATOR, passwordHash, isSu: false })
        .onConflictDoNothing()
        .returning({ id: users.id });
      operatorId = created?.id;
    }
    if (operatorId) {
      await tx
        .insert(userCustomers)
        .values(operatorCustomerIds.map((customerId) => ({ userId: operatorId!, customerId })))
        .onConflictDoNothing();
    }
    return {
      loaded: true,
      customers: DEMO_CUSTOMERS.length + 1,
      orders: orderCount,
      products: productCount,
      // Printed only when this load created the account with a generated password.
      operatorPassword: !existing && operatorId ? generated : undefined,
    };
  });
}
