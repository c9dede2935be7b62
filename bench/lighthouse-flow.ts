/**
 * One Lighthouse user flow against a running app, in Debian's Chromium driven by puppeteer-core
 * (the one lighthouse itself depends on): a cold load of the login page, then — after logging in,
 * choosing a demo customer and opening a demo order in a second tab — a cold load of the receiving
 * page, which comes back with that order open (the page keeps the order being processed in
 * localStorage, which Lighthouse's storage reset leaves alone; it clears the HTTP cache, so the
 * JavaScript is fetched again). Throttling is Lighthouse's own, simulated: the default (mobile)
 * config is a Moto G Power with 4× CPU slowdown on slow 4G; the desktop config is 1× CPU on
 * dense 4G (40 ms RTT, 10 Mbit/s).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { desktopConfig, startFlow, type Config, type FlowResult } from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

/** Debian's chromium (apt-get install chromium); CHROMIUM_PATH for another. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** STACK-NOTES 13 (puppeteer adds --headless itself). */
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** The metrics read, and the request list for the JavaScript bytes; nothing else is audited (less CPU on a shared box). */
const ONLY_AUDITS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'network-requests'];
/**
 * LIGHTHOUSE_REPORT_DIR=<dir>: also the audits that say why (the LCP's phases and element, the request
 * chains, the long tasks and what ran in them), and each flow's result written there as JSON
 * (<form factor>-<n>.json; open it in the Lighthouse viewer, or read its audits' details).
 */
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR;
const WHY_AUDITS = [
  'lcp-breakdown-insight',
  'network-dependency-tree-insight',
  'render-blocking-insight',
  'long-tasks',
  'bootup-time',
  'mainthread-work-breakdown',
];
let reports = 0;

export type FormFactor = 'mobile' | 'desktop';

export interface PageFigures {
  /** Milliseconds, as Lighthouse's simulation computes them. */
  fcp: number;
  lcp: number;
  tbt: number;
  /** JavaScript the page fetched, as transferred (compressed), in bytes. */
  scriptBytes: number;
  scripts: number;
  /**
   * Lighthouse's measure of how fast this machine ran a fixed JavaScript loop just before the load
   * (higher is faster). The simulation multiplies the CPU time it observed by the profile's
   * slowdown, so on a busy box every figure grows as this falls.
   */
  benchmarkIndex: number;
}

export interface FlowFigures {
  login: PageFigures;
  receiving: PageFigures;
}

export interface Account {
  username: string;
  password: string;
}

/** The demo order the receiving page is measured with (docs/demo-data.md: 5 lines) and its customer. */
export const DEMO_CUSTOMER = 'Northwind Apparel';
export const DEMO_ORDER = 'SO-10001';

export async function measureFlow(baseUrl: string, formFactor: FormFactor, account: Account): Promise<FlowFigures> {
  const browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS, defaultViewport: null });
  try {
    const page = await browser.newPage();
    const config: Config | undefined = formFactor === 'desktop' ? desktopConfig : undefined;
    const onlyAudits = REPORT_DIR ? [...ONLY_AUDITS, ...WHY_AUDITS] : ONLY_AUDITS;
    const flow = await startFlow(page, { config, flags: { onlyAudits } });
    await flow.navigate(`${baseUrl}/auth/login`, { name: 'login' });
    await openDemoOrder(browser, baseUrl, account);
    // A later navigation of a flow keeps the cache unless told: reset it (a cold load), localStorage stays.
    await flow.navigate(`${baseUrl}/`, { name: 'receiving, order open', disableStorageReset: false });
    const result = await flow.createFlowResult();
    if (REPORT_DIR) {
      mkdirSync(REPORT_DIR, { recursive: true });
      writeFileSync(join(REPORT_DIR, `${formFactor}-${++reports}.json`), JSON.stringify(result));
    }
    const [login, receiving] = result.steps.map(figures);
    await checkOrderShown(page);
    return { login: login!, receiving: receiving! };
  } finally {
    await browser.close();
  }
}

/** Logs in, chooses the demo customer and opens the demo order, in a tab of its own at a desktop size. */
async function openDemoOrder(browser: Browser, baseUrl: string, account: Account): Promise<void> {
  const tab = await browser.newPage();
  // A busy shared box can take longer than puppeteer's 30 s to serve and render a page.
  tab.setDefaultTimeout(120_000);
  try {
    await tab.setViewport({ width: 1350, height: 940 });
    await tab.goto(`${baseUrl}/auth/login`);
    await tab.locator('::-p-aria(Username)').fill(account.username);
    await tab.locator('input[type="password"]').fill(account.password);
    await tab.locator('::-p-aria(Login[role="button"])').click();
    // The receiving page after the login: its customer picker waits for it.
    await tab.locator('::-p-aria(Customer[role="combobox"])').fill(DEMO_CUSTOMER);
    await tab.keyboard.press('Enter');
    await tab.locator('::-p-aria(Search Reference)').fill(DEMO_ORDER);
    await tab.locator(`li[aria-label^="Order ${DEMO_ORDER},"] button`).click();
    await tab.locator('[data-testid="order-line"]').wait();
  } finally {
    await tab.close();
  }
}

/** The measured load did show the order (not the search view or the login page). */
async function checkOrderShown(page: Page): Promise<void> {
  const lines = await page.$$eval('[data-testid="order-line"]', (els) => els.length);
  if (lines === 0) throw new Error(`the receiving page came back without the order open (at ${page.url()})`);
}

interface NetworkItem {
  resourceType?: string;
  transferSize?: number;
}

function figures(step: FlowResult.Step): PageFigures {
  const { audits } = step.lhr;
  const metric = (id: string) => {
    const value = audits[id]?.numericValue;
    if (value === undefined) throw new Error(`${step.name}: no ${id} (${audits[id]?.errorMessage ?? 'not audited'})`);
    return value;
  };
  const details = audits['network-requests']?.details as { items?: NetworkItem[] } | undefined;
  const scripts = (details?.items ?? []).filter((r) => r.resourceType === 'Script');
  return {
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    scriptBytes: scripts.reduce((n, r) => n + (r.transferSize ?? 0), 0),
    scripts: scripts.length,
    benchmarkIndex: step.lhr.environment.benchmarkIndex,
  };
}
