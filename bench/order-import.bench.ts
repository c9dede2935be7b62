/**
 * Order import of one big CSV file (ORDERS orders, default 10,000, with 1–6 lines each) on the
 * embedded PGlite (a data dir on disk, as `npm start` uses) and on PostgreSQL: parse time, first
 * import, and the same file again (everything unchanged).
 * Run: npx tsx bench/order-import.bench.ts   (BENCH_DATABASE_URL, default local postgres; ORDERS=n; ONLY=pglite|postgres)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../src/server/db/client.js';
import { customers } from '../src/server/db/schema/index.js';
import { parseOrderFile } from '../src/server/modules/orders/order-file.parser.js';
import { createOrderImportService } from '../src/server/modules/orders/order-import.service.js';
import { adminUrl } from './support.js';

const ORDERS = Number(process.env.ORDERS ?? 10_000);
const PRODUCTS = 2_000;
const dbName = 'rd_bench_order_import';

/** Deterministic file: the same bytes on every run. */
function buildCsv(): { content: string; lines: number } {
  const header =
    'source_id,delivery_number,order_number,web_order_number,buyer_reference,order_type,created_at,delivery_name_1,delivery_address_1,delivery_city,delivery_zipcode,delivery_country,delivery_email,line_number,quantity,sku,upc,name_1,color,size';
  const rows = [header];
  let lines = 0;
  for (let i = 0; i < ORDERS; i++) {
    const n = 1 + ((i * 7) % 6);
    for (let l = 1; l <= n; l++) {
      const p = (i * 31 + l * 17) % PRODUCTS;
      const order =
        i === 0 || l === 1
          ? `B${i},${80000000 + i},SO-${100000 + i},W${500000 + i},PO-${i},Web,2026-03-01T10:00:00Z,Customer ${i},Main Street ${i},Springfield,12345,US,c${i}@example.com`
          : `B${i},,,,,,,,,,,,`;
      rows.push(`${order},${l},${1 + (l % 3)},BENCH-${p},${4006381000000 + p},Product ${p},Color ${p % 9},${['S', 'M', 'L', 'XL'][p % 4]}`);
      lines++;
    }
  }
  return { content: rows.join('\n') + '\n', lines };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function measure(label: string, database: Database, content: string, lines: number) {
  await database.migrate();
  const [customer] = await database.db
    .insert(customers)
    .values({ company: `Bench import ${Date.now()}`, orderSource: 'Biztalk' })
    .returning();
  const service = createOrderImportService({ db: database.db });

  let t0 = performance.now();
  const parsed = parseOrderFile('csv', content);
  const parseMs = performance.now() - t0;
  if (parsed.errors.length) throw new Error(JSON.stringify(parsed.errors.slice(0, 3)));

  t0 = performance.now();
  const first = await service.importFile({ customerId: customer!.id, format: 'csv', content });
  const firstMs = performance.now() - t0;
  t0 = performance.now();
  const second = await service.importFile({ customerId: customer!.id, format: 'csv', content });
  const secondMs = performance.now() - t0;

  console.log(`${label}: ${ORDERS} orders, ${lines} lines, ${PRODUCTS} products`);
  console.log(`  parse + validate           ${seconds(parseMs)}`);
  console.log(
    `  first import (incl. parse) ${seconds(firstMs)}  → ${Math.round(ORDERS / (firstMs / 1000))} orders/s, ${Math.round(lines / (firstMs / 1000))} lines/s`,
  );
  console.log(`    ${JSON.stringify({ ...first, errors: first.errors.length })}`);
  console.log(`  same file again            ${seconds(secondMs)}`);
  console.log(`    ${JSON.stringify({ ...second, errors: second.errors.length })}`);
}

async function main() {
  const { content, lines } = buildCsv();
  console.log(`file: ${(content.length / 1024 / 1024).toFixed(1)} MB CSV`);
  const only = process.env.ONLY;

  if (!only || only === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'rd-bench-import-'));
    const database = await openPglite({ dataDir: dir });
    try {
      await measure('PGlite (data dir on disk)', database, content, lines);
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }

  if (!only || only === 'postgres') {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${dbName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    const database = await openPostgres(url.toString(), 2);
    try {
      await measure('PostgreSQL', database, content, lines);
    } finally {
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName}`);
      await admin.end();
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
