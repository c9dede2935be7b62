/**
 * Speed at the scan (issue 28): how long a wedge scan takes to show on screen, on an order of 15 and
 * of 200 lines, in Debian's Chromium with the CPU slowed 4× (DevTools' CPU throttling, as a floor
 * handheld is slower than this box). The figure is the Event Timing duration of the scan's Enter key
 * (`PerformanceObserver` type `event`, what INP is made of: input delay + handlers + until the next
 * paint), read for every scan after the page shows the line's new count. Event Timing reports only
 * events of 16 ms or more: a scan it does not report took less than that and counts as 16 ms.
 * That paint may not show the line yet (a long order's window brings a far line in a frame or more
 * later): such a scan counts until the frame after the one that shows its count (see ScanFigure).
 * Goal: p95 ≤ 50 ms on 200 lines. The app is the built server on PGlite (no DATABASE_URL), its own
 * customer and orders made through the admin API; SCANS scans per order (default 40), spread over
 * the lines. The box is shared: its load average is printed before and after.
 * A scan is typed as a wedge scanner types it: the code's keys and Enter in one burst (typeScan), so
 * the Enter's figure includes its wait behind the work of the code's keys (printed apart: its input delay).
 * The floor: the same codes typed the same way into the only input of an empty page (FLOOR_PAGE), the
 * least any page can take; the app's figures are read against it.
 * Run: npm run bench scan-paint   (SCANS=<n>; SCAN_SIZES=15,200; SCAN_TYPING=keys to type key by key; SCAN_WIDTH=<px> for another screen width
 * than the desk's 1366, e.g. 1024 for the tablet's layout; CHROMIUM_PATH for another browser). Profiling:
 * SCAN_PROFILE_DIR=<dir> writes a CPU profile and a trace per page (scan-<size>, scan-floor), SCAN_TRACE_INVALIDATIONS=1 adds why
 * each style and layout was invalidated to the trace (it slows the page: its figures are not comparable).
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import puppeteer, { type ElementHandle, type KeyInput, type Page } from 'puppeteer-core';
import { CHROMIUM } from './lighthouse-flow.js';
import { ensureWebBuild, loadAverage, startApp, type RunningApp } from './load.js';

const SCANS = Number(process.env.SCANS ?? 40);
const SIZES = (process.env.SCAN_SIZES ?? '15,200').split(',').map(Number);
const PROFILE_DIR = process.env.SCAN_PROFILE_DIR;
if (PROFILE_DIR) mkdirSync(PROFILE_DIR, { recursive: true });
const GOAL_P95_MS = 50;
const WEDGE_BURST = process.env.SCAN_TYPING !== 'keys';
/** Event Timing's smallest reported duration: a scan below it is not reported. */
const EVENT_TIMING_FLOOR_MS = 16;
const OPERATOR = { username: 'scanbench', password: 'scan-bench-password-1' };

if (!existsSync(CHROMIUM)) {
  console.error(`No Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`);
  process.exit(1);
}

