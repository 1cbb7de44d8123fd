// Issue 16 end to end: a family writes a review, the desk approves it and the community page counts it;
// a family sends a request with consent, follows its status through the private link and My requests
// as the desk changes it, and withdraws it, which the desk sees.
// A server and database of this file's own (as public.e2e.ts): an approved review changes whole-table
// review figures, which other browser tests (sentiment.e2e.ts) compare with the shared database.
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { browserAvailable, expectAccessible, pageErrors, screenshot, useBrowser } from './support/browser';
import { startOwnServer, type OwnServer } from './support/own-server';

const ADMIN = { email: 'admin@example.com', password: 'correct horse battery' };
let url = '';
let server: OwnServer | null = null;
let db: pg.Client;
let logPath = '';

const sql = async <T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, params: unknown[] = []) => (await db.query<T>(text, params)).rows;
const logMark = () => readFileSync(logPath, 'utf8').length;

let userSeq = 0;
/** Creates an account through the real API in this page's context (so the page is signed in). */
async function signUp(page: Page, options: { email?: string; password?: string; firstName?: string } = {}) {
  const email = options.email ?? `family${Date.now()}${userSeq++}@example.com`;
  const password = options.password ?? 'correct horse battery';
  const res = await page.request.post(`${url}/api/auth/register`, { data: { email, password, firstName: options.firstName ?? 'Pat' } });
  expect(res.status(), await res.text()).toBe(201);
  return { email, password };
}

/** Signs in as the admin (ADMIN_EMAILS=admin@example.com), creating the account on first use (as admin.e2e.ts). */
async function signInAdmin(page: Page) {
  const exists = await sql('SELECT 1 FROM users WHERE email = $1', [ADMIN.email]);
  if (exists.length === 0) await signUp(page, { ...ADMIN, firstName: 'Ada' });
  await sql('UPDATE users SET email_verified_at = COALESCE(email_verified_at, now()) WHERE email = $1', [ADMIN.email]);
  const res = await page.request.post(`${url}/api/auth/login`, { data: ADMIN });
  expect(res.status(), await res.text()).toBe(200);
}

