/**
 * SPA weight: builds the SPA into a temp folder and follows index.html's static imports (the entry)
 * and then the receiving page's (the first screen after login). Prints raw, gzip and brotli sizes
 * and what goes on the wire: the precompressed copy when the build wrote one, else the file.
 * Run: npx tsx bench/spa.bench.ts   (BENCH_APP_ROOT=<checkout> measures another checkout)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = process.env.BENCH_APP_ROOT ?? fileURLToPath(new URL('..', import.meta.url));
const out = mkdtempSync(join(tmpdir(), 'rd-spa-bench-'));
const build = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', out, '--logLevel', 'error'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(1);

const size = (f: string) => statSync(join(out, f)).size;
const gz = (f: string) => gzipSync(readFileSync(join(out, f)), { level: 9 }).length;
const br = (f: string) => brotliCompressSync(readFileSync(join(out, f)), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
/** What the server sends a browser accepting br: the .br copy if the build wrote one. */
const wire = (f: string) => (existsSync(join(out, `${f}.br`)) ? size(`${f}.br`) : size(f));

function closure(start: string[], seen = new Set<string>()) {
  const walk = (f: string) => {
    if (seen.has(f)) return;
    seen.add(f);
    const code = readFileSync(join(out, f), 'utf8');
    for (const m of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) walk(`assets/${m[1]}`);
  };
  start.forEach(walk);
  return seen;
}

const html = readFileSync(join(out, 'index.html'), 'utf8');
const entry = closure([...html.matchAll(/src="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!));
// The receiving page needs its own chunk and the app shell around it (MainLayout, lazy since issue 13).
const chunks = readdirSync(join(out, 'assets')).filter((f) => /^(ReceivingPage|MainLayout)-.*\.js$/.test(f));
const receiving = closure(
  chunks.map((f) => `assets/${f}`),
  new Set(entry),
);
// A lazy screen's libraries must stay out of the entry (the dashboard's charts, for one).
const leaked = [...entry].filter((f) => /recharts|@mantine\/charts|ResponsiveContainer/.test(readFileSync(join(out, f), 'utf8')));
if (leaked.length) {
  console.error(`The entry loads chart code: ${leaked.join(', ')}`);
  process.exitCode = 1;
}
const css = [...html.matchAll(/href="\/(assets\/[^"]+\.css)"/g)].map((m) => m[1]!);

const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
const row = (name: string, files: Iterable<string>) => {
  const list = [...files];
  const sum = (f: (x: string) => number) => list.reduce((n, x) => n + f(x), 0);
  console.log(`| ${name} | ${list.length} | ${kb(sum(size))} | ${kb(sum(gz))} | ${kb(sum(br))} | ${kb(sum(wire))} |`);
};
console.log('| what | files | raw | gzip -9 | brotli 11 | on the wire (br accepted) |');
console.log('|---|---|---|---|---|---|');
row('JS the entry loads (index.html)', entry);
row('JS for the receiving page (entry + page)', receiving);
row('CSS of index.html', css);
console.log(`\n(receiving page goal: ≤ 150 kB gzip JS, compressed on the wire)`);
