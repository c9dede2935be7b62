import { RESERVED_COMPANY } from '../../contract/constants.js';
import type { Config } from '../config.js';
import type { Database, Db, DbOrTx } from '../db/client.js';
import { unitOfWork } from '../db/unit-of-work.js';
import { hashPassword, randomPassword } from '../lib/crypto.js';
import { createOrderImportRepository } from '../modules/orders/order-import.repository.js';
import { createOrderImportService } from '../modules/orders/order-import.service.js';
import type { ObjectStorage } from '../integrations/object-storage.js';
import type { AuthUser } from '../modules/auth/auth-user.js';
import { createBootstrapRepository } from './bootstrap.repository.js';
import { writeDemoHistory, type DemoHistoryResult } from './demo-history.js';
import { DEMO_CUSTOMERS, DEMO_DISPOSITIONS, DEMO_OPERATOR, demoOrders, demoProducts } from './demo-data.catalog.js';

/** Any number, the same on every node: one node loads the demo set while the others wait. */
const DEMO_LOCK_KEY = 7_270_002;

export interface DemoDataResult {
  loaded: boolean;
  reason?: string;
  customers?: number;
  orders?: number;
  products?: number;
  /** The returns of the 60 days before the load (demo-history.ts). */
  history?: DemoHistoryResult;
  /** How long the load took, in ms. */
  ms?: number;
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
  photoStorage?: ObjectStorage,
): Promise<DemoDataResult> {
  if (!demoDataWanted(database.kind, config.DEMO_DATA)) {
    return { loaded: false, reason: database.kind === 'postgres' ? 'PostgreSQL without DEMO_DATA=1' : 'DEMO_DATA=0' };
  }
  const result = await loadDemoData(database.db, { operatorPassword: config.DEMO_OPERATOR_PASSWORD, now, photoStorage });
  if (result.loaded) {
    const h = result.history!;
    print(
      `  Demo data loaded in ${(result.ms! / 1000).toFixed(1)} s: ${result.customers} customers, ${result.products} products, ${result.orders} orders, ` +
        `and a history of ${h.returns} returns over 60 days (${h.photos} photos) (see docs/demo-data.md).`,
    );
    if (result.operatorPassword) {
      print(`  Demo operator created. Username: ${DEMO_OPERATOR.username}  Password: ${result.operatorPassword}  (printed once)`);
    }
  }
  return result;
}

/** Loads the whole demo set in one transaction, through the order import, when no customer exists. */
export async function loadDemoData(
  db: Db,
  opts: { operatorPassword?: string; now: Date; photoStorage?: ObjectStorage },
): Promise<DemoDataResult> {
  const started = performance.now();
  // Hash before the transaction: argon2 is slow on purpose and holds no lock.
  const generated = opts.operatorPassword ? undefined : randomPassword();
  const passwordHash = await hashPassword(opts.operatorPassword ?? generated!);

  // The import service is built on the load's transaction too: its file transactions nest as savepoints.
  const demoRepos = (d: DbOrTx) => ({
    tx: d,
    repo: createBootstrapRepository(d),
    importRepo: createOrderImportRepository(d),
    importer: createOrderImportService({ db: d, clock: { now: () => opts.now } }),
  });
  return unitOfWork(db, demoRepos).transaction(async ({ tx, repo, importRepo, importer }) => {
    await repo.lockTransaction(DEMO_LOCK_KEY);
    if ((await repo.customerCount()) > 0) return { loaded: false, reason: 'the database already has customers' };

    const ordersByCustomer = demoOrders(opts.now);
    const operatorCustomerIds: number[] = [];
    const customerIds = new Map<(typeof DEMO_CUSTOMERS)[number]['key'], number>();
    let orderCount = 0;
    let productCount = 0;

    for (const [index, demo] of DEMO_CUSTOMERS.entries()) {
      const customerId = await repo.insertCustomer({ company: demo.company, orderSource: demo.orderSource, canBlind: demo.canBlind });
      if (demo.operator) operatorCustomerIds.push(customerId);
      customerIds.set(demo.key, customerId);
      await repo.insertCustomerSetup(customerId, { reasons: demo.reasons, connections: demo.connections, dispositions: DEMO_DISPOSITIONS });
      // The whole catalogue, also products no demo order uses (blind returns search them).
      const products = demoProducts(demo, index);
      await importRepo.upsertProducts(customerId, products, opts.now);
      productCount += products.length;
      const { summary } = await importer.importOrders(customerId, ordersByCustomer.get(demo.key)!);
      if (summary.errors.length) throw new Error(`demo orders of ${demo.company} failed: ${JSON.stringify(summary.errors.slice(0, 3))}`);
      orderCount += summary.orders_created;
    }
    await repo.insertCustomer({ company: RESERVED_COMPANY, orderSource: 'Biztalk' });

    // DEMO_OPERATOR's username is lower case: the lookup matches it in any case, as before.
    const existing = await repo.findUser(DEMO_OPERATOR.username);
    const operatorId = existing?.id ?? (await repo.insertUserUnlessTaken({ ...DEMO_OPERATOR, passwordHash, isSu: false }));
    if (operatorId) await repo.linkUser(operatorId, operatorCustomerIds);

    const operatorRow = existing ?? (await repo.findUser(DEMO_OPERATOR.username))!;
    const adminRow = await repo.firstAdmin();
    const history = await writeDemoHistory({
      db: tx,
      repo,
      importer,
      now: opts.now,
      customerIds,
      operator: authUser(operatorRow),
      admin: adminRow ? authUser(adminRow) : undefined,
      photoStorage: opts.photoStorage,
    });
    return {
      loaded: true,
      customers: DEMO_CUSTOMERS.length + 1,
      orders: orderCount,
      products: productCount,
      history,
      ms: Math.round(performance.now() - started),
      // Printed only when this load created the account with a generated password.
      operatorPassword: !existing && operatorId ? generated : undefined,
    };
  });
}

/** A user row as the services take it (the demo load acts without a session). */
const authUser = (u: { id: number; username: string; name: string; email: string; isSu: boolean }): AuthUser => ({
  id: u.id,
  username: u.username,
  name: u.name,
  email: u.email,
  isSu: u.isSu,
  isBrand: false,
  sessionId: 0,
});
