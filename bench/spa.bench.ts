/**
 * SPA weight: builds the SPA into a temp folder and follows index.html's static imports (the entry),
 * then the login page's and the receiving page's (the first screen after login). Prints raw, gzip and
 * brotli sizes, what goes on the wire (the precompressed copy when the build wrote one, else the
 * file), and who the receiving page's bytes belong to (from the build's source maps,
 * bench/spa-breakdown.ts). Fails over issue 23's budget (receiving page with an order open ≤ 210 kB
 * gzip of JS, login page ≤ 130 kB) or when a known-heavy package reaches the entry, the login page or
 * the receiving page's first load.
 * Run: npm run bench spa   (BENCH_APP_ROOT=<checkout> measures another checkout; TOP=<n> rows of the breakdown)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { area, breakdown, owner } from './spa-breakdown';

const root = process.env.BENCH_APP_ROOT ?? fileURLToPath(new URL('..', import.meta.url));
const top = Number(process.env.TOP ?? 15);
const out = mkdtempSync(join(tmpdir(), 'rd-spa-bench-'));
// Hidden source maps: the .map files for the breakdown, the .js files byte for byte as shipped (no map comment).
const build = spawnSync(
  process.execPath,
  [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', out, '--sourcemap', 'hidden', '--logLevel', 'error'],
  { cwd: root, stdio: 'inherit' },
);
if (build.status !== 0) process.exit(1);

const size = (f: string) => statSync(join(out, f)).size;
const gz = (f: string) => gzipSync(readFileSync(join(out, f)), { level: 9 }).length;
const br = (f: string) => brotliCompressSync(readFileSync(join(out, f)), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
/** What the server sends a browser accepting br: the .br copy if the build wrote one. */
const wire = (f: string) => (existsSync(join(out, `${f}.br`)) ? size(`${f}.br`) : size(f));

const STATIC_IMPORT = /(?:from|import)\s*"\.\/([^"]+\.js)"/g;
const DYNAMIC_IMPORT = /import\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g;
const code = (f: string) => readFileSync(join(out, f), 'utf8');

function closure(start: string[], seen = new Set<string>()) {
  const walk = (f: string) => {
    if (seen.has(f)) return;
    seen.add(f);
    for (const m of code(f).matchAll(STATIC_IMPORT)) walk(`assets/${m[1]}`);
  };
  start.forEach(walk);
  return seen;
}

// A page's English catalogues (issue 24) load beside its chunks: they count. Other languages replace them.
const englishCatalogues = (...areas: string[]) =>
  readdirSync(join(out, 'assets')).filter((f) => new RegExp(`^i18n-en-(${areas.join('|')})-.*\\.js$`).test(f));
