/**
 * The unknown-parcel queue (issue 11) with 100,000 parcels waiting (plus 20,000 closed) on PostgreSQL:
 * the page time of the real parcels service (access check, exact total and one page of 50 in one
 * read-only snapshot) against its own SQL replayed raw on one pg connection, interleaved pair by
 * pair, with the ratio of the medians; then the plans.
 * Run: npm run bench parcels-queue   (BENCH_DATABASE_URL, default local postgres; WAITING=n, RUNS=n)
 */
import { performance } from 'node:perf_hooks';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { openPostgres } from '../src/server/db/client.js';
import { systemClock } from '../src/server/lib/clock.js';
import { createAccessRepository } from '../src/server/modules/access/access.repository.js';
import { createCustomerAccess } from '../src/server/modules/customers/customer-access.service.js';
import { createParcelsService } from '../src/server/modules/parcels/parcels.service.js';
import { parcelCountQuery, parcelPageQuery, type ParcelFilter } from '../src/server/modules/parcels/parcels.repository.js';
import type { AuthUser } from '../src/server/modules/auth/auth-user.js';
import { PARCEL_LIMITS, parcelQueueQuery } from '../src/contract/parcels.js';
import { freshDatabase, percentile } from './support.js';

const WAITING = Number(process.env.WAITING ?? 100_000);
const CLOSED = Math.round(WAITING / 5);
const RUNS = Number(process.env.RUNS ?? 40);
const CUSTOMERS = 10;
const dbName = 'rd_bench_parcels';

