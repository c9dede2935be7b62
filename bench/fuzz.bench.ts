/**
 * `npm run bench fuzz`: the OpenAPI-driven fuzzer of issue 14 at 20,000 requests (FUZZ_REQUESTS),
 * once on PGlite and once on PostgreSQL (BENCH_DATABASE_URL), printing the answers per status and
 * every failure found (a 5xx, an answer outside the envelope or the document, a refused request
 * that changed a row). Exits non-zero when anything was found.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { adminUrl } from './support.js';

const requests = Number(process.env.FUZZ_REQUESTS ?? 20_000);
const seed = Number(process.env.FUZZ_SEED ?? 20_000);
const kind = process.argv[2];

if (!kind) {
  // Each database in a process of its own: the test database module picks its kind at load.
  let failed = false;
  for (const db of ['pglite', 'postgres']) {
    const r = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), db], {
      stdio: 'inherit',
      env: { ...process.env, TEST_DB: db, TEST_DATABASE_URL: adminUrl },
    });
    failed ||= r.status !== 0;
  }
  process.exit(failed ? 1 : 0);
}

const { createTestApp } = await import('../src/server/test/test-app.js');
const { runFuzz } = await import('../src/server/test/openapi-fuzz.js');
const t = await createTestApp();
const started = performance.now();
const outcome = await runFuzz(t.app, t.deps.database.db, { requests, seed });
const seconds = (performance.now() - started) / 1000;
await t.close();

console.log(`fuzz on ${kind}: ${outcome.requests} requests in ${seconds.toFixed(1)} s (${(outcome.requests / seconds).toFixed(0)}/s)`);
console.log('| status | answers |\n|---|---|');
for (const [status, n] of Object.entries(outcome.byStatus).sort(([a], [b]) => Number(a) - Number(b))) console.log(`| ${status} | ${n} |`);
console.log(`failures: ${outcome.failures.length}`);
for (const f of outcome.failures.slice(0, 50)) console.log(`  ${f}`);
process.exit(outcome.failures.length ? 1 : 0);
