/**
 * Order search on 1M generated orders (PostgreSQL): latency p50/p95 of the real search query for a
 * few patterns, and the EXPLAIN ANALYZE plans showing the trigram index doing the work.
 * Run: npx tsx bench/order-search.bench.ts   (BENCH_DATABASE_URL, default local postgres; ORDERS=n)
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { migrationsFolder, openPostgres } from '../src/server/db/client.js';
import { orderSearchQuery } from '../src/server/modules/orders/order-search.repository.js';
import type { SearchField } from '../src/contract/constants.js';
import { LIMITS } from '../src/contract/constants.js';
import { freshDatabase, percentile } from './support.js';

const ORDERS = Number(process.env.ORDERS ?? 1_000_000);
const CUSTOMERS = 10;
const RUNS = Number(process.env.RUNS ?? 100);
const dbName = 'rd_bench_order_search';

/** The index exactly as migration 0001 creates it, so the bench measures the shipped index. */
function trigramIndexDdl(): string {
  const migration = readFileSync(`${migrationsFolder}/0001_initial_schema.sql`, 'utf8');
  const line = migration.split('\n').find((l) => l.includes('CREATE INDEX "orders_reference_trgm_idx"'));
  if (!line) throw new Error('orders_reference_trgm_idx not found in migration 0001');
  return line.replace('--> statement-breakpoint', '');
}

async function main() {
  const fresh = await freshDatabase(dbName);
  const url = fresh.url;
  const client = new pg.Client({ connectionString: url });
  try {
    const database = await openPostgres(url, 1);
    await database.migrate();
    await database.close();
    await client.connect();
    await client.query(
      `INSERT INTO customers (company, order_source) SELECT 'Bench ' || c, 'Biztalk' FROM generate_series(1, ${CUSTOMERS}) c`,
    );
    const { rows: customerRows } = await client.query<{ id: number }>('SELECT id FROM customers ORDER BY id');

    // Load without the index, then build it once: far faster than updating it row by row.
    let t0 = performance.now();
    await client.query('DROP INDEX orders_reference_trgm_idx');
    await client.query(`
      INSERT INTO orders (customer_id, source, source_id_1, delivery_number, order_number, web_order_number,
                          buyer_reference, order_status, delivery_name_1, delivery_contact, created_at)
      SELECT ${customerRows[0]!.id} + (g % ${CUSTOMERS}), 'Biztalk', 'S' || g,
             '80' || lpad(g::text, 8, '0'),
             'SO-' || lpad((g::bigint * 7919 % 10000000)::text, 7, '0'),
             CASE WHEN g % 3 = 0 THEN 'WEB-' || upper(substr(md5(g::text), 1, 8)) END,
             CASE WHEN g % 4 = 0 THEN 'PO ' || substr(md5('b' || g), 1, 6) END,
             CASE WHEN g % 5 = 0 THEN 'Return Created' ELSE 'New' END,
             'Name ' || g, 'Contact ' || (g % 1000),
             now() - make_interval(secs => g * 30)
      FROM generate_series(1, ${ORDERS}) g`);
    const loadMs = performance.now() - t0;
    t0 = performance.now();
    await client.query(trigramIndexDdl());
    const indexMs = performance.now() - t0;
    await client.query('ANALYZE orders');
    const { rows: size } = await client.query<{ table: string; index: string }>(
      `SELECT pg_size_pretty(pg_relation_size('orders')) AS table, pg_size_pretty(pg_relation_size('orders_reference_trgm_idx')) AS index`,
    );
    console.log(
      `${ORDERS.toLocaleString('en')} orders over ${CUSTOMERS} customers: load ${(loadMs / 1000).toFixed(1)} s, ` +
        `trigram index build ${(indexMs / 1000).toFixed(1)} s (table ${size[0]!.table}, index ${size[0]!.index})\n`,
    );

    // Customer 5 gets g % 10 === 4, so some of its orders have every reference.
    const customerId = customerRows[4]!.id;
    const probe = await client.query<{
      delivery_number: string;
      order_number: string;
      web_order_number: string | null;
      buyer_reference: string | null;
    }>(
      `SELECT delivery_number, order_number, web_order_number, buyer_reference FROM orders
       WHERE customer_id = $1 AND web_order_number IS NOT NULL AND buyer_reference IS NOT NULL ORDER BY id OFFSET 1000 LIMIT 1`,
      [customerId],
    );
    const o = probe.rows[0]!;
    const patterns: { name: string; search: string; field: SearchField | null }[] = [
      { name: 'full delivery number', search: o.delivery_number, field: null },
      { name: 'order number tail (6)', search: o.order_number.slice(-6), field: null },
      { name: 'web order, mixed case', search: o.web_order_number!.slice(4).toLowerCase(), field: null },
      { name: 'buyer ref with space', search: o.buyer_reference!, field: null },
      { name: '3 chars, many hits', search: '123', field: null },
      { name: '3 chars, nearly every order', search: '000', field: null },
      { name: 'no match', search: 'zzq-none', field: null },
      { name: "field orderNo ('Biztalk Rest')", search: o.order_number.slice(-5), field: 'orderNo' },
    ];
    const dialect = new PgDialect();
    console.log('| pattern | search | hits | p50 ms | p95 ms |');
    console.log('|---|---|---|---|---|');
    const plans: string[] = [];
    for (const p of patterns) {
      const q = dialect.sqlToQuery(orderSearchQuery(customerId, p.search, p.field, LIMITS.searchResultLimit));
      for (let i = 0; i < 5; i++) await client.query(q.sql, q.params); // warm the cache
      const times: number[] = [];
      let hits = 0;
      for (let i = 0; i < RUNS; i++) {
        const s = performance.now();
        const r = await client.query(q.sql, q.params);
        times.push(performance.now() - s);
        hits = r.rowCount ?? 0;
      }
      times.sort((a, b) => a - b);
      console.log(`| ${p.name} | \`${p.search}\` | ${hits} | ${percentile(times, 50).toFixed(2)} | ${percentile(times, 95).toFixed(2)} |`);
      const plan = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${q.sql}`, q.params);
      plans.push(`-- ${p.name}: '${p.search}'\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
    }
    console.log(`\n(${RUNS} runs each, one connection, warm cache; result limit ${LIMITS.searchResultLimit})\n`);
    console.log(plans.join('\n\n'));
  } finally {
    await client.end().catch(() => undefined);
    await fresh.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
