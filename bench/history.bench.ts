/**
 * Return History on 2M generated returns (PostgreSQL): latency p50/p95 of the real history service
 * (exact total + one page of 30 in one read-only snapshot) with and without filters, and the
 * EXPLAIN ANALYZE plans of the count and page queries.
 * Run: npx tsx bench/history.bench.ts   (BENCH_DATABASE_URL, default local postgres; RETURNS=n, RUNS=n)
 */
import { performance } from 'node:perf_hooks';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { openPostgres } from '../src/server/db/client.js';
import { createAccessRepository } from '../src/server/modules/access/access.repository.js';
import { createCustomerAccess } from '../src/server/modules/customers/customer-access.service.js';
import { historyCountQuery, historyPageQuery } from '../src/server/modules/history/history-query.repository.js';
import { pageWindow, type HistoryFilter } from '../src/server/modules/history/history-filter.js';
import { createHistoryService } from '../src/server/modules/history/history.service.js';
import type { AuthUser } from '../src/server/modules/auth/auth-user.js';
import { historyQuery } from '../src/contract/history.js';
import { LIMITS } from '../src/contract/constants.js';
import { freshDatabase, percentile } from './support.js';

const RETURNS = Number(process.env.RETURNS ?? 2_000_000);
const RUNS = Number(process.env.RUNS ?? 40);
const CUSTOMERS = 50;
const dbName = 'rd_bench_history';

