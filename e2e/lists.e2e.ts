// Saved lists and the operator portfolio in a real browser (issue 15): a Pro user saves an operator from
// Operator Intelligence into a new list, exports it as CSV, and opens the operator's portfolio.
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { formatOrdinal } from '../src/client/lib/format';
import { browserAvailable, expectAccessible, pageErrors, screenshot, signUp, sql, useBrowser } from './support/browser';

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000 });

describe.skipIf(!browserAvailable)('saved lists and portfolios', () => {
  const b = useBrowser();

  it('saves an operator into a new list and exports the list as CRM CSV', async () => {
    const page = await b.newPage();
    const { email } = await signUp(page);
    await sql(`UPDATE users SET plan = 'pro' WHERE email = $1`, [email]);
    await page.goto('/operator-insights');
    const card = page.getByTestId('operator-card').first();
    await poll(() => card.isVisible()).toBe(true);
    const name = (await card.getByRole('heading').first().textContent())!.trim();
    await card.getByRole('button', { name: `Save ${name} to a list` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('New list name').fill('E2E prospects');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await poll(() => dialog.getByRole('status').textContent()).toContain('Saved to E2E prospects.');
    await dialog.getByRole('link', { name: 'Open your lists' }).click();
    await poll(() => new URL(page.url()).pathname).toBe('/lists');
    // The header leads a Pro user to the lists from any screen.
    await page.goto('/operator-insights');
    const listsLink = page.locator('header').getByRole('link', { name: 'Lists', exact: true });
    await poll(() => listsLink.isVisible()).toBe(true);
    await screenshot(page, 'header-lists-link');
    await listsLink.click();
    await poll(() => new URL(page.url()).pathname).toBe('/lists');
    expect(await listsLink.getAttribute('aria-current')).toBe('page');

    const list = page.getByTestId('saved-list');
    await poll(() => list.textContent()).toContain(name);
    expect(await list.textContent()).toContain('0 communities, 1 operator');
    await screenshot(page, 'saved-lists');
    await expectAccessible(page);

    const [download] = await Promise.all([page.waitForEvent('download'), list.getByRole('link', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^list-e2e-prospects-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = parse(readFileSync((await download.path())!, 'utf8')) as string[][];
    expect(rows[0]).toEqual(['company', 'phone', 'e-mail', 'website', 'city', 'state', 'communities']);
    const [op] = await sql<{ phone: string | null; city: string | null; state: string | null; n: number }>(
      `SELECT o.phone, o.city, o.state, (SELECT count(*) FROM communities c WHERE c.operator_id = o.id AND c.listing_status = 'listed')::int AS n
         FROM operators o WHERE o.name = $1 ORDER BY o.id LIMIT 1`,
      [name],
    );
    expect(rows.slice(1)).toHaveLength(1);
    expect(rows[1]![0]).toBe(name);
    expect([rows[1]![1], rows[1]![4], rows[1]![5], rows[1]![6]]).toEqual([op!.phone ?? '', op!.city ?? '', op!.state ?? '', String(op!.n)]);
    expect(pageErrors(page)).toEqual([]);
  }, 120_000);

  it('opens an operator portfolio with its communities and both kinds of review themes', async () => {
    const page = await b.newPage();
    const { email } = await signUp(page);
    await sql(`UPDATE users SET plan = 'pro' WHERE email = $1`, [email]);
    const [op] = await sql<{ id: number; name: string; n: number }>(
      `SELECT o.id, o.name, count(*)::int AS n FROM operators o JOIN communities c ON c.operator_id = o.id AND c.listing_status = 'listed'
        WHERE EXISTS (SELECT 1 FROM employee_reviews e WHERE e.operator_id = o.id) AND c.review_count > 0
        GROUP BY o.id ORDER BY n DESC, o.id LIMIT 1`,
    );
    await page.goto(`/portfolio/${op!.id}`);
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(op!.name);
    await poll(() => page.getByRole('heading', { name: 'Customer Review Themes' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Employee Review Themes' }).isVisible()).toBe(true);
    await poll(() => page.getByTestId('review-themes').count()).toBe(2);
    await poll(() => page.getByTestId('theme-snippet').count()).toBeGreaterThan(1);
    // One table row per listed community (plus the header row).
    expect(await page.getByRole('table').first().getByRole('row').count()).toBe(op!.n + 1);
    // Price position per care type against the competitive set: the page shows what the API computed.
    const api = await page.evaluate(async (id) => (await fetch(`/api/portfolio/${id}`)).json(), op!.id);
    const first = (api.communities as Array<{ id: number; pricePosition: { positions: Array<{ careType: string; price: number | null; percentile: number | null; median: number | null }> } | null }>).find(
      (c) => c.pricePosition?.positions.some((x) => x.price !== null && x.percentile !== null),
    );
    expect(first, 'a community of the portfolio with a price position').toBeTruthy();
    const pos = first!.pricePosition!.positions.find((x) => x.price !== null && x.percentile !== null)!;
    const row = page.getByRole('table').first().getByRole('row').filter({ has: page.locator(`a[href="/community/${first!.id}"]`) });
    await poll(() => row.getByTestId('price-position').textContent()).toContain(`${pos.careType}: ${formatOrdinal(Math.round(pos.percentile!))} percentile, median $${pos.median!.toLocaleString('en-US')}`);
    await screenshot(page, 'portfolio');
    await expectAccessible(page);
    expect(pageErrors(page)).toEqual([]);
  }, 120_000);
});
