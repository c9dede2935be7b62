/**
 * `npm run bench [name…]`: runs every bench/<name>.bench.ts (or the named ones) one after another.
 * Each script prints its own figures; they need a PostgreSQL (BENCH_DATABASE_URL, default local).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const wanted = process.argv.slice(2);
const benches = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.includes(f.replace('.bench.ts', '')))
  .sort();

if (benches.length === 0) {
  console.error(`No benchmark matches ${wanted.join(', ') || '(none found)'}`);
  process.exit(1);
}
let failed = 0;
for (const file of benches) {
  console.log(`\n### ${file}\n`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', `${dir}${file}`], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
