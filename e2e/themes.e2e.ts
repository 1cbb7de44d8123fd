// Review themes and the sentiment trend in a real browser (issue 15): a Pro user sees what reviews praise
// and complain about with real example sentences; a Basic user is offered the upgrade instead.
import { describe, expect, it } from 'vitest';
import { browserAvailable, choose, expectAccessible, pageErrors, screenshot, signUp, sql, useBrowser } from './support/browser';

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000 });

describe.skipIf(!browserAvailable)('review themes', () => {
  const b = useBrowser();

  it('a Pro user sees the monthly trend and themes with snippets taken from real reviews', async () => {
    const page = await b.newPage();
    const { email } = await signUp(page);
    await sql(`UPDATE users SET plan = 'pro' WHERE email = $1`, [email]);
    await page.goto('/sentiment-analysis');
    await poll(() => page.getByRole('heading', { name: 'Sentiment by Month' }).isVisible()).toBe(true);
    const [months] = await sql<{ n: number }>("SELECT count(DISTINCT date_trunc('month', review_date))::int AS n FROM customer_reviews");
    await poll(() => page.getByTestId('trend-chart-customer').locator('.recharts-line-curve').count()).toBe(1);
    expect(months!.n).toBeGreaterThan(1);

    const themes = page.getByTestId('review-themes');
    await poll(() => themes.isVisible()).toBe(true);
    const [total] = await sql<{ n: number }>('SELECT count(*)::int AS n FROM customer_reviews');
    expect(await themes.textContent()).toContain(`${total!.n.toLocaleString('en-US')} customer reviews of all communities`);
    // The most mentioned theme first, its share as counted in SQL.
    const [top] = await sql<{ i: number; n: number }>(
      `SELECT g.i, count(*)::int AS n FROM customer_reviews r CROSS JOIN generate_series(0, 8) g(i)
        WHERE (r.theme_mask & (1 << g.i)) <> 0 GROUP BY g.i ORDER BY n DESC, g.i LIMIT 1`,
    );
    const key = ['staff', 'care', 'food', 'cleanliness', 'activities', 'cost', 'management', 'communication', 'safety'][top!.i]!;
    const row = page.getByTestId(`theme-${key}`);
    await poll(() => row.textContent()).toContain(`${Math.round((100 * top!.n) / total!.n)}% of reviews`);
    // Two snippets, each a sentence of a stored review.
    const snippets = row.getByTestId('theme-snippet');
    expect(await snippets.count()).toBe(2);
    for (const text of await snippets.allTextContents()) {
      const sentence = text.slice(1, text.indexOf('”'));
      const [hit] = await sql<{ n: number }>('SELECT count(*)::int AS n FROM customer_reviews WHERE position($1 in content) > 0', [sentence]);
      expect(hit!.n, sentence).toBeGreaterThan(0);
    }
    await screenshot(page, 'sentiment-themes');
    await expectAccessible(page);

    // One state's market.
    const [state] = await sql<{ state: string }>('SELECT c.state FROM customer_reviews r JOIN communities c ON c.id = r.community_id GROUP BY 1 ORDER BY count(*) DESC LIMIT 1');
    const [n] = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM customer_reviews r JOIN communities c ON c.id = r.community_id WHERE c.state = $1 AND c.listing_status = 'listed'`,
      [state!.state],
    );
    const { US_STATES } = await import('../src/contracts/constants');
    await choose(page, page.getByLabel('Reviews of'), US_STATES[state!.state]!);
    await poll(() => themes.textContent()).toContain(`${n!.n.toLocaleString('en-US')} customer reviews of the listed communities in ${US_STATES[state!.state]}`);
    expect(pageErrors(page)).toEqual([]);
  }, 120_000);

  it('a Basic user is offered the upgrade', async () => {
    const page = await b.newPage();
    const { email } = await signUp(page);
    // A new account starts with a trial (Pro until it ends): end it.
    await sql(`UPDATE users SET plan = 'basic', trial_ends_at = NULL WHERE email = $1`, [email]);
    await page.goto('/sentiment-analysis');
    await poll(() => page.getByText('Review themes are a Professional feature.').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Upgrade to Pro' }).getAttribute('href')).toBe('/pricing');
    expect(pageErrors(page)).toEqual([]);
  }, 60_000);
});
