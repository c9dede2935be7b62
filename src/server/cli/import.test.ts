import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, queryRows, type Database } from '../db/client.js';
import { customers } from '../db/schema/index.js';
import { createTestDatabase, testDbKind, type TestDatabase } from '../test/test-database.js';

/** The CLI end to end: a real process on a temporary DATA_DIR (PGlite) or the test PostgreSQL. */

const root = fileURLToPath(new URL('../../../', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'rd-import-cli-'));
let pgTest: TestDatabase | undefined;
const company = 'Cli Import Customer';

function baseEnv(embedded: boolean): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  if (pgTest && !embedded) env.DATABASE_URL = pgTest.url;
  return env;
}

/** `embedded` runs it on the PGlite under DATA_DIR whatever the test database is. */
function runCli(args: string[], embedded = false): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/import.ts', ...args], { cwd: root, env: baseEnv(embedded) });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

/** PGlite is one process: open it only while no CLI runs. */
async function withDatabase<T>(work: (database: Database) => Promise<T>): Promise<T> {
  if (pgTest) return work(pgTest.database);
  const database = await openPglite({ dataDir: join(dataDir, 'pglite') });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  if (testDbKind === 'postgres') pgTest = await createTestDatabase();
  await withDatabase(async (database) => {
    await database.migrate();
    await database.db.insert(customers).values({ company, orderSource: 'Biztalk' });
  });
});
afterAll(async () => {
  await pgTest?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run import', () => {
  it('imports the example CSV (exit 0), then the same orders as JSON change nothing', async () => {
    const first = await runCli(['examples/orders.csv', '--customer', company.toLowerCase()]);
    expect(first.err).toBe('');
    expect(first.code).toBe(0);
    expect(first.out).toContain(`orders.csv (csv) for ${company}`);
    expect(first.out).toMatch(/orders created\s+3\n/);
    expect(first.out).toMatch(/lines created\s+5\n/);

    const second = await runCli(['examples/orders.json', `--customer=${company}`]);
    expect(second.code).toBe(0);
    expect(second.out).toMatch(/orders created\s+0\n/);
    expect(second.out).toMatch(/orders unchanged\s+3\n/);

    const rows = await withDatabase((database) =>
      queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from orders o join customers c on c.id = o.customer_id where c.company = ${company}`,
      ),
    );
    expect(rows[0]!.n).toBe(3);
  }, 180_000);

  it('exits 1 and lists the bad rows by line when the file has errors, importing nothing', async () => {
    const file = join(dataDir, 'bad.csv');
    writeFileSync(file, 'source_id,line_number,quantity,sku\nBAD-1,1,0,S-1\nBAD-1,2,1,\n');
    const result = await runCli([file, '--customer', company]);
    expect(result.code).toBe(1);
    expect(result.out).toContain('2 problem(s); nothing was imported:');
    expect(result.out).toContain('line 2: quantity must be a whole number of at least 1');
    expect(result.out).toContain('line 3: sku is required');
    const rows = await withDatabase((database) =>
      queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from orders where source_id_1 = 'BAD-1'`),
    );
    expect(rows[0]!.n).toBe(0);
  }, 180_000);

  it('exits 2 for an unknown customer, a missing file or a missing --customer', async () => {
    const unknown = await runCli(['examples/orders.csv', '--customer', 'No Such Company']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('Customer not found.');
    const missing = await runCli(['examples/nothing-here.csv', '--customer', company]);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('Cannot read examples/nothing-here.csv');
    const usage = await runCli(['examples/orders.csv']);
    expect(usage.code).toBe(2);
    expect(usage.err).toContain('--customer is required');
  }, 180_000);

  it('refuses the embedded database while a server has it open (exit 2)', async () => {
    const database = await openPglite({ dataDir: join(dataDir, 'pglite') });
    try {
      const busy = await runCli(['examples/orders.csv', '--customer', company], true);
      expect(busy.code).toBe(2);
      expect(busy.err).toContain('is in use by a running server');
    } finally {
      await database.close();
    }
  }, 180_000);
});