/** The status link the app logged after `mark` (without SMTP the receipt's link is logged, not mailed). */
async function loggedStatusLink(mark: number): Promise<URL> {
  for (let i = 0; i < 100; i++) {
    const line = readFileSync(logPath, 'utf8')
      .slice(mark)
      .split('\n')
      .find((l) => l.includes('request status link'));
    if (line) return new URL(JSON.parse(line).link as string);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the app logged no request status link');
}

describe.skipIf(!browserAvailable)('families decide together (issue 16)', () => {
  const b = useBrowser();
  let community: { id: number; name: string; review_count: number };

  beforeAll(async () => {
    logPath = path.join(tmpdir(), `sl_e2e_family_${process.pid}_${randomBytes(3).toString('hex')}.log`);
    server = await startOwnServer({
      adminUrl: inject('e2eAdminUrl'),
      dbPrefix: 'sl_e2e_family',
      clientDir: inject('e2eClientDir'),
      env: { DATASET_SCALE: '0.004', LOG_LEVEL: 'info', ADMIN_EMAILS: ADMIN.email, AUTH_RATE_LIMIT_MAX: '1000' },
      logFile: logPath,
    });
    url = server.url;
    db = new pg.Client({ connectionString: server.database.url });
    await db.connect();
    // A listed demo community with reviews, from the end of the table (other browser tests use the first ones).
    const rows = await sql<{ id: number; name: string; review_count: number }>(
      `SELECT id, name, review_count FROM communities WHERE review_count > 0 AND listing_status = 'listed' ORDER BY id DESC LIMIT 1`,
    );
    community = rows[0]!;
  }, 180_000);

  afterAll(async () => {
    await db?.end();
    await server?.stop();
    if (logPath) rmSync(logPath, { force: true });
  });

  it('a family writes a review, the desk approves it, and the community page counts it', async () => {
    const family = await b.newPage();
    await signUp(family, { firstName: 'Robin' });
    // A saved community shows a relationship to it: the published review is Verified (ADR 008).
    const fav = await family.request.post(`${url}/api/favorites`, { data: { communityId: community.id } });
    expect(fav.status(), await fav.text()).toBe(200);
    const title = `Warm staff, good garden ${Date.now()}`;

    await family.goto(`${url}/community/${community.id}`);
    const form = family.getByRole('form', { name: 'Write a review' });
    await expect.poll(() => form.isVisible(), { timeout: 20_000 }).toBe(true);
    await form.getByLabel('5 stars').check();
    await form.getByLabel('You are a').selectOption('family_member');
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Your review').fill('The staff were kind and patient with my father, and the garden is lovely in spring.');
    await form.getByRole('button', { name: 'Send for moderation' }).click();
    const yours = family.getByTestId('your-review');
    await expect.poll(() => yours.getByText('Waiting for moderation').isVisible()).toBe(true);
    await screenshot(family, 'family-review-pending');
    // Not counted while it waits.
    const summary = family.getByText(`Based on ${community.review_count.toLocaleString('en-US')} reviews`);
    expect(await summary.isVisible()).toBe(true);

    // The desk approves it from the moderation queue.
    const desk = await b.newPage();
    await signInAdmin(desk);
    await desk.goto(`${url}/admin`);
    await desk.getByRole('tab', { name: 'Reviews' }).click();
    const item = desk.getByTestId('moderation-item').filter({ hasText: title });
    await expect.poll(() => item.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await item.getByText('Will be Verified').isVisible()).toBe(true);
    await screenshot(desk, 'family-review-queue');
    await expectAccessible(desk);
    await item.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => item.count()).toBe(0);

    // Counted at once: one more review on the page, the new one first, from "this site" and Verified.
    await family.reload();
    const after = family.getByText(`Based on ${(community.review_count + 1).toLocaleString('en-US')} reviews`);
    await expect.poll(() => after.isVisible(), { timeout: 20_000 }).toBe(true);
    const review = family.getByTestId('review').filter({ hasText: title });
    expect(await review.getByText('via This site').isVisible()).toBe(true);
    expect(await review.getByText('Verified').isVisible()).toBe(true);
    expect(await review.getByText('Robin, family member').isVisible()).toBe(true);
    expect(await family.getByTestId('your-review').getByTestId('review-state').textContent()).toBe('Published');
    const [row] = await sql<{ review_count: number }>('SELECT review_count FROM communities WHERE id = $1', [community.id]);
    expect(row!.review_count).toBe(community.review_count + 1);
    await review.scrollIntoViewIfNeeded();
    await screenshot(family, 'family-review-published');
    await expectAccessible(family);

    // The author's list shows the state.
    await family.goto(`${url}/my/reviews`);
    await expect.poll(() => family.getByText(title, { exact: false }).isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await family.getByTestId('review-state').first().textContent()).toBe('Published');
    expect(pageErrors(family)).toEqual([]);
    expect(pageErrors(desk)).toEqual([]);
  });

  it('a family sends a request with consent and follows its status as the desk changes it, then withdraws it', async () => {
    const family = await b.newPage();
    await signUp(family, { firstName: 'Sam' });
    const requester = `Sam Tracker ${Date.now()}`;
    await family.goto(`${url}/community/${community.id}`);
    const form = family.getByRole('form', { name: 'Request information' });
    await expect.poll(() => form.isVisible(), { timeout: 20_000 }).toBe(true);
    // Who receives it is said before sending.
    expect(await form.getByText('the care advisor team of this site; we will not share your details with other communities without asking you').isVisible()).toBe(true);
    await form.getByLabel('Name').fill(requester);
    await form.getByLabel('Email').fill('sam.tracker@example.com');
    await form.getByLabel('Phone').fill('(555) 010-4000');
    await form.getByRole('checkbox', { name: 'A care advisor may call me at this number' }).click();
    await screenshot(family, 'family-request-form');
    const mark = logMark();
    await form.getByRole('button', { name: 'Request Information' }).click();
    const follow = form.getByRole('link', { name: 'Follow your request' });
    await expect.poll(() => follow.isVisible(), { timeout: 20_000 }).toBe(true);
    const [lead] = await sql<{ id: number; consent_call: boolean; consent_text: boolean }>('SELECT id, consent_call, consent_text FROM leads WHERE name = $1', [requester]);
    expect(lead).toMatchObject({ consent_call: true, consent_text: false });
    // The receipt's link (logged without SMTP) is the one the page offers.
    const link = await loggedStatusLink(mark);
    expect(`${link.pathname}${link.hash}`).toBe(await follow.getAttribute('href'));

    await follow.click();
    const status = family.getByTestId('request-status-label');
    await expect.poll(() => status.textContent(), { timeout: 20_000 }).toBe('Received');
    expect(await family.getByTestId('request-clock').textContent()).toMatch(/A care advisor will contact you by .+ \(in (2[0-4]|1?\d) hours?\)/);

    // The desk moves it: the family sees each step.
    const desk = await b.newPage();
    await signInAdmin(desk);
    await desk.goto(`${url}/admin`);
    const table = desk.getByRole('table', { name: 'Information requests' });
    const row = table.locator('tr', { hasText: requester });
    await expect.poll(() => row.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await row.textContent()).not.toContain('Withdrawn');
    await row.getByRole('combobox', { name: `Status of ${requester}` }).click();
    await desk.getByRole('option', { name: 'Contacted' }).click();
    await expect.poll(() => row.getByText('Responded').isVisible()).toBe(true);

    await family.reload();
    await expect.poll(() => status.textContent(), { timeout: 20_000 }).toBe('An advisor contacted you');
    expect(await family.getByTestId('request-clock').textContent()).toMatch(/^Answered .+ after you sent it\.$/);

    await row.getByRole('combobox', { name: `Status of ${requester}` }).click();
    await desk.getByRole('option', { name: 'Tour scheduled' }).click();
    await expect.poll(() => row.getByRole('combobox', { name: `Status of ${requester}` }).textContent()).toBe('Tour scheduled');

    // The private link works signed out, in another browser; My requests needs the owner's session.
    const stranger = await b.newPage();
    await stranger.goto(`${url}${link.pathname}${link.hash}`);
    await expect.poll(() => stranger.getByTestId('request-status-label').textContent(), { timeout: 20_000 }).toBe('Visit scheduled');
    await stranger.goto(`${url}/my/requests`);
    await expect.poll(() => stranger.getByRole('link', { name: 'Sign in to see your requests' }).isVisible(), { timeout: 20_000 }).toBe(true);

    await family.goto(`${url}/my/requests`);
    const mine = family.getByTestId('request-status').filter({ hasText: `Request about ${community.name}` }).first();
    await expect.poll(() => mine.getByTestId('request-status-label').textContent(), { timeout: 20_000 }).toBe('Visit scheduled');
    expect((await mine.getByRole('list', { name: 'Status history' }).getByRole('listitem').allTextContents()).map((t) => t.split(/\s[A-Z][a-z]{2} \d/)[0])).toEqual([
      'Received',
      'An advisor contacted you',
      'Visit scheduled',
    ]);
    await screenshot(family, 'family-my-requests');
    await expectAccessible(family);

    // The family withdraws it through the private page; the desk sees it and can no longer move it.
    await family.goto(`${url}${link.pathname}${link.hash}`);
    await family.getByRole('button', { name: 'Withdraw this request' }).click();
    await family.getByRole('button', { name: 'Yes, withdraw it' }).click();
    await expect.poll(() => status.textContent(), { timeout: 20_000 }).toBe('Withdrawn by you');
    expect(await family.getByRole('button', { name: 'Withdraw this request' }).count()).toBe(0);
    await screenshot(family, 'family-request-withdrawn');
    await desk.reload();
    await expect.poll(() => row.getByText('Withdrawn by the family').isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await row.getByRole('combobox', { name: `Status of ${requester}` }).count()).toBe(0);
    await screenshot(desk, 'family-request-desk-withdrawn');
    expect(pageErrors(family)).toEqual([]);
    expect(pageErrors(desk)).toEqual([]);
    expect(pageErrors(stranger)).toEqual([]);
  });
});