async function main() {
  const fresh = await freshDatabase(dbName);
  const client = new pg.Client({ connectionString: fresh.url });
  try {
    const migrated = await openPostgres(fresh.url, 1);
    await migrated.migrate();
    await migrated.close();
    await client.connect();

    await client.query(
      `INSERT INTO customers (company, order_source) SELECT 'Bench ' || lpad(c::text, 2, '0'), 'Biztalk' FROM generate_series(1, ${CUSTOMERS}) c`,
    );
    const { rows: cs } = await client.query<{ id: number }>('SELECT id FROM customers ORDER BY id');
    const first = cs[0]!.id;
    const { rows: us } = await client.query<{ id: number }>(
      `INSERT INTO users (name, email, username, password_hash, is_su) VALUES ('Bench Operator', 'op@example.com', 'op', 'x', false),
       ('Bench Admin', 'admin@example.com', 'admin', 'x', true) RETURNING id`,
    );
    const [op, admin] = [us[0]!.id, us[1]!.id];
    await client.query(`INSERT INTO user_customers (user_id, customer_id) SELECT ${op}, ${first} + c FROM generate_series(0, 4) c`);

    // Waiting parcels received over the last 30 days, one in five without a customer; then closed ones.
    const t0 = performance.now();
    await client.query(`
      INSERT INTO parcels (tracking_number, customer_id, sender_name, location, state, received_at, received_by, received_by_name)
      SELECT '1ZBENCH' || lpad(n::text, 9, '0'),
             CASE WHEN n % 5 = 0 THEN NULL ELSE ${first} + (n % ${CUSTOMERS}) END,
             'Sender ' || n, 'SHELF-' || (n % 40), 'Waiting',
             now() - make_interval(secs => (n::double precision / ${WAITING}) * 30 * 86400), ${op}, 'op'
      FROM generate_series(1, ${WAITING}) n`);
    await client.query(`
      INSERT INTO parcels (tracking_number, customer_id, location, state, close_reason, received_at, closed_at, received_by, received_by_name)
      SELECT '1ZCLOSED' || lpad(n::text, 9, '0'), ${first} + (n % ${CUSTOMERS}), 'SHELF-X', 'Closed', 'Disposed',
             now() - interval '40 days', now() - interval '35 days', ${op}, 'op'
      FROM generate_series(1, ${CLOSED}) n`);
    await client.query('VACUUM ANALYZE parcels');
    console.log(
      `${WAITING.toLocaleString('en')} waiting + ${CLOSED.toLocaleString('en')} closed parcels loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`,
    );

    const database = await openPostgres(fresh.url, 2);
    const service = createParcelsService({
      db: database.db,
      customerAccess: createCustomerAccess(createAccessRepository(database.db)),
      clock: systemClock,
      readKeptPhoto: () => Promise.reject(new Error('no photos in this bench')),
    });
    const who = (id: number, isSu: boolean): AuthUser => ({
      id,
      username: isSu ? 'admin' : 'op',
      name: '',
      email: '',
      isSu,
      isBrand: false,
      sessionId: 0,
    });
    const adminUser = who(admin, true);
    const opUser = who(op, false);
    const visible = [0, 1, 2, 3, 4].map((n) => first + n);
    const lastPage = Math.ceil(WAITING / PARCEL_LIMITS.pageSize);

    const cases: { name: string; who: AuthUser; q: Record<string, string | number>; filter: ParcelFilter }[] = [
      { name: 'admin, Waiting, page 1', who: adminUser, q: { state: 'Waiting' }, filter: { state: 'Waiting' } },
      {
        name: `admin, Waiting, page ${lastPage / 2}`,
        who: adminUser,
        q: { state: 'Waiting', page: lastPage / 2 },
        filter: { state: 'Waiting' },
      },
      {
        name: `admin, Waiting, last page (${lastPage})`,
        who: adminUser,
        q: { state: 'Waiting', page: lastPage },
        filter: { state: 'Waiting' },
      },
      {
        name: 'operator (5 customers + none), Waiting, page 1',
        who: opUser,
        q: { state: 'Waiting' },
        filter: { state: 'Waiting', visibleCustomerIds: visible },
      },
      {
        name: 'operator, one customer, Waiting, page 1',
        who: opUser,
        q: { state: 'Waiting', customer_id: first + 1 },
        filter: { state: 'Waiting', customerId: first + 1, visibleCustomerIds: visible },
      },
      {
        name: 'admin, Waiting, red only, page 1',
        who: adminUser,
        q: { state: 'Waiting', age: 'red' },
        filter: { state: 'Waiting', age: 'red' },
      },
      {
        name: 'operator, tracking number (Receiving lookup)',
        who: opUser,
        q: { state: 'Waiting', tracking_number: '1ZBENCH000054321' },
        filter: { state: 'Waiting', trackingNumber: '1ZBENCH000054321', visibleCustomerIds: visible },
      },
    ];

    const dialect = new PgDialect();
    console.log('| case | total | rows | app p50 ms | app p95 ms | raw SQL p50 ms | raw p95 ms | app / raw |');
    console.log('|---|---|---|---|---|---|---|---|');
    for (const c of cases) {
      const query = parcelQueueQuery.parse(c.q);
      const now = new Date();
      const page = query.page;
      const raw = [
        parcelCountQuery(c.filter, now),
        parcelPageQuery(c.filter, now, (page - 1) * PARCEL_LIMITS.pageSize, PARCEL_LIMITS.pageSize),
      ].map((q) => dialect.sqlToQuery(q));
      const replay = async () => {
        await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
        for (const q of raw) await client.query(q.sql, q.params);
        await client.query('COMMIT');
      };
      for (let i = 0; i < 3; i++) {
        await service.list(c.who, query);
        await replay();
      }
      const app: number[] = [];
      const direct: number[] = [];
      let last = { total_records: 0, data: [] as unknown[] };
      // Interleaved pairs: the machine is shared, so both sides see the same load.
      for (let i = 0; i < RUNS; i++) {
        let s = performance.now();
        last = await service.list(c.who, query);
        app.push(performance.now() - s);
        s = performance.now();
        await replay();
        direct.push(performance.now() - s);
      }
      app.sort((a, b) => a - b);
      direct.sort((a, b) => a - b);
      const [a50, d50] = [percentile(app, 50), percentile(direct, 50)];
      console.log(
        `| ${c.name} | ${last.total_records.toLocaleString('en')} | ${last.data.length} | ${a50.toFixed(2)} | ${percentile(app, 95).toFixed(2)} | ${d50.toFixed(2)} | ${percentile(direct, 95).toFixed(2)} | ${(a50 / d50).toFixed(2)} |`,
      );
    }
    console.log(
      `\n(${RUNS} interleaved pairs per case. app = the parcels service: the operator's customer list, the exact total and the page of 50 in one repeatable-read snapshot, presented; raw = the same count and page SQL on one pg connection in the same kind of transaction, without the customer list.)\n`,
    );

    // The exact total alone: the index-only count over parcels_waiting_customer_idx against the
    // table scan it replaced (index scans switched off for that side), interleaved pair by pair.
    console.log('| total of | rows counted | index-only count p50 ms | table scan p50 ms | scan / index-only |');
    console.log('|---|---|---|---|---|');
    for (const [label, f] of [
      ['admin, Waiting', { state: 'Waiting' }],
      ['operator (5 customers + none), Waiting', { state: 'Waiting', visibleCustomerIds: visible }],
    ] as const) {
      const { sql: text, params } = dialect.sqlToQuery(parcelCountQuery(f, new Date()));
      const timed = async (scan: boolean) => {
        await client.query('BEGIN');
        if (scan)
          await client.query('SET LOCAL enable_indexonlyscan = off; SET LOCAL enable_indexscan = off; SET LOCAL enable_bitmapscan = off');
        const s = performance.now();
        const { rows } = await client.query<{ n: string }>(text, params);
        const ms = performance.now() - s;
        await client.query('COMMIT');
        return { ms, n: Number(rows[0]!.n) };
      };
      const indexOnly: number[] = [];
      const scan: number[] = [];
      let n = 0;
      for (let i = 0; i < 3; i++) {
        await timed(false);
        await timed(true);
      }
      for (let i = 0; i < RUNS; i++) {
        const a = await timed(false);
        indexOnly.push(a.ms);
        n = a.n;
        scan.push((await timed(true)).ms);
      }
      indexOnly.sort((a, b) => a - b);
      scan.sort((a, b) => a - b);
      const [i50, s50] = [percentile(indexOnly, 50), percentile(scan, 50)];
      console.log(`| ${label} | ${n.toLocaleString('en')} | ${i50.toFixed(2)} | ${s50.toFixed(2)} | ${(s50 / i50).toFixed(2)} |`);
    }
    console.log('');

    const explain = async (label: string, f: ParcelFilter, page: number) => {
      const out: string[] = [`-- ${label}`];
      for (const q of [
        parcelCountQuery(f, new Date()),
        parcelPageQuery(f, new Date(), (page - 1) * PARCEL_LIMITS.pageSize, PARCEL_LIMITS.pageSize),
      ]) {
        const { sql: text, params } = dialect.sqlToQuery(q);
        const plan = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${text}`, params);
        out.push(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
      }
      console.log(`${out.join('\n\n')}\n`);
    };
    await explain('admin, Waiting, page 1', { state: 'Waiting' }, 1);
    await explain('operator, Waiting, page 1', { state: 'Waiting', visibleCustomerIds: visible }, 1);
    await explain('admin, Waiting, last page', { state: 'Waiting' }, lastPage);
    await database.close();
  } finally {
    await client.end().catch(() => undefined);
    await fresh.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