async function api<T>(app: RunningApp, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${app.port}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${app.token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { message: T };
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.message;
}

const upcOf = (size: number, line: number) => `74${String(size).padStart(3, '0')}${String(line).padStart(5, '0')}`;

/** A customer with a reason, one order per size (SO-SCAN-<size>, one unit a line) and an operator linked to it. */
async function seed(app: RunningApp): Promise<string> {
  const company = 'Scan Bench Co';
  const { id } = await api<{ id: number }>(app, 'POST', '/su/customers', {
    company,
    can_blind: true,
    order_source: 'Biztalk',
    customer_status: 'Active',
  });
  await api(app, 'POST', `/su/customers/${id}/options`, { option_type: 'Reason', option_code: 'DAMAGED', option_value: 'Damaged' });
  const orders = SIZES.map((size) => ({
    source_id: `SCAN-${size}`,
    delivery_number: `SCANDL${size}`,
    order_number: `SO-SCAN-${size}`,
    order_type: 'Web',
    created_at: '2026-03-02T09:15:00Z',
    delivery_name_1: 'Emma de Vries',
    lines: Array.from({ length: size }, (_, i) => ({
      line_number: i + 1,
      quantity: 1,
      product: { sku: `SCAN-${size}-${i + 1}`, upc: upcOf(size, i + 1), name_1: `Scan bench product ${i + 1}`, color: 'Black', size: 'M' },
    })),
  }));
  await api(app, 'POST', `/su/customers/${id}/orders/import`, { format: 'json', content: JSON.stringify({ orders }) });
  await api(app, 'POST', '/su/users', {
    name: 'Scan Bench',
    email: 'scan-bench@example.com',
    username: OPERATOR.username,
    password: OPERATOR.password,
    pass_confirmed: OPERATOR.password,
    is_su: false,
    user_status: 'Active',
    customer_ids: [id],
  });
  return company;
}

/**
 * A form control found by its label's text (an ARIA selector would do, but Puppeteer answers those from
 * the browser's accessibility tree, which it switches on for the page; a floor device has it off, and
 * keeping it up to date cost every scan's frame a fifth more).
 */
async function labelled(page: Page, text: string) {
  const handle = await page.waitForFunction(
    (wanted) =>
      [...document.querySelectorAll('label')].find((label) => label.textContent?.replace('*', '').trim() === wanted)?.control ?? false,
    {},
    text,
  );
  return handle.asElement() as ElementHandle<HTMLInputElement>;
}

/** Logs in as the operator and opens the order, at a desk size (the receiving page as the floor uses it). */
async function openOrder(page: Page, baseUrl: string, company: string, size: number): Promise<void> {
  await page.goto(`${baseUrl}/auth/login`);
  await (await labelled(page, 'Username')).type(OPERATOR.username);
  await page.locator('input[type="password"]').fill(OPERATOR.password);
  await page.locator('button[type="submit"]').click();
  await (await labelled(page, 'Customer')).type(company);
  await page.keyboard.press('Enter');
  await (await labelled(page, 'Search Reference')).type(`SO-SCAN-${size}`);
  await page.locator(`li[aria-label^="Order SO-SCAN-${size},"] button`).click();
  // The first line shown (a long order shows a window of its lines, not all of them).
  await page.waitForSelector(`[data-testid="order-line"][data-sku="SCAN-${size}-1"]`, { timeout: 120_000 });
}

/**
 * One scan's figure. `eventMs`: the Event Timing duration of its Enter (16: not reported). `lineMs`:
 * when the line's new count was first in the page at a frame, the time from the Enter to the start of
 * the frame after that one (its paint is over by then): an upper bound, used when the line was not yet
 * in the page at the Enter's own frame (a long order's window brings it in a frame or more later; the
 * Enter's paint then does not show it yet). The scan's figure is the Event Timing duration when the
 * line was in that first frame, else the larger of the two.
 */
interface ScanFigure {
  eventMs: number;
  /** The Enter's wait behind the code's keys: its Event Timing input delay (processingStart − startTime). */
  delayMs: number;
  lineMs: number;
  firstFrame: boolean;
}
const figureOf = (s: ScanFigure) => (s.firstFrame ? s.eventMs : Math.max(s.eventMs, s.lineMs));

/**
 * Page code (a string: the bench's loader names the functions it compiles, and the page has no such
 * helper): the line's count now, and a watch of the frames after the next Enter, registered before
 * the page's own handler runs. It sets `__line` one frame after the frame that first has a new count.
 */
const watchLine = (selector: string) => `(() => {
  const selector = ${JSON.stringify(selector)};
  const previous = document.querySelector(selector)?.textContent ?? '';
  window.__line = null;
  const onEnter = (event) => {
    if (event.key !== 'Enter') return;
    window.removeEventListener('keydown', onEnter, true);
    window.__enterStamp = event.timeStamp;
    let frames = 0;
    const frame = () => {
      frames += 1;
      const text = document.querySelector(selector)?.textContent;
      if (!text || text === previous) return void requestAnimationFrame(frame);
      const firstFrame = frames === 1;
      requestAnimationFrame((next) => (window.__line = { lineMs: next - event.timeStamp, firstFrame }));
    };
    requestAnimationFrame(frame);
  };
  window.addEventListener('keydown', onEnter, true);
  return [window.__enterDurations.length, previous];
})()`;

/**
 * A wedge scanner's code and Enter. WEDGE_BURST (the default): as one burst, every key sent before the
 * page has handled the first, as a scanner types (a few milliseconds for the whole code), so the Enter
 * waits behind the work of the code's keys: its Event Timing includes that wait. SCAN_TYPING=keys: one
 * key after the other, each handled before the next is sent (how this bench typed until 2026-12-07;
 * the Enter then finds the page idle).
 */
async function typeScan(page: Page, code: string): Promise<void> {
  if (!WEDGE_BURST) {
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
    return;
  }
  // Each down/up sends its input event at once; the page handles them in order as they come.
  const keys = [...code, 'Enter'] as KeyInput[];
  await Promise.all(keys.flatMap((key) => [page.keyboard.down(key), page.keyboard.up(key)]));
}

/** One scan to make: its code, and where the page shows the count it raises. */
interface Scan {
  code: string;
  countSelector: string;
}

/** SCANS wedge scans (the code typed, then Enter) spread over the order's lines. */
const orderScans = (size: number): Scan[] =>
  Array.from({ length: SCANS }, (_, i) => {
    const upc = upcOf(size, 1 + Math.floor((i * size) / SCANS));
    return { code: upc, countSelector: `[data-testid="order-line"][data-upc="${upc}"] [data-testid="received-count"]` };
  });

/**
 * The floor under every figure: an empty page with one input whose Enter empties it and counts, the
 * same codes typed the same way in the same browser at the same slowdown. No page answers a scan faster
 * than its browser types the code into an input and paints; the app's figures are read against it.
 */
const FLOOR_PAGE = `<!doctype html><html lang="en"><title>Floor</title><body>
<input data-testid="line-filter" aria-label="Scan"><span data-testid="received-count">0</span>
<script>
  const input = document.querySelector('input');
  const count = document.querySelector('span');
  input.addEventListener('keydown', (e) => {
    if (e.key !== 'Enter') return;
    input.value = '';
    count.textContent = String(Number(count.textContent) + 1);
  });
</script></body></html>`;
const floorScans = (): Scan[] =>
  Array.from({ length: SCANS }, (_, i) => ({ code: upcOf(200, i + 1), countSelector: '[data-testid="received-count"]' }));

async function scanFigures(page: Page, scans: Scan[]): Promise<ScanFigure[]> {
  await page.evaluate((floor) => {
    const w = window as unknown as { __enterDurations: EnterTiming[] };
    w.__enterDurations = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEventTiming[]) {
        if (entry.name === 'keydown' && (entry.target as HTMLElement | null)?.dataset?.testid === 'line-filter') {
          const { startTime: start, duration, processingStart } = entry;
          w.__enterDurations.push({ start, duration, processingStart });
        }
      }
    }).observe({ type: 'event', durationThreshold: floor, buffered: false } as PerformanceObserverInit);
  }, EVENT_TIMING_FLOOR_MS);
  const figures: ScanFigure[] = [];
  for (const { code: upc, countSelector } of scans) {
    await page.focus('[data-testid="line-filter"]');
    // The line's count before the scan (a long order's line may not be in the page yet: no count).
    const [before, countBefore] = (await page.evaluate(watchLine(countSelector))) as [number, string];
    await typeScan(page, upc);
    // The line shows one unit more: the scan has reached the screen (a line may be scanned twice).
    await page
      .waitForFunction(
        (selector, previous) => {
          const text = document.querySelector(selector)?.textContent;
          return !!text && text !== previous && !!(window as unknown as { __line: unknown }).__line;
        },
        { timeout: 60_000 },
        countSelector,
        countBefore,
      )
      .catch(async (error: unknown) => {
        // What the page shows instead: the line and the scan's notice.
        const shown = await page.evaluate(
          (code) =>
            `${document.querySelector(`[data-upc="${code}"]`)?.outerHTML.slice(0, 1500) ?? 'no line with that UPC'}\n${document.querySelector('[data-testid="scan-notice"]')?.textContent ?? ''}`,
          upc,
        );
        throw new Error(`scan ${upc} did not reach its line: ${shown}`, { cause: error });
      });
    // Event Timing reports after the next paint; a frame later every entry of this scan is in (or none: < 16 ms).
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
    const [entries, seen] = await page.evaluate((from) => {
      const w = window as unknown as {
        __enterDurations: EnterTiming[];
        __enterStamp: number;
        __line: { lineMs: number; firstFrame: boolean };
      };
      // The Enter's own entry (its start is the event's time stamp), not those of the code's keys before it.
      return [w.__enterDurations.slice(from).find((e) => Math.abs(e.start - w.__enterStamp) < 0.5), w.__line] as const;
    }, before as number);
    figures.push({ ...partsOf(entries), ...seen });
  }
  return figures;
}

