// axe-core through @axe-core/playwright: every screen and every modal/drawer state must pass WCAG 2.1 AA.
// A violation fails the test with a list a person can act on: rule, impact, element, summary.
// No rule is disabled and no element excluded: none is needed (the suite passes every rule of these tags).
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import axe, { type Result } from 'axe-core';

/** The rule sets the suite holds every screen to (SPEC: WCAG 2.1 AA). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

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
 * axe-core (1.5 MB of script) in every frame of the page that does not have it yet. AxeBuilder sends
 * and runs the whole source twice on every analysis (before and while it injects into the frames),
 * some 250 ms a check; a document keeps the axe it was given, so it is sent once per page load.
 * AxeBuilder is then handed a source that does nothing (`axeSource` below): its configure and run are
 * the same as ever, on the same axe-core.
 */
async function injectAxeOnce(page: Page): Promise<void> {
  for (const frame of page.frames()) {
    // A frame that goes away meanwhile is not analysed either (AxeBuilder skips a frame it cannot inject).
    const present = await frame.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function').catch(() => true);
    if (!present) await frame.evaluate(axe.source).catch(() => undefined);
  }
}

/**
 * Runs axe on the page as it is now and returns its WCAG 2.1 AA violations. Waits for running CSS
 * transitions/animations first (a modal fading in has half-transparent text, which axe would rightly
 * report as low contrast).
 */
export async function axeViolations(page: Page): Promise<Result[]> {
  // A transition can start while axe runs (a notification closing on its timer) and axe then reads
  // half-transparent text: a failing result is taken again once the page has settled, up to three
  // times. A real violation is in every run; one seen mid-fade is not.
  let violations: Result[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    await page.evaluate(async () => {
      await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)));
    });
    // Legacy mode runs axe.run in the page (same-origin frames included; the app has no cross-origin
    // frame): the default opens a blank page for every analysis to merge frame results, half of its time.
    // `resultTypes: ['violations']`: axe still runs every rule of the tags on every element, and lists every
    // violating node; only the passes and inapplicable rules (never read here) are cut to one node each,
    // which is most of the time axe spent building and sending its answer.
    await injectAxeOnce(page);
    violations = (
      await new AxeBuilder({ page, axeSource: ';' })
        .options({ resultTypes: ['violations'] })
        .withTags(WCAG_TAGS)
        .setLegacyMode()
        .analyze()
    ).violations;
    if (violations.length === 0) return violations;
  }
  return violations;
}

/** Fails when axe finds any WCAG 2.1 AA violation; `state` names the screen/modal, e.g. 'receiving: summary modal'. */
export async function expectNoAxeViolations(page: Page, state: string): Promise<void> {
  const violations = await axeViolations(page);
  expect(violations, `axe: WCAG 2.1 AA violations on "${state}" (${page.url()}):\n${formatViolations(violations)}`).toEqual([]);
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
    async check(state: string): Promise<void> {
      states.push(state);
      const violations = await axeViolations(page);
      if (violations.length) failures.push(`"${state}" (${new URL(page.url()).pathname}):\n${formatViolations(violations)}`);
    },
    failures: (): readonly string[] => failures,
  };
}
