// What every browser test uses: real Chromium (Debian's, via playwright-core), the app's base URL,
// screenshots saved as test artifacts, an axe check, and direct SQL for setting up users.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import pg from 'pg';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';

export const baseUrl = inject('e2eBaseUrl');
/** False when Chromium is missing outside CI (the harness already failed if this is CI). */
export const browserAvailable = baseUrl !== '';
const SCREENSHOTS = path.resolve(import.meta.dirname, '../../test-results/screenshots');

const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export const VIEWPORTS = {
  desktop: { width: 1280, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

const errorsByPage = new WeakMap<Page, Error[]>();

export interface BrowserHandle {
  browser: Browser;
  /** A fresh context (own cookies) and page; errors thrown in the page fail the test. */
  newPage(options?: { viewport?: { width: number; height: number } }): Promise<Page>;
}

/** Call at the top of a describe block: launches Chromium once for the file. */
export function useBrowser(): BrowserHandle {
  const handle = {} as BrowserHandle;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    handle.browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: LAUNCH_ARGS });
    handle.newPage = async (options = {}) => {
      const context = await handle.browser.newContext({ baseURL: baseUrl, viewport: options.viewport ?? VIEWPORTS.desktop, acceptDownloads: true });
      contexts.push(context);
      const page = await context.newPage();
      // A server-rendered page is painted before React has hydrated it; a test, like a person, acts on it once
      // it is interactive (main.tsx marks <html data-interactive>): a click before then may be lost (ADR 028).
      const goto = page.goto.bind(page);
      page.goto = async (url, opts) => {
        const response = await goto(url, opts);
        await page.waitForFunction(() => document.getElementById('root')?.dataset.ssr !== '1' || 'interactive' in document.documentElement.dataset, null, { timeout: 30_000 }).catch(() => {});
        return response;
      };
      const pageErrors: Error[] = [];
      page.on('pageerror', (err) => pageErrors.push(err));
      errorsByPage.set(page, pageErrors);
      return page;
    };
  }, 60_000);
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await handle.browser?.close();
  });
  return handle;
}

/** Uncaught errors seen by the page so far (assert it is empty at the end of a test). */
export function pageErrors(page: Page): Error[] {
  return errorsByPage.get(page) ?? [];
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, `${name}.png`);
  // Screenshots are artifacts, not assertions: a full-page capture that stalls (seen once under heavy
  // parallel load, while the same page captures in ~100 ms alone) is retried, then taken of the viewport.
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await page.screenshot({ path: file, fullPage: true, timeout: 15_000 });
      return file;
    } catch (err) {
      if (!(err instanceof Error) || err.name !== 'TimeoutError') throw err;
    }
  }
  await page.screenshot({ path: file, timeout: 15_000 });
  return file;
}

/**
 * Chooses `option` in a dropdown and waits until its trigger shows it. A press on an option can miss on a loaded
 * machine (the list still opening, or scrolled under the pointer by its scroll button, so a neighbour is chosen or
 * nothing): the choice is tried again, up to three times, until the trigger shows the option. `trigger` is the
 * dropdown's combobox; a string is its accessible name on `page`.
 */
export async function choose(page: Page, trigger: string | Locator, option: string): Promise<void> {
  const box = typeof trigger === 'string' ? page.getByRole('combobox', { name: trigger, exact: true }) : trigger;
  for (let attempt = 1; ; attempt++) {
    if ((await box.getAttribute('aria-expanded')) !== 'true') await box.click();
    await page.getByRole('option', { name: option, exact: true }).click();
    try {
      await expect.poll(async () => (await box.textContent())?.trim(), { timeout: 5_000 }).toBe(option);
      return;
    } catch (err) {
      if (attempt === 3) throw err;
    }
  }
}

/**
 * Waits until React has hydrated `element` (it carries a `__reactFiber$` key), so that its handlers are attached: a
 * server-rendered element is painted before then, and a click on it may be lost (ADR 028).
 */
export async function hydrated(element: Locator, timeout = 20_000): Promise<void> {
  await expect
    .poll(() => element.evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactFiber$')), undefined, { timeout: 2_000 }).catch(() => false), { timeout })
    .toBe(true);
}

/** Fails on serious or critical axe violations (WCAG 2 A/AA rules). */
export async function expectAccessible(page: Page, options: { exclude?: string[] } = {}): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  for (const sel of options.exclude ?? []) builder = builder.exclude(sel);
  const results = await builder.analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`),
  ).toEqual([]);
}

/** Direct SQL against this run's database (e.g. to make a user admin or Pro). */
export async function sql<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: inject('e2eDatabaseUrl') });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

let userSeq = 0;
/** Creates an account through the real API in this page's context (so the page is signed in). */
export async function signUp(page: Page, options: { email?: string; password?: string; firstName?: string } = {}) {
  const email = options.email ?? `user${Date.now()}${userSeq++}@example.com`;
  const password = options.password ?? 'correct horse battery';
  const res = await page.request.post(`${baseUrl}/api/auth/register`, { data: { email, password, firstName: options.firstName ?? 'Pat' } });
  expect(res.status(), await res.text()).toBe(201);
  return { email, password };
}

const serverLog = inject('e2eServerLog');

/** How far the app's log has grown (pass it to loggedLink to see only later lines). */
export const logMark = (): number => readFileSync(serverLog, 'utf8').length;

/** The first one-time link of this purpose the app logged after `mark` (without SMTP the link is logged, not mailed). */
export async function loggedLink(purpose: 'verify' | 'reset', mark: number): Promise<URL> {
  for (let i = 0; i < 100; i++) {
    const line = readFileSync(serverLog, 'utf8')
      .slice(mark)
      .split('\n')
      .find((l) => l.includes(`one-time ${purpose} link`));
    if (line) return new URL(JSON.parse(line).link as string);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the app logged no ${purpose} link`);
}