/** One Event Timing entry of a keydown, as the page's observer keeps it. */
interface EnterTiming {
  start: number;
  duration: number;
  /** Not processingEnd: Debian's Chromium 156 reported it equal to processingStart for most of the app's Enters, whose handlers ran for 10–40 ms. */
  processingStart: number;
}

/** The figure and its wait from the Enter's entry; none: under Event Timing's floor (counted as 16 ms, no wait). */
const partsOf = (enter: EnterTiming | undefined): Pick<ScanFigure, 'eventMs' | 'delayMs'> =>
  enter ? { eventMs: enter.duration, delayMs: enter.processingStart - enter.start } : { eventMs: EVENT_TIMING_FLOOR_MS, delayMs: 0 };

const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;

/** A browser as the floor's device: Debian's Chromium at the desk's size (SCAN_WIDTH for another). */
const launch = () =>
  puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    defaultViewport: { width: Number(process.env.SCAN_WIDTH ?? 1366), height: 768 },
    // Key events at 4× CPU slowdown on a busy shared box can outlast puppeteer's default 180 s.
    protocolTimeout: 600_000,
  });

/**
 * The scans of one page at 4× CPU slowdown. SCAN_PROFILE_DIR: the browser's CPU profile of the scans
 * (open in Chromium's performance panel, or `node --import tsx bench/profile-summary.ts <file>`) and its
 * trace (the same panel), named by `name`; build the SPA with `npx vite build --minify false` first for
 * readable names.
 */
