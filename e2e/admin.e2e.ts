// The advisor desk end to end: a family sends a request on a community page, an admin finds it in the
// inbox, works it through contacted -> tour scheduled -> closed and reads the history; others are refused.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, browserAvailable, expectAccessible, pageErrors, screenshot, signUp, sql, useBrowser, VIEWPORTS } from './support/browser';

const ADMIN = { email: 'admin@example.com', password: 'correct horse battery' };

/**
 * Signs in as the admin (ADMIN_EMAILS=admin@example.com), creating the account on first use. The
 * address counts as verified (set here directly; the e-mailed link is tested in auth.e2e.ts), so the
 * sign-in applies ADMIN_EMAILS.
 */
async function signInAdmin(page: Page) {
  const exists = await sql('SELECT 1 FROM users WHERE email = $1', [ADMIN.email]);
  if (exists.length === 0) {
    try {
      await signUp(page, { ...ADMIN, firstName: 'Ada' });
    } catch {
      // another test file created it meanwhile
    }
  }
  await sql('UPDATE users SET email_verified_at = COALESCE(email_verified_at, now()) WHERE email = $1', [ADMIN.email]);
  const res = await page.request.post(`${baseUrl}/api/auth/login`, { data: ADMIN });
  expect(res.status(), await res.text()).toBe(200);
}