const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main() {
  const fresh = await freshDatabase(dbName);
  const url = fresh.url;
  const client = new pg.Client({ connectionString: url });
  try {
    const migrated = await openPostgres(url, 1);
    await migrated.migrate();
    await migrated.close();
    await client.connect();

    // 50 equal customers plus one small one (0.01 % of the returns) to try the planner's other path.
    await client.query(
      `INSERT INTO customers (company, order_source, can_blind) SELECT 'Bench ' || lpad(c::text, 2, '0'), 'Biztalk', true FROM generate_series(1, ${CUSTOMERS + 1}) c`,
    );
    const { rows: cs } = await client.query<{ id: number }>('SELECT id FROM customers ORDER BY id');
    const first = cs[0]!.id;
    const small = cs[CUSTOMERS]!.id;
    const { rows: us } = await client.query<{ id: number }>(
      `INSERT INTO users (name, email, username, password_hash) VALUES ('Bench Operator', 'op@example.com', 'op', 'x'), ('Small Operator', 'small@example.com', 'small', 'x') RETURNING id`,
    );
    const [op, smallOp] = [us[0]!.id, us[1]!.id];
    await client.query(`INSERT INTO user_customers (user_id, customer_id) SELECT ${op}, ${first} + c FROM generate_series(0, 4) c`);
    await client.query(`INSERT INTO user_customers (user_id, customer_id) VALUES (${smallOp}, ${small})`);

    // Load without the secondary indexes and build them once afterwards (the shipped definitions).
    const { rows: idx } = await client.query<{ indexname: string; indexdef: string }>(
      `SELECT indexname, indexdef FROM pg_indexes WHERE tablename IN ('orders', 'returns') AND indexname NOT LIKE '%_pkey'`,
    );
    for (const i of idx) await client.query(`DROP INDEX ${i.indexname}`);

    let t0 = performance.now();
    // Every 5th return is blind (no order); the others each have their own order.
    await client.query(`
      INSERT INTO orders (id, customer_id, source, source_id_1, delivery_number, order_number, web_order_number, buyer_reference,
                          order_status, delivery_name_1, created_at)
      SELECT g, CASE WHEN g % 10000 = 7 THEN ${small} ELSE ${first} + ((g / 7) % ${CUSTOMERS}) END, 'Biztalk', 'S' || g,
             '80' || lpad(g::text, 8, '0'), 'SO-' || lpad((g::bigint * 7919 % 10000000)::text, 7, '0'),
             CASE WHEN g % 3 = 0 THEN 'WEB-' || upper(substr(md5(g::text), 1, 8)) END, NULL,
             'Return Created', 'Name ' || g, now() - make_interval(secs => (${RETURNS} - g) * 15 + 3600)
      FROM generate_series(1, ${RETURNS}) g WHERE g % 5 <> 0`);
    await client.query(`SELECT setval('orders_id_seq', ${RETURNS})`);
    const ordersMs = performance.now() - t0;
    t0 = performance.now();
    await client.query(`
      INSERT INTO returns (customer_id, order_id, user_id, username, reference_1, reference_2, return_date, is_blind, draft_id, created_at)
      SELECT CASE WHEN g % 10000 = 7 THEN ${small} ELSE ${first} + ((g / 7) % ${CUSTOMERS}) END,
             CASE WHEN g % 5 = 0 THEN NULL ELSE g END, ${op}, 'op', 'REF-' || g, NULL,
             (now() - make_interval(secs => (${RETURNS} - g) * 15))::date, g % 5 = 0, 'b' || g,
             now() - make_interval(secs => (${RETURNS} - g) * 15)
      FROM generate_series(1, ${RETURNS}) g`);
    const returnsMs = performance.now() - t0;
    t0 = performance.now();
    for (const i of idx) await client.query(i.indexdef);
    const indexMs = performance.now() - t0;
    await client.query('VACUUM ANALYZE orders');
    await client.query('VACUUM ANALYZE returns');
    const { rows: size } = await client.query<{ returns: string; orders: string }>(
      `SELECT pg_size_pretty(pg_total_relation_size('returns')) AS returns, pg_size_pretty(pg_total_relation_size('orders')) AS orders`,
    );
    console.log(
      `${RETURNS.toLocaleString('en')} returns (${(RETURNS * 0.8).toLocaleString('en')} with an order) over ${CUSTOMERS + 1} customers: ` +
        `orders ${secs(ordersMs)}, returns ${secs(returnsMs)} (count trigger included), indexes ${secs(indexMs)}; ` +
        `returns ${size[0]!.returns}, orders ${size[0]!.orders} with indexes\n`,
    );

    const database = await openPostgres(url, 1);
    const service = createHistoryService({
      db: database.db,
      customerAccess: createCustomerAccess(createAccessRepository(database.db)),
    });
    const user = (id: number, isSu: boolean): AuthUser => ({
      id,
      username: 'bench',
      name: 'Bench',
      email: 'b@example.com',
      isSu,
      isBrand: false,
      sessionId: 0,
    });
    const adminUser = user(op, true);
    const operator = user(op, false);
    const smallOperator = user(smallOp, false);
    const { rows: probe } = await client.query<{ id: number; order_number: string; delivery_number: string; web_order_number: string }>(
      `SELECT r.id, o.order_number, o.delivery_number, o.web_order_number FROM returns r JOIN orders o ON o.id = r.order_id
       WHERE o.web_order_number IS NOT NULL AND r.customer_id = ${first + 2} ORDER BY r.id OFFSET 100 LIMIT 1`,
    );
    const p = probe[0]!;
    const total = RETURNS;
    const lastPage = Math.ceil(total / LIMITS.historyPageSize);
    const cases: { name: string; who: AuthUser; q: Record<string, string> }[] = [
      { name: 'admin, no filter, page 1', who: adminUser, q: {} },
      { name: 'admin, no filter, page 100', who: adminUser, q: { page: '100' } },
      { name: 'admin, no filter, page 1000', who: adminUser, q: { page: '1000' } },
      { name: 'admin, no filter, middle page', who: adminUser, q: { page: String(Math.floor(lastPage / 2)) } },
      { name: 'admin, no filter, last page', who: adminUser, q: { page: String(lastPage) } },
      { name: 'admin, customer', who: adminUser, q: { 'filter[customer_id]': String(first + 3) } },
      { name: 'admin, blind only', who: adminUser, q: { 'filter[is_blind]': '1' } },
      { name: 'admin, non-blind, page 500', who: adminUser, q: { 'filter[is_blind]': '0', page: '500' } },
      { name: 'admin, customer + blind', who: adminUser, q: { 'filter[customer_id]': String(first + 3), 'filter[is_blind]': '1' } },
      { name: 'operator (5 customers), page 1', who: operator, q: {} },
      { name: 'operator (5 customers), page 200', who: operator, q: { page: '200' } },
      { name: 'operator, blind only', who: operator, q: { 'filter[is_blind]': '1' } },
      { name: 'operator of the small customer', who: smallOperator, q: {} },
      { name: 'search id', who: adminUser, q: { 'search[id]': String(p.id) } },
      { name: 'search full order #', who: adminUser, q: { 'search[order_number]': p.order_number } },
      { name: 'search delivery # tail (6)', who: adminUser, q: { 'search[delivery_number]': p.delivery_number.slice(-6) } },
      { name: 'search web # (lower case)', who: operator, q: { 'search[web_order_number]': p.web_order_number.slice(4).toLowerCase() } },
      { name: 'search order # 4 chars, many hits', who: adminUser, q: { 'search[order_number]': '1234' } },
      {
        name: 'search order # 3 chars, customer',
        who: adminUser,
        q: { 'search[order_number]': '777', 'filter[customer_id]': String(first + 3) },
      },
      { name: 'search delivery #, no match', who: adminUser, q: { 'search[delivery_number]': 'zzq-none' } },
    ];

    console.log('| case | total_records | rows | p50 ms | p95 ms |');
    console.log('|---|---|---|---|---|');
    for (const c of cases) {
      const query = historyQuery.parse(c.q);
      for (let i = 0; i < 3; i++) await service.list(c.who, query); // warm the cache
      const times: number[] = [];
      let last = { total_records: 0, data: [] as unknown[] };
      for (let i = 0; i < RUNS; i++) {
        const s = performance.now();
        last = await service.list(c.who, query);
        times.push(performance.now() - s);
      }
      times.sort((a, b) => a - b);
      console.log(
        `| ${c.name} | ${last.total_records.toLocaleString('en')} | ${last.data.length} | ${percentile(times, 50).toFixed(2)} | ${percentile(times, 95).toFixed(2)} |`,
      );
    }
    console.log(
      `\n(${RUNS} runs each through the history service: access check, exact total and page in one snapshot; one connection, warm cache)\n`,
    );

    // What the counters save: the exact total counted from the rows instead.
    const naive: number[] = [];
    for (let i = 0; i < 10; i++) {
      const s = performance.now();
      await client.query('SELECT count(*) FROM returns');
      naive.push(performance.now() - s);
    }
    naive.sort((a, b) => a - b);
    console.log(
      `For comparison, SELECT count(*) FROM returns: p50 ${percentile(naive, 50).toFixed(1)} ms, p95 ${percentile(naive, 95).toFixed(1)} ms (10 runs)\n`,
    );

    const dialect = new PgDialect();
    const explain = async (label: string, f: HistoryFilter, page: number, totalRecords: number) => {
      const out: string[] = [`-- ${label}`];
      const search = f.id !== undefined || !!f.deliveryNumber || !!f.orderNumber || !!f.webOrderNumber;
      // A search pages and counts in one statement (window count); the rest count from return_counts.
      const queries = search
        ? [historyPageQuery(f, { fromEnd: false, skip: (page - 1) * LIMITS.historyPageSize, limit: LIMITS.historyPageSize }, true)]
        : [historyCountQuery(f), historyPageQuery(f, pageWindow(totalRecords, page, LIMITS.historyPageSize))];
      for (const q of queries) {
        const { sql: text, params } = dialect.sqlToQuery(q);
        const plan = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${text}`, params);
        out.push(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
      }
      console.log(`${out.join('\n\n')}\n`);
    };
    const visible = [0, 1, 2, 3, 4].map((n) => first + n);
    await explain('admin, no filter, page 1', {}, 1, total);
    await explain('admin, no filter, last page', {}, lastPage, total);
    await explain('operator (5 customers), blind only, page 1', { customerIds: visible, isBlind: true }, 1, Math.round(total * 0.2 * 0.1));
    await explain('operator of the small customer, page 1', { customerIds: [small] }, 1, 200);
    await explain('admin, search web # (substring)', { webOrderNumber: p.web_order_number.slice(4).toLowerCase() }, 1, 1);
    await explain('admin, search order # 4 chars', { orderNumber: '1234' }, 1, 200);
    await explain('admin, search full order #', { orderNumber: p.order_number.toLowerCase() }, 1, 1);
    await database.close();
  } finally {
    await client.end().catch(() => undefined);
    await fresh.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