async function measure(page: Page, scans: Scan[], name: string): Promise<ScanFigure[]> {
  const cdp = await page.createCDPSession();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  if (!PROFILE_DIR) return scanFigures(page, scans);
  await cdp.send('Profiler.enable').then(() => cdp.send('Profiler.start'));
  await page.tracing.start({
    path: join(PROFILE_DIR, `${name}.trace.json`),
    categories: [
      'devtools.timeline',
      'blink',
      ...(process.env.SCAN_TRACE_INVALIDATIONS ? ['disabled-by-default-devtools.timeline.invalidationTracking'] : []),
    ],
  });
  const figures = await scanFigures(page, scans);
  await page.tracing.stop();
  const { profile } = await cdp.send('Profiler.stop');
  writeFileSync(join(PROFILE_DIR, `${name}.cpuprofile`), JSON.stringify(profile));
  return figures;
}

console.log(`${loadAverage()} (before)`);
ensureWebBuild(process.env.BENCH_APP_ROOT ?? new URL('..', import.meta.url).pathname);
const app = await startApp({ DATABASE_URL: '' });
const results: { label: string; size?: number; figures: ScanFigure[] }[] = [];
try {
  const company = await seed(app);
  const baseUrl = `http://127.0.0.1:${app.port}`;
  for (const size of SIZES) {
    const browser = await launch();
    try {
      const page = await browser.newPage();
      page.setDefaultTimeout(120_000);
      await openOrder(page, baseUrl, company, size);
      results.push({ label: `${size} lines`, size, figures: await measure(page, orderScans(size), `scan-${size}`) });
    } finally {
      await browser.close();
    }
  }
  const browser = await launch();
  try {
    const page = await browser.newPage();
    await page.setContent(FLOOR_PAGE);
    results.push({ label: 'floor: a bare input', figures: await measure(page, floorScans(), 'scan-floor') });
  } finally {
    await browser.close();
  }
} finally {
  await app.stop();
  rmSync(app.dataDir, { recursive: true, force: true });
}
console.log(`${loadAverage()} (after)\n`);
const ms = (x: number) => `${Math.round(x)} ms`;
console.log(
  `| page | scans | p50 | p95 | max | Enter's own paint p95 | its wait behind the keys p50 / p95 | line later than that paint | goal p95 ≤ ${GOAL_P95_MS} ms (200 lines) |`,
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const { label, size, figures } of results) {
  const durations = figures.map(figureOf);
  const p95 = percentile(durations, 95);
  const verdict = size === 200 ? (p95 <= GOAL_P95_MS ? '✓' : '✗') : '';
  const later = figures.filter((f) => !f.firstFrame).length;
  const of = (key: 'eventMs' | 'delayMs', p: number) =>
    ms(
      percentile(
        figures.map((f) => f[key]),
        p,
      ),
    );
  console.log(
    `| ${label} | ${durations.length} | ${ms(percentile(durations, 50))} | ${ms(p95)} | ${ms(Math.max(...durations))} | ${of('eventMs', 95)} | ${of('delayMs', 50)} / ${of('delayMs', 95)} | ${later} | ${verdict} |`,
  );
}
console.log(
  `\nEvent Timing durations at 4× CPU slowdown ("${EVENT_TIMING_FLOOR_MS} ms": not reported, under ${EVENT_TIMING_FLOOR_MS} ms, counted as ${EVENT_TIMING_FLOOR_MS} ms with no parts); a scan whose line came into the page after the Enter's paint counts until the frame after the one that showed it.` +
    ` The wait behind the keys is the Enter's input delay (the code's keys handled before it); the floor is the same burst typed into an empty page's only input.`,
);
