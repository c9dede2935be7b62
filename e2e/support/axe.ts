// axe-core in the page: every screen and every modal/drawer state must pass WCAG 2.1 AA.
// axe's own source is injected with playwright-core (no wrapper package needed), run once per call,
// and a violation fails the test with a list a person can act on: rule, impact, element, summary.
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { Result } from 'axe-core';

const require = createRequire(import.meta.url);
// `axe-core` is CommonJS; its `source` is the browser bundle as a string.
const axeSource = (require('axe-core') as { source: string }).source;

/** The rule sets the suite holds every screen to (SPEC: WCAG 2.1 AA). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

export interface AxeCheckOptions {
  /** CSS selectors to leave out, e.g. a third-party widget that is checked elsewhere. Use sparingly. */
  exclude?: string[];
  /** Only this part of the page (CSS selector); the whole document by default. */
  include?: string;
}

/** One line per failing element, grouped by rule: what a developer needs to find and fix it. */
export function formatViolations(violations: Result[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .map((n) => {
          const target = n.target.map((t) => (Array.isArray(t) ? t.join(' >>> ') : String(t))).join(' ');
          const summary = (n.failureSummary ?? '').replace(/\s*\n\s*/g, ' ').trim();
          return `    - ${target}\n      ${n.html.slice(0, 200)}\n      ${summary}`;
        })
        .join('\n');
      return `  [${v.impact ?? 'unknown'}] ${v.id}: ${v.help} (${v.nodes.length} node${v.nodes.length === 1 ? '' : 's'})\n    ${v.helpUrl}\n${nodes}`;
    })
    .join('\n');
}

/**
 * Runs axe-core on the page as it is now and returns its WCAG 2.1 AA violations. Waits for running
 * CSS transitions/animations first (a modal fading in has half-transparent text, which axe would
 * rightly report as low contrast).
 */
export async function axeViolations(page: Page, options: AxeCheckOptions = {}): Promise<Result[]> {
  await page.evaluate(async () => {
    await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)));
  });
  const injected = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  // Evaluated through the DevTools protocol, not as a <script>: the app's CSP (script-src 'self') stays on.
  if (!injected) await page.evaluate(axeSource);
  // Plain JSON crosses into the page; axe.run(context, options) is typed there.
  const context = {
    include: options.include ? [options.include] : [['html']],
    exclude: (options.exclude ?? []).map((s) => [s]),
  };
  const runOptions = { runOnly: { type: 'tag', values: [...WCAG_TAGS] }, resultTypes: ['violations'] };
  const json: string = await page.evaluate(
    async ({ ctx, opts }) => {
      const axe = (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<{ violations: unknown[] }> } }).axe;
      const r = await axe.run(ctx, opts);
      return JSON.stringify(r.violations);
    },
    { ctx: context, opts: runOptions },
  );
  return JSON.parse(json) as Result[];
}

/**
 * Fails (throws) when axe finds any WCAG 2.1 AA violation on the page in its current state.
 * `state` names the screen/modal for the message, e.g. 'receiving: summary modal'.
 */
export async function expectNoAxeViolations(page: Page, state: string, options: AxeCheckOptions = {}): Promise<void> {
  const violations = await axeViolations(page, options);
  if (violations.length === 0) return;
  const nodes = violations.reduce((n, v) => n + v.nodes.length, 0);
  throw new Error(
    `axe: ${violations.length} WCAG 2.1 AA violation${violations.length === 1 ? '' : 's'} (${nodes} element${nodes === 1 ? '' : 's'}) on "${state}" (${page.url()}):\n${formatViolations(violations)}`,
  );
}

/**
 * Checks state after state and reports every violating state at the end, so one run shows all that
 * is wrong on a walk through several screens: `const audit = axeAudit(page); await audit.check('history');
 * …; audit.assertClean();`. `audit.states` lists what was checked.
 */
export function axeAudit(page: Page) {
  const states: string[] = [];
  const failures: string[] = [];
  return {
    states,
    async check(state: string, options: AxeCheckOptions = {}): Promise<void> {
      states.push(state);
      const violations = await axeViolations(page, options);
      if (violations.length) failures.push(`"${state}" (${new URL(page.url()).pathname}):\n${formatViolations(violations)}`);
    },
    assertClean(): void {
      if (failures.length === 0) return;
      throw new Error(`axe: WCAG 2.1 AA violations in ${failures.length} of ${states.length} states:\n${failures.join('\n')}`);
    },
  };
}