describe.skipIf(!browserAvailable)('advisor desk (/admin)', () => {
  const b = useBrowser();
  let community: { id: number; name: string };
  const requester = `Riley Family ${Date.now()}`;

  beforeAll(async () => {
    const rows = await sql<{ id: number; name: string }>('SELECT id, name FROM communities ORDER BY id LIMIT 1');
    community = rows[0]!;
  });

  it('an admin works a new request from the inbox to closed and sees its history', async () => {
    // A family sends a request through the real form on the community page.
    const visitor = await b.newPage();
    await visitor.goto(`/community/${community.id}`);
    const form = visitor.getByRole('form', { name: 'Request information' });
    await expect.poll(() => form.isVisible(), { timeout: 20_000 }).toBe(true);
    await form.getByLabel('Name').fill(requester);
    await form.getByLabel('Email').fill('riley.family@example.com');
    await form.getByLabel('Phone').fill('(555) 010-3000');
    await form.getByRole('checkbox', { name: 'Memory Care' }).click();
    await form.getByLabel('Notes').fill('Dad needs help by March.');
    await form.getByRole('button', { name: 'Request Information' }).click();
    await expect.poll(() => visitor.getByText('Information Request Sent').first().isVisible()).toBe(true);
    const [lead] = await sql<{ id: number }>('SELECT id FROM leads WHERE name = $1', [requester]);
    expect(lead).toBeDefined();

    // An older request that nobody answered: it is overdue and listed first.
    const overdueName = `Olsen Overdue ${Date.now()}`;
    await sql(
      `INSERT INTO leads (name, email, community_id, care_needs, created_at) VALUES ($1, 'olsen@example.com', $2, ARRAY['Assisted Living'], now() - interval '30 hours')`,
      [overdueName, community.id],
    );

    const page = await b.newPage();
    await signInAdmin(page);
    await page.goto('/admin');
    const table = page.getByRole('table', { name: 'Information requests' });
    await expect.poll(() => table.isVisible(), { timeout: 20_000 }).toBe(true);
    const row = table.locator('tr', { hasText: requester });
    await expect.poll(() => row.isVisible()).toBe(true);
    expect(await row.textContent()).toContain(community.name);
    expect(await row.textContent()).toContain('Memory Care');
    expect(await row.textContent()).toContain('Dad needs help by March.');
    expect(await row.getByText(/Due in (2[34]|1?\d) h/).isVisible()).toBe(true);
    const overdueRow = table.locator('tr', { hasText: overdueName });
    expect(await overdueRow.getByText(/Overdue by \d+ h/).isVisible()).toBe(true);
    expect(await page.getByText(/past the 24-hour promise/).isVisible()).toBe(true);
    // Overdue first: the overdue row comes before the new one.
    const names = await table.locator('tbody tr td:first-child div.font-semibold').allTextContents();
    expect(names.indexOf(overdueName)).toBeLessThan(names.indexOf(requester));
    // Without SMTP the notifier writes the message to the log and says so on the request.
    await expect
      .poll(
        async () => {
          await page.reload();
          await table.waitFor();
          return row.getByText('Logged (no SMTP)').isVisible();
        },
        { timeout: 30_000, interval: 2000 },
      )
      .toBe(true);
    await screenshot(page, 'admin-inbox');
    await expectAccessible(page);

    // Search narrows the list to the requester.
    await page.getByLabel('Search requester').fill('riley.family@');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);

    // new -> contacted from the row's status menu.
    await row.getByRole('combobox', { name: `Status of ${requester}` }).click();
    await page.getByRole('option', { name: 'Contacted' }).click();
    await expect.poll(() => row.getByText('by admin@example.com').isVisible()).toBe(true);
    expect(await row.getByText('Responded').isVisible()).toBe(true);

    // contacted -> tour scheduled -> closed from the history dialog, with notes.
    await row.getByRole('button', { name: `History of ${requester}` }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('heading', { name: `Request from ${requester}` }).isVisible()).toBe(true);
    for (const [status, note] of [
      ['Tour scheduled', 'Tour on Friday at 10am'],
      ['Closed', 'Moved in'],
    ] as const) {
      await dialog.getByRole('combobox', { name: 'Move to' }).click();
      await page.getByRole('option', { name: status }).click();
      await dialog.getByLabel('Note (optional)').fill(note);
      await dialog.getByRole('button', { name: 'Save status' }).click();
      await expect.poll(() => dialog.getByText(`“${note}”`).isVisible()).toBe(true);
    }
    const history = dialog.getByRole('list', { name: 'Status history' }).getByRole('listitem');
    expect(await history.count()).toBe(4);
    const text = (await history.allTextContents()).join('\n');
    expect(text).toMatch(/Received[\s\S]*New → Contacted[\s\S]*by admin@example.com[\s\S]*Contacted → Tour scheduled[\s\S]*Tour on Friday at 10am[\s\S]*Tour scheduled → Closed[\s\S]*Moved in/);
    expect(await dialog.getByText('This request is closed.').isVisible()).toBe(true);
    await screenshot(page, 'admin-history');
    await expectAccessible(page);
    await page.keyboard.press('Escape');

    const events = await sql<{ from_status: string | null; to_status: string }>(
      'SELECT from_status, to_status FROM lead_events WHERE lead_id = $1 ORDER BY id',
      [lead!.id],
    );
    expect(events.map((e) => `${e.from_status}>${e.to_status}`)).toEqual(['null>new', 'new>contacted', 'contacted>tour_scheduled', 'tour_scheduled>closed']);

    // The CSV export of the current filter.
    const csv = await page.request.get(`${baseUrl}/api/admin/leads/export.csv?q=riley.family%40`);
    expect(csv.status()).toBe(200);
    expect(await csv.text()).toContain(`${requester},riley.family@example.com`);
    expect(pageErrors(page)).toEqual([]);
    await visitor.close();
  });

  it('shows users and data; a malformed upload shows a clear error', async () => {
    const page = await b.newPage();
    await signInAdmin(page);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByLabel('Search users').fill('admin@example.com');
    const users = page.getByRole('table', { name: 'Users' });
    await expect.poll(() => users.getByText('admin@example.com').first().isVisible()).toBe(true);
    await screenshot(page, 'admin-users');
    await expectAccessible(page);

    await page.getByRole('tab', { name: 'Data' }).click();
    await expect.poll(() => page.getByRole('table', { name: 'Rows per table' }).isVisible()).toBe(true);
    expect(await page.getByRole('table', { name: 'Rows per source' }).getByText('Generated').first().isVisible()).toBe(true);
    await page.getByLabel('CSV file').setInputFiles({ name: 'notes.csv', mimeType: 'text/csv', buffer: Buffer.from('hello,world\n1,2\n') });
    await page.getByRole('button', { name: 'Import' }).click();
    await expect.poll(() => page.getByText('The file was not imported').isVisible()).toBe(true);
    expect(await page.getByText(/Unrecognised file layout/).first().isVisible()).toBe(true);
    await screenshot(page, 'admin-data');
    await expectAccessible(page);

    // The licence-list importer of `npm run import -- licensed`, with its state and agency fields. A list
    // without a city column is refused with the importer's own message (and the shared data stays as it is).
    await page.getByLabel('Kind of file').click();
    await page.getByRole('option', { name: 'State licence list (any state)' }).click();
    await page.getByLabel('State (optional)').fill('ri');
    await page.getByLabel('Agency (optional)').fill('Rhode Island Department of Health');
    await page.getByLabel('CSV file').setInputFiles({
      name: 'roster.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('facility_name,street_address,zip_code\nSunny Home,1 Main St,02886\n'),
    });
    await page.getByRole('button', { name: 'Import' }).click();
    await expect.poll(() => page.getByText(/city/i).filter({ hasText: 'Nothing was imported' }).first().isVisible()).toBe(true);
    expect(await page.getByLabel('State (optional)').inputValue()).toBe('RI');
    await screenshot(page, 'admin-data-licensed');
    await expectAccessible(page);
    expect(pageErrors(page)).toEqual([]);
  });

  it('works on a phone: the inbox scrolls sideways inside its card', async () => {
    const page = await b.newPage({ viewport: VIEWPORTS.phone });
    await signInAdmin(page);
    await page.goto('/admin');
    await expect.poll(() => page.getByRole('table', { name: 'Information requests' }).isVisible(), { timeout: 20_000 }).toBe(true);
    // The page itself does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await screenshot(page, 'admin-inbox-phone');
    await expectAccessible(page);
    expect(pageErrors(page)).toEqual([]);
  });

  it('refuses a normal user and asks a visitor to sign in', async () => {
    const page = await b.newPage();
    await signUp(page);
    await page.goto('/admin');
    await expect.poll(() => page.getByText('You need an advisor (admin) account to use this page.').isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await page.getByRole('table').count()).toBe(0);
    const api = await page.request.get(`${baseUrl}/api/leads`);
    expect(api.status()).toBe(403);
    await screenshot(page, 'admin-refused');
    await expectAccessible(page);

    const visitor = await b.newPage();
    await visitor.goto('/admin');
    await expect.poll(() => visitor.getByText('Please sign in').isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await visitor.getByRole('link', { name: 'Sign In' }).last().getAttribute('href')).toBe('/api/login?returnTo=%2Fadmin');
    expect((await visitor.request.get(`${baseUrl}/api/leads`)).status()).toBe(401);
    expect(pageErrors(page)).toEqual([]);
  });
});
