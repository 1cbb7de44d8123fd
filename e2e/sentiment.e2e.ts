// Sentiment Analysis in a real browser against the real app: both tabs, whole-table figures, paging
// with the spec's rules, each tab keeping its page, the windowed list, error and loading texts, axe.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserAvailable, expectAccessible, pageErrors, screenshot, sql, useBrowser } from './support/browser';

const fmt = (n: number) => n.toLocaleString('en-US');
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000 });

interface Figures {
  total: number;
  positive: number;
  newest: string;
}

async function figures(kind: 'customer' | 'employee'): Promise<Figures> {
  const table = kind === 'customer' ? 'customer_reviews' : 'employee_reviews';
  const join = kind === 'customer' ? 'communities c ON c.id = r.community_id' : 'operators c ON c.id = r.operator_id';
  const [agg] = await sql<{ total: number; positive: number }>(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE sentiment > 0.6::real)::int AS positive FROM ${table}`,
  );
  const [newest] = await sql<{ name: string }>(`SELECT c.name FROM ${table} r JOIN ${join} ORDER BY r.review_date DESC, r.id DESC LIMIT 1`);
  return { total: agg!.total, positive: agg!.positive, newest: newest!.name };
}

const panel = (page: Page) => page.getByRole('tabpanel');
const footer = (page: Page) => panel(page).getByText(/^Showing \d/).textContent();
const pageText = (page: Page) => panel(page).getByText(/^Page \d/).textContent();
const reviewItems = (page: Page, kind: 'Customer' | 'Employee') => panel(page).getByRole('region', { name: `${kind} reviews on this page` }).getByRole('listitem');

describe.skipIf(!browserAvailable)('sentiment analysis', () => {
  const b = useBrowser();

  it('shows whole-table figures, pages 1000 reviews at a time and keeps a page per tab', async () => {
    const customer = await figures('customer');
    const employee = await figures('employee');
    expect(customer.total).toBeGreaterThan(1000); // the e2e dataset has several customer pages
    const customerPages = Math.ceil(customer.total / 1000);
    const employeePages = Math.max(1, Math.ceil(employee.total / 1000));

    const page = await b.newPage();
    await page.goto('/sentiment-analysis');
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Sentiment Analysis');
    expect(await page.getByRole('tab', { name: 'Customer Community Reviews' }).getAttribute('aria-selected')).toBe('true');

    await poll(() => footer(page)).toBe(`Showing 1 to 1,000 of ${fmt(customer.total)} reviews`);
    expect(await pageText(page)).toBe(`Page 1 of ${fmt(customerPages)}`);
    await poll(() => panel(page).getByText(`${fmt(customer.total)}`, { exact: true }).isVisible()).toBe(true);
    // The figures come from the summary, the count on this page from the page itself: two answers, either first.
    await poll(() => panel(page).getByText('In the database · 1,000 on this page').isVisible()).toBe(true);
    expect(await panel(page).getByText(fmt(customer.positive), { exact: true }).isVisible()).toBe(true);

    // The list is windowed: 1000 reviews on the page, only a screenful of rows in the DOM.
    const region = panel(page).getByRole('region', { name: 'Customer reviews on this page' });
    const items = region.getByRole('listitem');
    await poll(() => items.count()).toBeGreaterThan(3);
    expect(await items.count()).toBeLessThan(40);
    expect(await items.first().getAttribute('aria-setsize')).toBe('1000');
    expect(await items.first().getByRole('heading').textContent()).toBe(customer.newest);
    expect(await items.first().textContent()).toContain('family_member · Various Locations');
    await region.evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    await poll(() => items.last().getAttribute('aria-posinset')).toBe('1000');

    await screenshot(page, 'sentiment-customer');
    await expectAccessible(page);

    // Previous is disabled on page 1; Next moves on.
    expect(await panel(page).getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    await panel(page).getByRole('button', { name: 'Next' }).click();
    await poll(() => footer(page)).toBe(`Showing 1,001 to ${fmt(Math.min(2000, customer.total))} of ${fmt(customer.total)} reviews`);
    expect(await pageText(page)).toBe(`Page 2 of ${fmt(customerPages)}`);
    await poll(() => panel(page).getByRole('button', { name: 'Previous' }).isEnabled()).toBe(true);

    // The employee tab has its own page, starting at 1.
    await page.getByRole('tab', { name: 'Employee Operator Reviews' }).click();
    await poll(() => pageText(page)).toBe(`Page 1 of ${fmt(employeePages)}`);
    await poll(() => footer(page)).toBe(`Showing ${employee.total ? 1 : 0} to ${fmt(Math.min(1000, employee.total))} of ${fmt(employee.total)} reviews`);
    if (employee.total > 0) {
      await poll(() => reviewItems(page, 'Employee').first().getByRole('heading').textContent()).toBe(employee.newest);
      const status = reviewItems(page, 'Employee').first().getByText(/^(current|former)$/);
      expect(await status.isVisible()).toBe(true);
    }
    expect(await panel(page).getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    if (employeePages === 1) expect(await panel(page).getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await screenshot(page, 'sentiment-employee');
    await expectAccessible(page);

    // Back on the customer tab, page 2 is still there; walk to the last page, where Next is disabled.
    await page.getByRole('tab', { name: 'Customer Community Reviews' }).click();
    await poll(() => pageText(page)).toBe(`Page 2 of ${fmt(customerPages)}`);
    for (let p = 3; p <= customerPages; p++) {
      await poll(() => panel(page).getByRole('button', { name: 'Next' }).isEnabled()).toBe(true);
      await panel(page).getByRole('button', { name: 'Next' }).click();
      await poll(() => pageText(page)).toBe(`Page ${fmt(p)} of ${fmt(customerPages)}`);
    }
    await poll(() => footer(page)).toBe(`Showing ${fmt((customerPages - 1) * 1000 + 1)} to ${fmt(customer.total)} of ${fmt(customer.total)} reviews`);
    await poll(() => reviewItems(page, 'Customer').first().isVisible()).toBe(true);
    expect(await panel(page).getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    expect(pageErrors(page)).toEqual([]);
  });

  it('shows the loading text, then the spec error text in an alert when reviews cannot be fetched', async () => {
    const page = await b.newPage();
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route('**/api/sentiment/customer/reviews*', async (route) => {
      await held;
      await route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"INTERNAL","message":"x"}}' });
    });
    await page.goto('/sentiment-analysis');
    await poll(() => panel(page).getByText('Loading customer reviews...').isVisible()).toBe(true);
    expect(await panel(page).getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    release();
    await poll(() => panel(page).getByRole('alert').textContent()).toBe('Error loading customer reviews: Failed to fetch customer reviews');
    await screenshot(page, 'sentiment-error');
    await expectAccessible(page);
    // Once the server answers again, Try Again loads the page.
    await page.unroute('**/api/sentiment/customer/reviews*');
    await panel(page).getByRole('button', { name: 'Try Again' }).click();
    await poll(() => reviewItems(page, 'Customer').count()).toBeGreaterThan(3);
    await poll(() => panel(page).getByText('In the database · 1,000 on this page').isVisible()).toBe(true);
  });
});
