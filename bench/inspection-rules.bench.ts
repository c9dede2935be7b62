/**
 * Import of 10,000 inspection rules (issue 27) from one CSV file through the service (parse, check
 * every row, check the dispositions, one upsert statement, audit), then the same file again (every
 * rule replaced), and the export of them. PostgreSQL (BENCH_DATABASE_URL, a fresh database) and PGlite.
 *
 * Run: npm run bench inspection-rules   (RULES=n, default 10,000; ROUNDS=3; ONLY=pglite|postgres)
 */
import { performance } from 'node:perf_hooks';
import { openPglite, openPostgres, type Database } from '../src/server/db/client.js';
import { systemClock } from '../src/server/lib/clock.js';
import { createAccessRepository } from '../src/server/modules/access/access.repository.js';
import type { AuthUser } from '../src/server/modules/auth/auth-user.js';
import { createCustomerAccess } from '../src/server/modules/customers/customer-access.service.js';
import { createDispositionsRepository } from '../src/server/modules/dispositions/dispositions.repository.js';
import { createInspectionRulesService } from '../src/server/modules/inspection/inspection-rules.service.js';
import { makeCustomer, makeUser } from '../src/server/test/factories.js';
import { median } from './load.js';
import { freshDatabase } from './support.js';

const RULES = Number(process.env.RULES ?? 10_000);
const ROUNDS = Number(process.env.ROUNDS ?? 3);

/** Deterministic file: SKUs, prefixes and categories, 0–3 steps, dispositions on some grades, serials on some. */
function buildCsv(): string {
  const header = 'match,value,step_1,step_1_kind,step_1_no_grade,step_2,step_2_kind,step_3,disposition_a,disposition_c,serial,serial_check';
  const rows = [header, 'default,,Check the packaging,,,,,,RESTOCK,,none,any'];
  for (let i = 1; i < RULES; i++) {
    const match = i % 10 === 0 ? 'category' : i % 4 === 0 ? 'prefix' : 'sku';
    const value = match === 'category' ? `Category ${i}` : match === 'prefix' ? `PFX-${i}-` : `SKU-${String(i).padStart(6, '0')}`;
    const steps = i % 4;
    const cells = [
      match,
      value,
      steps > 0 ? `Check item ${i} for damage` : '',
      steps > 0 ? 'yes_no' : '',
      steps > 0 ? 'C' : '',
      steps > 1 ? 'Photograph the label' : '',
      steps > 1 ? 'photo' : '',
      steps > 2 ? 'Confirm the accessories are in the box' : '',
      'RESTOCK',
      i % 3 === 0 ? 'REFURB' : '',
      i % 5 === 0 ? 'required' : 'none',
      i % 5 === 0 ? 'shipped' : 'any',
    ];
    rows.push(cells.join(','));
  }
  return `${rows.join('\n')}\n`;
}

async function run(label: string, database: Database) {
  await database.migrate();
  const db = database.db;
  const customer = await makeCustomer(db);
  const dispositions = createDispositionsRepository(db);
  for (const code of ['RESTOCK', 'REFURB'])
    await dispositions.insert(customer.id, { code, name: code, requiresLocation: false, defaultFor: [] }, new Date());
  const adminRow = await makeUser(db, { isSu: true });
  const admin: AuthUser = {
    id: adminRow.id,
    username: adminRow.username,
    name: adminRow.name,
    email: adminRow.email,
    isSu: true,
    isBrand: false,
    sessionId: 0,
  };
  const service = createInspectionRulesService({
    db,
    clock: systemClock,
    customerAccess: createCustomerAccess(createAccessRepository(db)),
  });
  const content = buildCsv();
  const created: number[] = [];
  const replaced: number[] = [];
  const exported: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    await database.db.execute('DELETE FROM inspection_rules');
    let t = performance.now();
    const first = await service.importFile(admin, customer.id, { format: 'csv', content });
    created.push(performance.now() - t);
    if (first.created !== RULES) throw new Error(`expected ${RULES} created, got ${JSON.stringify(first)}`);
    t = performance.now();
    const again = await service.importFile(admin, customer.id, { format: 'csv', content });
    replaced.push(performance.now() - t);
    if (again.updated !== RULES) throw new Error(`expected ${RULES} updated, got ${JSON.stringify(again)}`);
    t = performance.now();
    await service.exportFile(admin, customer.id, 'csv');
    exported.push(performance.now() - t);
  }
  const ms = (list: number[]) => `${Math.round(median(list))} ms (runs: ${list.map((v) => Math.round(v)).join(', ')})`;
  console.log(`${label}: import ${RULES} rules (${(content.length / 1024).toFixed(0)} kB CSV), all new: ${ms(created)}`);
  console.log(`${label}: the same file again, every rule replaced: ${ms(replaced)}`);
  console.log(`${label}: export of ${RULES} rules as CSV: ${ms(exported)}`);
}

const only = process.env.ONLY;
if (!only || only === 'postgres') {
  const fresh = await freshDatabase('rd_rules_bench');
  const database = await openPostgres(fresh.url, 2);
  try {
    await run('PostgreSQL', database);
  } finally {
    await database.close();
    await fresh.drop();
  }
}
if (!only || only === 'pglite') {
  const database = await openPglite();
  try {
    await run('PGlite', database);
  } finally {
    await database.close();
  }
}
