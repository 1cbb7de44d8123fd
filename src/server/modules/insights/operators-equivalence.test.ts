// The faster Operator Intelligence statements (ADR 027) against the plain ones they replace, on 600 random
// filter / sort / page combinations over a seeded directory of 500 operators: the page (ids picked on the
// operators table, counts taken for the page only) equals the page of the plain statement, row by row and
// in order, and the figures (count, mean revenue, mean size) through the search_text trigram index equal
// the per-field ILIKE figures. Revenues sit on and around the revenue text's rounding edges, and the search
// texts are cut from the stored fields and the revenue texts, so a search column that drifted from the
// per-field conditions (one changed revenue text) fails.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_COMMUNITY_VALUES, OPERATOR_REVENUE_VALUES, OPERATOR_SORT_FIELDS, formatRevenue, type OperatorFilters } from '../../../contracts/insights';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import { REVENUE_TEXT, findOperatorPage, operatorStats } from './operators.repo';
import { insertOperatorDirectory, type TestOperator } from '../../test/operator-directory';
import { cutSearchText, rng } from '../../test/random';

let tdb: TestDatabase;
const N = 500;
const STATES = ['TX', 'CA', 'IL', 'OH', 'NY'];
const CITIES = ['Austin', 'Dallas', 'Springfield', 'Carefree', 'Columbus', 'Livingston', 'Oakland'];
const WORDS = ['Senior', 'Care', 'Living', 'Health', 'Group', 'Oak', 'Sunrise', 'Holdings', 'Partners', 'Village'];
/** Revenues on and beside the thresholds and rounding edges of the revenue text, and ordinary ones. */
const EDGE_REVENUES = [0, 5, 999, 1000, 1049, 1050, 999_949, 999_950, 999_999, 1_000_000, 9_950_000, 10_000_000, 99_999_999, 100_000_000, 999_950_000, 1_000_000_000, 12_345_678_901];

const random = rng(2027);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;

let ops: TestOperator[] = [];

beforeAll(async () => {
  tdb = await createTestDatabase();
  ops = Array.from({ length: N }, (_, i) => {
    const r = random();
    const revenue = r < 0.1 ? null : r < 0.35 ? pick(EDGE_REVENUES) : Math.floor(10 ** (3 + random() * 7));
    return {
      // Equal names often (ties decide by id); a name sometimes holds a city or a state word.
      name: `${pick(WORDS)} ${pick(WORDS)}${i % 9 === 0 ? ` of ${pick(CITIES)}` : ''}`,
      city: random() < 0.1 ? null : pick(CITIES),
      state: random() < 0.05 ? null : pick(STATES),
      revenue,
      employees: random() < 0.2 ? null : Math.floor(random() * 5000),
      communities: Math.floor(random() ** 2 * 30),
      delisted: random() < 0.2 ? 1 + Math.floor(random() * 3) : 0,
      reviews: Math.floor(random() * 6),
    };
  });
  // The stored community_count is the listed count, as refreshAggregates keeps it (it filters and sorts by it).
  await insertOperatorDirectory(tdb.pool, ops);
});

afterAll(async () => {
  await tdb?.drop();
});

/** A search text cut from a real field (or formatRevenue's text), sometimes another case, sometimes absent from every row. */
function searchText(): string {
  const o = pick(ops);
  const source = pick([o.name, o.city ?? 'none', o.state ?? 'tx', formatRevenue(o.revenue) || '$1', String(o.revenue ?? 7), 'zzq', '%', '_', "o'"]);
  return cutSearchText(random, source, 6);
}

function filters(): OperatorFilters {
  const f: Record<string, unknown> = {};
  if (random() < 0.6) f.searchQuery = searchText();
  if (random() < 0.3) f.operatorState = pick(STATES);
  if (random() < 0.15) f.operatorCity = pick(CITIES);
  if (random() < 0.3) f.operatorRevenue = pick(OPERATOR_REVENUE_VALUES);
  if (random() < 0.3) f.operatorTotalCommunities = pick(OPERATOR_COMMUNITY_VALUES);
  return f as OperatorFilters;
}

describe('Operator Intelligence: the indexed statements equal the plain ones', () => {
  it('gives the same pages (rows, counts and order) and the same figures on 600 random combinations', { timeout: 120_000 }, async () => {
    let nonEmpty = 0;
    let searched = 0;
    for (let i = 0; i < 600; i++) {
      const f = filters();
      const sort = pick(OPERATOR_SORT_FIELDS);
      const dir = pick(['asc', 'desc'] as const);
      const limit = pick([5, 25, 50]);
      const offset = limit * pick([0, 0, 1, 2, 5]);
      const context = JSON.stringify({ f, sort, dir, limit, offset });
      const [page, reference, stats, referenceStats] = await Promise.all([
        findOperatorPage(tdb.pool, f, sort, dir, limit, offset),
        findOperatorPage(tdb.pool, f, sort, dir, limit, offset, true),
        operatorStats(tdb.pool, f),
        operatorStats(tdb.pool, f, true),
      ]);
      expect(page, context).toEqual(reference);
      expect(stats, context).toEqual(referenceStats);
      if (referenceStats.n > 0) nonEmpty++;
      if (f.searchQuery && referenceStats.n > 0) searched++;
    }
    // The draws exercise matches, not only empty results.
    expect(nonEmpty).toBeGreaterThan(300);
    expect(searched).toBeGreaterThan(150);
  });

  it('counts listed communities and employee reviews of each operator on the page, delisted ones left out', async () => {
    const page = await findOperatorPage(tdb.pool, {} as OperatorFilters, 'communities', 'desc', 50, 0);
    const byName = new Map<string, TestOperator[]>();
    for (const o of ops) byName.set(o.name, [...(byName.get(o.name) ?? []), o]);
    expect(page.length).toBe(50);
    expect(page[0]!.communities).toBe(Math.max(...ops.map((o) => o.communities)));
    for (const row of page) {
      const candidates = byName.get(row.name) ?? [];
      expect(candidates.some((o) => o.communities === row.communities && o.reviews === row.employee_reviews && o.revenue === row.revenue)).toBe(true);
    }
  });

  it('stores every searched field in search_text, the revenue text as the per-field condition computes it', async () => {
    const { rows } = await tdb.pool.query<{ name: string; city: string | null; state: string | null; digits: string | null; text: string; search_text: string }>(
      `SELECT o.name, o.city, o.state, o.revenue::text AS digits, ${REVENUE_TEXT} AS text, o.search_text FROM operators o`,
    );
    expect(rows.length).toBe(N);
    for (const r of rows) expect(r.search_text.split('\u001f')).toEqual([r.name, r.city ?? '', r.state ?? '', r.digits ?? '', r.text]);
    // The rounding edges are there: 999,950 and 999,950,000 round up to the next unit in SQL.
    expect(rows.map((r) => r.text)).toEqual(expect.arrayContaining(['$1000.0K', '$1000.0M']));
  });
});
