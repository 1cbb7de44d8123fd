// The real directory in a real browser: a server of this file's own on DATASET=public (Rhode Island),
// search a real city, open a licensed facility and a CMS nursing home, see their records blocks.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { browserAvailable, choose, expectAccessible, pageErrors, screenshot, useBrowser } from './support/browser';
import { startOwnServer, type OwnServer } from './support/own-server';

let url = '';
let server: OwnServer | null = null;
let db: pg.Client;

const one = async <T extends pg.QueryResultRow>(text: string, params: unknown[] = []) => (await db.query<T>(text, params)).rows[0] as T;

describe.skipIf(!browserAvailable)('public dataset (DATASET=public)', () => {
  const b = useBrowser();

  beforeAll(async () => {
    server = await startOwnServer({
      adminUrl: inject('e2eAdminUrl'),
      dbPrefix: 'sl_e2e_public',
      clientDir: inject('e2eClientDir'),
      env: { DATASET: 'public', DATASET_STATES: 'RI', LOG_LEVEL: 'warn' },
    });
    url = server.url;
    db = new pg.Client({ connectionString: server.database.url });
    await db.connect();
  }, 180_000);

  afterAll(async () => {
    await db?.end();
    await server?.stop();
  });

  it('finds real places in a real city and shows a licensed facility its licence block', async () => {
    // The first licensed facility on the first page of the API's answer is what the screen must show.
    const found = (await (await fetch(`${url}/api/communities/search?location=${encodeURIComponent('Providence, RI')}`)).json()) as {
      communities: { id: number }[];
    };
    const facility = await one<{ id: number; name: string; license_number: string; capacity: number }>(
      `SELECT id, name, license_number, capacity FROM communities
        WHERE source = 'licensed-ri' AND capacity IS NOT NULL AND license_number IS NOT NULL AND id = ANY($1::int[])
        ORDER BY array_position($1::int[], id) LIMIT 1`,
      [found.communities.map((c) => c.id)],
    );
    expect(facility).toBeDefined();
    const page = await b.newPage();
    await page.goto(`${url}/search?location=${encodeURIComponent('Providence, RI')}`);
    await expect.poll(() => page.getByText(facility.name, { exact: true }).first().isVisible(), { timeout: 30_000 }).toBe(true);

    await page.goto(`${url}/community/${facility.id}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 20_000 }).toBe(facility.name);
    const main = page.locator('main');
    await expect.poll(() => main.getByRole('heading', { name: 'Licence', exact: true }).isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => main.getByText('Source: Rhode Island licensing agency, as of Jun 30, 2021.').isVisible()).toBe(true);
    const licence = main.locator('[aria-labelledby="licence-heading"]');
    expect(await licence.getByText(facility.license_number, { exact: true }).isVisible()).toBe(true);
    expect(await licence.getByText(`${facility.capacity} residents`, { exact: true }).isVisible()).toBe(true);
    expect(await licence.getByText('Assisted Living', { exact: false }).first().isVisible()).toBe(true);
    expect(await main.getByText('Contact for Pricing', { exact: true }).isVisible()).toBe(true);
    expect(await main.getByRole('heading', { name: 'Health inspections and ratings' }).count()).toBe(0);
    await screenshot(page, 'public-licensed-facility');
    await expectAccessible(page);
    expect(pageErrors(page)).toEqual([]);
  });

  it('shows a nursing home its CMS ratings with a sentence for families', async () => {
    const home = await one<{ id: number; name: string; overall_rating: number }>(
      `SELECT c.id, c.name, r.overall_rating FROM communities c JOIN cms_ratings r ON r.community_id = c.id
        WHERE c.state = 'RI' AND r.overall_rating IS NOT NULL ORDER BY c.name LIMIT 1`,
    );
    const page = await b.newPage();
    await page.goto(`${url}/community/${home.id}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 20_000 }).toBe(home.name);
    const main = page.locator('main');
    await expect.poll(() => main.getByRole('heading', { name: 'Health inspections and ratings' }).isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await main.getByText(`${home.overall_rating} of 5`).first().isVisible()).toBe(true);
    expect(await main.getByText(/Homes with a persistent record of serious quality problems/).isVisible()).toBe(true);
    // The 2025 ratings file knows only its year (ADR 025): "as of 2025", never "Jan 1, 2025".
    expect(await main.getByText(/^Source: Centers for Medicare & Medicaid Services \(CCN \d+\), as of 2025\.$/).isVisible()).toBe(true);
    expect(await main.getByText('Source: Centers for Medicare & Medicaid Services, as of 2025.', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText(/Jan 1, 2025/).count()).toBe(0);
    expect(await main.getByRole('heading', { name: 'Certification', exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'public-nursing-home');
    await expectAccessible(page);
    expect(pageErrors(page)).toEqual([]);
  });

  it('narrows a search to a licensed-capacity band and says that unknown capacities are left out; no demo ribbon', async () => {
    const inBand = await one<{ n: number; names: string[] }>(
      `SELECT count(*)::int AS n, array_agg(name) AS names FROM communities
        WHERE state = 'RI' AND listing_status = 'listed' AND capacity BETWEEN 26 AND 50`,
    );
    const all = await one<{ n: number }>(`SELECT count(*)::int AS n FROM communities WHERE state = 'RI' AND listing_status = 'listed'`);
    expect(inBand.n).toBeGreaterThan(0);
    expect(inBand.n).toBeLessThan(all.n);
    const page = await b.newPage();
    await page.goto(`${url}/search?location=RI`);
    const count = page.getByText(/^[\d,]+ communities found$/);
    await expect.poll(() => count.textContent(), { timeout: 30_000 }).toBe(`${all.n} communities found`);
    // Public mode: the site holds no demo data, so no ribbon (the results are already drawn by now).
    expect(await page.getByRole('region', { name: 'Demo data notice' }).count()).toBe(0);

    await choose(page, 'Licensed capacity', '26–50 residents');
    expect(await page.getByTestId('capacity-note').textContent()).toBe(
      'Facilities without a licensed capacity on record are left out when a capacity band is chosen.',
    );
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect.poll(() => count.textContent(), { timeout: 30_000 }).toBe(`${inBand.n} communities found`);
    const cards = page.locator('main h3');
    await expect.poll(() => cards.count(), { timeout: 10_000 }).toBeGreaterThan(0);
    for (const name of await cards.allTextContents()) expect(inBand.names).toContain(name.trim());
    await screenshot(page, 'public-search-capacity-band');
    expect(pageErrors(page)).toEqual([]);
  });

  it('narrows Community Insights to a licensed-capacity band and a licence type', async () => {
    const count = async (where: string) => (await one<{ n: number }>(`SELECT count(*)::int AS n FROM communities c WHERE c.listing_status = 'listed' AND ${where}`)).n;
    const inBand = await count('c.capacity BETWEEN 51 AND 100');
    const nursing = await count("c.source_kind = 'cms'");
    expect(inBand).toBeGreaterThan(0);
    const page = await b.newPage();
    await page.goto(`${url}/community-insights`);
    const showing = () => page.getByText(/^Showing \d/).first().textContent();
    await expect.poll(showing, { timeout: 30_000 }).toMatch(/^Showing 1-25 of/);
    await choose(page, 'Licensed Capacity', '51–100 residents');
    await expect.poll(showing, { timeout: 15_000 }).toBe(`Showing 1-${Math.min(25, inBand)} of ${inBand} communities`);
    expect(await page.getByTestId('capacity-note').isVisible()).toBe(true);
    await screenshot(page, 'public-insights-capacity-band');
    await choose(page, 'Licensed Capacity', 'All');
    await choose(page, 'Licence Type', 'Nursing home (CMS certified or state licence)');
    await expect.poll(showing, { timeout: 15_000 }).toBe(`Showing 1-${Math.min(25, nursing)} of ${nursing} communities`);
    expect(await page.getByTestId('capacity-note').count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
  });

  it('marks a ZIP-centre point on the map as an approximate location', async () => {
    const page = await b.newPage();
    await page.goto(`${url}/search?location=${encodeURIComponent('Providence, RI')}`);
    await page.getByRole('button', { name: 'Map' }).click();
    const map = page.getByTestId('community-map');
    await expect.poll(() => map.getAttribute('data-ready'), { timeout: 30_000 }).toBe('true');
    const points = map.locator('[data-community-id]');
    await expect.poll(() => map.locator('.maplibregl-marker').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    for (let i = 0; i < 8 && (await points.count()) === 0; i++) {
      await map.getByRole('button', { name: /communities here: zoom in/ }).first().focus();
      await page.keyboard.press('Enter');
      await page.waitForTimeout(900);
    }
    // Every Rhode Island facility of the shipped files is placed at its ZIP centre.
    const point = map.getByRole('button', { name: /\(approximate location\): show details$/ }).first();
    await expect.poll(() => point.count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await point.focus();
    await page.keyboard.press('Enter');
    const card = page.getByTestId('map-card');
    await expect.poll(() => card.isVisible()).toBe(true);
    expect(await card.getByText('Approximate location (ZIP code centre)', { exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'public-map-card-approximate');
    expect(pageErrors(page)).toEqual([]);
  });
  it('shows licensed beds per 1,000 people aged 65+ by state on Pricing Analytics, which has no prices', async () => {
    // Rhode Island's figure by hand: its listed communities' capacity over its counties' people aged 65+ (ACS).
    // A star marks a state whose sources give the capacity of fewer than 80% of its communities (CMS's 2025 file has no beds).
    const ri = await one<{ capacity: number; pop: number; share: number }>(
      `SELECT (SELECT sum(capacity) FILTER (WHERE capacity > 0) FROM communities WHERE state = 'RI' AND listing_status = 'listed')::int AS capacity,
              (SELECT (count(*) FILTER (WHERE capacity > 0))::float / count(*) FROM communities WHERE state = 'RI' AND listing_status = 'listed') AS share,
              (SELECT sum(population_65) FROM county_population WHERE state = 'RI')::int AS pop`,
    );
    const expected = (Math.round((ri.capacity / ri.pop) * 10_000) / 10).toLocaleString('en-US', { maximumFractionDigits: 1 }) + (ri.share < 0.8 ? '*' : '');
    const page = await b.newPage();
    await page.goto(`${url}/pricing-analytics`);
    const card = page.getByTestId('capacity-by-state');
    await expect.poll(() => card.locator('li', { hasText: 'Rhode Island' }).textContent(), { timeout: 30_000 }).toBe(`Rhode Island${expected}`);
    expect(await card.getByTestId('market-sources').textContent()).toMatch(/American Community Survey 2015–2019/);
    expect(await page.locator('.recharts-wrapper').count()).toBe(0);
    await screenshot(page, 'public-pricing-capacity');
    await expectAccessible(page);
    expect(pageErrors(page)).toEqual([]);
  });
});