const html = readFileSync(join(out, 'index.html'), 'utf8');
const entry = closure([...html.matchAll(/src="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!));
/**
 * The chunks holding these modules, found through the source maps (a module's chunk is named after a
 * group since issue 23's budget work, e.g. `signed-in` holds MainLayout and the receiving page).
 */
const chunksWith = (...modules: string[]) =>
  readdirSync(join(out, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .filter((f) => {
      const map = join(out, 'assets', `${f}.map`);
      if (!existsSync(map)) return false;
      const sources = (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources;
      return modules.some((m) => sources.some((s) => s.endsWith(m)));
    });
// The receiving page needs its own chunk and the app shell around it (MainLayout, lazy since issue 13).
const chunks = [
  ...chunksWith('src/web/pages/receiving/ReceivingPage.tsx', 'src/web/layout/MainLayout.tsx'),
  ...englishCatalogues('shell', 'common', 'receiving'),
];
const receiving = closure(
  chunks.map((f) => `assets/${f}`),
  new Set(entry),
);
// The login page: its own chunk and the auth layout around it, over the entry.
const loginChunks = [
  ...chunksWith('src/web/pages/login/LoginPage.tsx', 'src/web/layout/AuthLayout.tsx'),
  ...englishCatalogues('shell', 'auth'),
];
const login = closure(
  loginChunks.map((f) => `assets/${f}`),
  new Set(entry),
);
// What the page and the shell import dynamically (outside the entry's route table): the order panel,
// which the page preloads once a customer is chosen, and the dialogs, each loaded on first use.
const dynamicFrom = (files: Iterable<string>, keep: (f: string) => boolean, seen: Set<string>) => {
  const found = new Set<string>();
  for (const f of files) {
    if (entry.has(f)) continue;
    for (const m of code(f).matchAll(DYNAMIC_IMPORT)) if (keep(m[1]!)) closure([`assets/${m[1]}`], found);
  }
  for (const f of seen) found.delete(f);
  return found;
};
// The panel over its store (StoredOrderPanel.tsx, which imports the panel itself), with what it imports
// beyond the page: found by its modules, not by the page's dynamic imports, so the figure holds wherever
// the app asks for it (a trial that asked for it from the entry counted 0 files here).
const orderPanelChunks = new Set(['StoredOrderPanel.tsx', 'OrderPanel.tsx'].flatMap((f) => chunksWith(`src/web/pages/receiving/${f}`)));
const orderPanel = closure(
  [...orderPanelChunks].map((f) => `assets/${f}`),
  new Set(receiving),
);
for (const f of receiving) orderPanel.delete(f);
const orderOpen = new Set([...receiving, ...orderPanel]);
const onFirstUse = dynamicFrom(orderOpen, (f) => !orderPanelChunks.has(f), orderOpen);
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
row('JS for the login page (entry + auth layout + page)', login);
row('JS for the receiving page: search (entry + shell + page)', receiving);
row('+ the order panel (preloaded once a customer is chosen)', orderPanel);
row('= the receiving page with an order open', orderOpen);
row('+ dialogs, each on first use (summary, wrong item, photos, shortcuts, parcel, password)', onFirstUse);
row('CSS of index.html', css);

/** The breakdown of the search view and of the page with an order open, side by side. */
const table = (title: string, group: (source: string) => string, keep: (name: string) => boolean = () => true) => {
  const search = new Map(breakdown(out, receiving, group).map((x) => [x.name, x.gzip]));
  const open = breakdown(out, orderOpen, group).filter((x) => keep(x.name));
  console.log(`\n| ${title} | search: gzip | order open: gzip |\n|---|---|---|`);
  for (const x of open.slice(0, top)) console.log(`| ${x.name} | ${kb(search.get(x.name) ?? 0)} | ${kb(x.gzip)} |`);
  const rest = open.slice(top);
  const restSearch = rest.reduce((n, x) => n + (search.get(x.name) ?? 0), 0);
  if (rest.length) console.log(`| ${rest.length} more | ${kb(restSearch)} | ${kb(rest.reduce((n, x) => n + x.gzip, 0))} |`);
};
table('receiving page by package / our area', area);
table('receiving page: our modules', owner, (name) => name.startsWith('src/'));
// DETAIL=@mantine/core: that package's bytes by its own folder (a component, for Mantine), to find what to trim.
const detail = process.env.DETAIL;
if (detail) {
  const inPackage = (source: string) => {
    const at = source.indexOf(`node_modules/${detail}/`);
    if (at < 0) return '(other)';
    const parts = source.slice(at + detail.length + 14).split('/');
    return parts.slice(0, parts[1] === 'components' ? 3 : 2).join('/');
  };
  table(`${detail} by folder`, inPackage, (name) => name !== '(other)' && name !== '(chunk glue)');
}

// Known-heavy packages that a first screen must not load: the dashboard's charts, zod (the receiving
// page needs the contract's types and constants only; forms that validate, such as the login page's,
// load it with their screen), @mantine/form, the calendar (loaded when the Receiving Date's calendar is
// first opened) and react-number-format. React DOM is in the entry on purpose since issue 23.
const CHARTS_AND_CALENDAR = ['recharts', '@mantine/charts', '@mantine/dates', 'dayjs', 'react-number-format'];
const HEAVY_IN_ENTRY = [...CHARTS_AND_CALENDAR, 'zod', '@mantine/form'];
const HEAVY_IN_LOGIN = CHARTS_AND_CALENDAR;
const HEAVY_IN_RECEIVING = HEAVY_IN_ENTRY;
const leaks = (files: Set<string>, heavy: string[]) =>
  breakdown(out, files)
    .filter((s) => heavy.includes(s.name))
    .map((s) => `${s.name} (${kb(s.gzip)})`);
const leaked = [
  ['The entry', leaks(entry, HEAVY_IN_ENTRY)],
  ['The login page', leaks(login, HEAVY_IN_LOGIN)],
  ['The receiving page (with an order open)', leaks(orderOpen, HEAVY_IN_RECEIVING)],
] as const;
for (const [where, list] of leaked) if (list.length) console.error(`\n${where} loads ${list.join(', ')}`);

// Issue 23's budget: gzip -9 of the JS a page needs before its first use.
const BUDGETS = [
  { page: 'login page', files: login, kB: 130 },
  { page: 'receiving page with an order open', files: orderOpen, kB: 210 },
];
const gzipKb = (files: Iterable<string>) => [...files].reduce((n, f) => n + gz(f), 0) / 1024;
const measured = BUDGETS.map((b) => ({ ...b, gzip: gzipKb(b.files) }));
const over = measured.filter((b) => b.gzip > b.kB);
console.log('\n| budget (gzip JS) | measured | budget | within |\n|---|---|---|---|');
for (const b of measured) {
  const verdict = b.gzip > b.kB ? `**no: ${(b.gzip - b.kB).toFixed(1)} kB over**` : 'yes';
  console.log(`| ${b.page} | ${b.gzip.toFixed(1)} kB | ${b.kB} kB | ${verdict} |`);
}
// Where the excess sits: the page's chunks, largest first, with the packages in each.
for (const b of over) {
  console.error(`\nThe ${b.page} is ${b.gzip.toFixed(1)} kB gzip, ${(b.gzip - b.kB).toFixed(1)} kB over ${b.kB} kB. Its largest chunks:`);
  const chunksBySize = [...b.files].map((f) => ({ f, gzip: gz(f) })).sort((x, y) => y.gzip - x.gzip);
  for (const { f, gzip } of chunksBySize.slice(0, 8)) {
    const owners = breakdown(out, [f])
      .slice(0, 3)
      .map((s) => `${s.name} ${kb(s.gzip)}`);
    console.error(`  ${f}: ${kb(gzip)} (${owners.join(', ')})`);
  }
}
if (leaked.some(([, list]) => list.length) || over.length) process.exitCode = 1;
rmSync(out, { recursive: true, force: true });
