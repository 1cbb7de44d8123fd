// The in-memory index of Operator Intelligence (operators-index.ts, ADR 027) against the SQL path it stands in for,
// on thousands of random queries over a seeded directory of operators: equal names, cities and sizes (the id
// tie-breakers decide), missing revenues, employees, cities and states (NULLS LAST), revenues on the rounding
// edges of the revenue text, accented and mixed-case names, LIKE metacharacters, delisted communities and
// employee reviews (the live counts each row shows). Compared: the filtered count and both means, every row of
// the page in order for every sort and direction, the export's ids, the numeric rounding of the means on its
// own. Then through the HTTP API: an app on the index and an app on SQL give the same bodies and CSV, and changes
// written to the database (a renamed operator, a delisted community, a new employee review) show in the
// index's answer once it has been rebuilt.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OPERATOR_COMMUNITY_VALUES,
  OPERATOR_REVENUE_VALUES,
  OPERATOR_SORT_FIELDS,
  SORT_DIRECTIONS,
  formatRevenue,
  type OperatorFilters,
  type OperatorSortField,
} from '../../../contracts/insights';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import { indexReady, useIndexAndSqlApps } from '../../test/index-apps';
import { insertOperatorDirectory, type TestOperator } from '../../test/operator-directory';
import { cutSearchText, kthPage, rng } from '../../test/random';
import { OperatorsIndex, pgRoundedMean } from './operators-index';
import { findOperatorIds, findOperatorPage, operatorStats } from './operators.repo';
import { toOperatorRow } from './insights.rows';
import { waitFor } from '../../test/wait';

let tdb: TestDatabase;
let index: OperatorsIndex;
const N = 700;
const STATES = ['TX', 'CA', 'IL', 'OH', 'NY', 'tx'];
const CITIES = ['Austin', 'Dallas', 'Springfield', 'Carefree', 'Columbus', 'Livingston', 'Oakland', 'São Paulo', 'AUSTIN'];
const WORDS = ['Senior', 'Care', 'Living', 'Health', 'Group', 'Oak', 'Sunrise', 'Holdings', 'Élan', 'ÉLAN', 'élan', 'A_b%', 'back\\slash', "O'Hara", 'CARE'];
/** Revenues on and beside the thresholds and rounding edges of the revenue text, and ordinary ones. */
const EDGE_REVENUES = [0, 5, 999, 1000, 1049, 1050, 999_949, 999_950, 999_999, 1_000_000, 9_950_000, 9_999_999, 10_000_000, 99_999_999, 100_000_000, 999_950_000, 1_000_000_000, 12_345_678_901];

const random = rng(2031);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;

/** `stored` is sometimes stale on purpose (the filter and the means use it, the row shows the live count). */
let ops: Required<TestOperator>[] = [];

beforeAll(async () => {
  tdb = await createTestDatabase();
  ops = Array.from({ length: N }, (_, i) => {
    const r = random();
    const revenue = r < 0.12 ? null : r < 0.4 ? pick(EDGE_REVENUES) : Math.floor(10 ** (3 + random() * 7));
    const communities = Math.floor(random() ** 2 * 30);
    return {
      // Equal names often (ties decide by id); a name sometimes holds a city word.
      name: `${pick(WORDS)} ${pick(WORDS)}${i % 9 === 0 ? ` of ${pick(CITIES)}` : ''}`,
      city: random() < 0.1 ? null : random() < 0.05 ? '' : pick(CITIES),
      state: random() < 0.08 ? null : pick(STATES),
      revenue,
      employees: random() < 0.2 ? null : Math.floor(random() * 50) * 100,
      communities,
      delisted: random() < 0.2 ? 1 + Math.floor(random() * 3) : 0,
      reviews: Math.floor(random() * 6),
      stored: random() < 0.1 ? Math.floor(random() * 80) : communities,
    };
  });
  await insertOperatorDirectory(tdb.pool, ops);
  index = await OperatorsIndex.build(tdb.pool);
}, 60_000);

afterAll(async () => {
  await tdb?.drop();
});

/** A search text cut from a real field (or the revenue's texts), sometimes another case, sometimes absent from every row. */
function searchText(): string {
  const o = pick(ops);
  const source = pick([o.name, o.city ?? 'none', o.state ?? 'tx', formatRevenue(o.revenue) || '$1', String(o.revenue ?? 7), 'zzq', '%', '_', "o'", '\\', 'é', 'lan']);
  return cutSearchText(random, source, 7);
}

function randomFilters(): OperatorFilters {
  const f: Record<string, unknown> = {};
  if (random() < 0.5) f.searchQuery = searchText();
  // The service upper-cases the state before both paths; the index must do the same for a raw one.
  if (random() < 0.3) f.operatorState = pick([...STATES, 'oh', 'ZZ']);
  if (random() < 0.15) f.operatorCity = pick([...CITIES, 'austin', 'Nowhere']);
  if (random() < 0.3) f.operatorRevenue = pick(OPERATOR_REVENUE_VALUES);
  if (random() < 0.3) f.operatorTotalCommunities = pick(OPERATOR_COMMUNITY_VALUES);
  return f as OperatorFilters;
}

describe('the operators index answers as the SQL does', () => {
  it('holds every operator', async () => {
    const { rows } = await tdb.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM operators');
    expect(index.n).toBe(rows[0]!.n);
    expect(index.page({} as OperatorFilters, 'operatorName', 'asc', 1, 0)!.figures.n).toBe(N);
  });

  it('gives the same figures and pages on 3,000 random queries (every sort, both directions, first and later pages)', { timeout: 180_000 }, async () => {
    let nonEmpty = 0;
    let searched = 0;
    let toSql = 0;
    for (let k = 0; k < 3000; k++) {
      const f = randomFilters();
      const { field, dir, limit, offset } = kthPage(k, OPERATOR_SORT_FIELDS, [10, 25, 50, 100], random);
      const mem = index.page(f, field, dir, limit, offset);
      if (!mem) {
        // Only what the index hands back to SQL: search text beyond printable ASCII.
        expect(f.searchQuery).toMatch(/[^\x20-\x7e]/);
        toSql++;
        continue;
      }
      const [sqlRows, sqlFigures] = await Promise.all([findOperatorPage(tdb.pool, f, field, dir, limit, offset), operatorStats(tdb.pool, f)]);
      const context = JSON.stringify({ f, field, dir, limit, offset });
      expect(mem.figures, context).toEqual(sqlFigures);
      expect(mem.rows.map((r) => r.id), context).toEqual(sqlRows.map((r) => r.id));
      expect(mem.rows, context).toEqual(sqlRows.map(toOperatorRow));
      if (sqlFigures.n > 0) nonEmpty++;
      if (f.searchQuery && sqlFigures.n > 0) searched++;
    }
    // The draws exercise matches, not only empty results, and the fallback stays the exception.
    expect(nonEmpty).toBeGreaterThan(1500);
    expect(searched).toBeGreaterThan(400);
    expect(toSql).toBeLessThan(300);
  });

  it('gives the export the same ids in the same order', { timeout: 60_000 }, async () => {
    for (let k = 0; k < 300; k++) {
      const f = randomFilters();
      const field = OPERATOR_SORT_FIELDS[k % OPERATOR_SORT_FIELDS.length] as OperatorSortField;
      const dir = SORT_DIRECTIONS[k % 2]!;
      const mem = index.allIds(f, field, dir);
      if (!mem) continue;
      expect(mem, JSON.stringify({ f, field, dir })).toEqual(await findOperatorIds(tdb.pool, f, field, dir));
    }
  });

  it('rounds means as numeric avg() and round() do, half-way and near half-way quotients and large sums included', async () => {
    const cases: [bigint, bigint, number][] = [];
    for (let k = 0; k < 400; k++) {
      const count = BigInt(1 + Math.floor(random() ** 3 * 80_000));
      const scale = k % 2;
      // Around a half: (m + 0.5) * count at the rounding scale, give or take a little.
      const m = BigInt(Math.floor(random() * 10 ** (2 + Math.floor(random() * 12))));
      const unit = scale === 1 ? 1n : 10n;
      const half = ((2n * m + 1n) * count * unit) / 20n;
      const sum = pick([half, half - 1n, half + 1n, m * count, BigInt(Math.floor(random() * 1e15))]) * (random() < 0.1 ? -1n : 1n);
      cases.push([sum, count, scale]);
    }
    cases.push([0n, 3n, 0], [5n, 2n, 0], [-5n, 2n, 0], [1n, 20n, 1], [-1n, 20n, 1], [12_345_678_901n * 73_410n + 36_705n, 73_410n, 0]);
    // Quotients just under (and over) a half where numeric_div's own rounding (to 4 decimals for a quotient of
    // 10^12, 16 significant digits) already reaches the half: round() then goes up where exact arithmetic goes down.
    for (const k of [2_000_000_000_000n, 123_456_789_012n, 7_000_000_000_000_000n, 31_000_000n])
      for (const c of [90_001n, 20_001n, 99_999n, 7n])
        for (const extra of [(c - 1n) / 2n, (c + 1n) / 2n]) cases.push([k * c + extra, c, 0], [-(k * c + extra), c, 0], [(k * c + extra) * 10n, c * 100n, 1]);
    const { rows } = await tdb.pool.query<{ v: number | null }>(
      `SELECT round(c.s / c.n, c.scale)::float8 AS v
         FROM unnest($1::numeric[], $2::numeric[], $3::int[]) WITH ORDINALITY AS c(s, n, scale, i) ORDER BY c.i`,
      [cases.map((c) => c[0].toString()), cases.map((c) => c[1].toString()), cases.map((c) => c[2])],
    );
    cases.forEach(([sum, count, scale], k) => expect(pgRoundedMean(sum, count, scale), `${sum} / ${count} at ${scale}`).toBe(rows[k]!.v));
    expect(pgRoundedMean(0n, 0n, 1)).toBeNull();
  });

  it('sums revenues too large for exact double sums as bigint', async () => {
    // Two operators near the bigint limit, then 60 small ones (summed after them, in id order): beyond 2^53 a
    // double sum drops most of each small revenue; the index must switch to exact sums (as PostgreSQL's int128 avg()).
    const { rows } = await tdb.pool.query<{ id: number }>(
      `INSERT INTO operators (name, city, state, revenue, community_count, source_id)
       VALUES ('Huge Holdings', 'Austin', 'TX', 4611686018427387903, 3, 'huge1'), ('Huger Holdings', 'Dallas', 'TX', 4000000000000000001, 1, 'huge2')
       RETURNING id`,
    );
    const { rows: small } = await tdb.pool.query<{ id: number }>(
      `INSERT INTO operators (name, city, state, revenue, community_count, source_id)
       SELECT 'Tiny Holdings ' || k, 'Austin', 'TX', 1500 + k * 13, 1, 'tiny' || k FROM generate_series(1, 60) AS k
       RETURNING id`,
    );
    rows.push(...small);
    try {
      const big = await OperatorsIndex.build(tdb.pool);
      for (const f of [{}, { operatorState: 'TX' }, { searchQuery: 'hold' }, { operatorRevenue: 'over_100m' }, { searchQuery: 'care' }] as OperatorFilters[]) {
        const mem = big.page(f, 'revenue', 'desc', 25, 0)!;
        expect(mem.figures, JSON.stringify(f)).toEqual(await operatorStats(tdb.pool, f));
        expect(mem.rows, JSON.stringify(f)).toEqual((await findOperatorPage(tdb.pool, f, 'revenue', 'desc', 25, 0)).map(toOperatorRow));
      }
    } finally {
      await tdb.pool.query('DELETE FROM operators WHERE id = ANY($1::int[])', [rows.map((r) => r.id)]);
    }
  });

  it('leaves search text beyond printable ASCII to SQL', () => {
    expect(index.page({ searchQuery: 'élan' } as OperatorFilters, 'operatorName', 'asc', 10, 0)).toBeNull();
    expect(index.allIds({ searchQuery: 'ÉLAN' } as OperatorFilters, 'operatorName', 'asc')).toBeNull();
    expect(index.page({ searchQuery: 'a\u001fb' } as OperatorFilters, 'operatorName', 'asc', 10, 0)).toBeNull();
    expect(index.page({ searchQuery: 'LAN' } as OperatorFilters, 'operatorName', 'asc', 10, 0)).not.toBeNull();
  });
});

describe('Operator Intelligence over HTTP on the index', () => {
  const http = useIndexAndSqlApps(() => tdb, { email: 'operators-index@example.com', debounceMs: 50, ready: indexReady((app) => app.operatorsIndex) });

  const get = async (url: string) => {
    const [a, b] = await http.both(url);
    expect(a.statusCode, `${url} ${a.body}`).toBe(200);
    return [a.json(), b.json()] as const;
  };

  it('answers every page exactly as the SQL path does', async () => {
    const urls = [
      '/api/operator-insights',
      '/api/operator-insights?pageSize=25&sortField=revenue&sortDirection=desc&page=3',
      '/api/operator-insights?operatorState=tx&sortField=operatorTotalCommunities',
      '/api/operator-insights?searchQuery=care&operatorRevenue=10m_100m&sortField=employees&sortDirection=desc',
      '/api/operator-insights?searchQuery=%241.0M&sortField=city',
      '/api/operator-insights?searchQuery=%C3%A9lan&sortField=state&sortDirection=desc',
      '/api/operator-insights?operatorCity=Austin&operatorTotalCommunities=6_20&pageSize=50',
      '/api/operator-insights?searchQuery=a_b%25&pageSize=25&page=2',
    ];
    for (const url of urls) {
      const [a, b] = await get(url);
      expect(a, url).toEqual(b);
    }
    // And 150 random ones, as the screen would send them.
    for (let k = 0; k < 150; k++) {
      const f = randomFilters() as Record<string, string>;
      const q = new URLSearchParams({
        ...f,
        sortField: pick(OPERATOR_SORT_FIELDS),
        sortDirection: pick(SORT_DIRECTIONS),
        pageSize: String(pick([25, 50, 100])),
        page: String(1 + Math.floor(random() * 4)),
      });
      const url = `/api/operator-insights?${q.toString()}`;
      const [a, b] = await get(url);
      expect(a, url).toEqual(b);
    }
  }, 60_000);

  it('exports the same CSV', async () => {
    for (const url of [
      '/api/operator-insights/export.csv?operatorState=TX&sortField=revenue&sortDirection=desc',
      '/api/operator-insights/export.csv?searchQuery=living&sortField=communities',
    ]) {
      const [a, b] = await http.both(url, { cookie: http.cookie });
      expect(a.statusCode, a.body).toBe(200);
      expect(a.body.split('\n').length).toBeGreaterThan(10);
      expect(a.body).toBe(b.body);
    }
  });

  it('follows a renamed operator, a delisted community and a new employee review', async () => {
    const url = '/api/operator-insights?searchQuery=Zephyrine&pageSize=25';
    expect((await get(url))[0].filteredTotal).toBe(0);
    const { rows } = await tdb.pool.query<{ id: number; n: number }>(
      `SELECT o.id, count(c.id)::int AS n FROM operators o JOIN communities c ON c.operator_id = o.id AND c.listing_status = 'listed'
        GROUP BY o.id ORDER BY o.id LIMIT 1`,
    );
    const { id, n } = rows[0]!;
    const follow = async (write: string) => {
      const version = http.onIndex.operatorsIndex!.version;
      await tdb.pool.query(write, [id]);
      await waitFor(async () => http.onIndex.operatorsIndex!.version > version);
      const [a, b] = await get(url);
      expect(a).toEqual(b);
      expect(a.operators).toHaveLength(1);
      return a.operators[0];
    };
    // operators: NOTIFY search_index.
    let row = await follow(`UPDATE operators SET name = 'Zephyrine Senior Living' WHERE id = $1`);
    expect(row).toMatchObject({ id, operatorName: 'Zephyrine Senior Living', operatorTotalCommunities: n });
    const reviews = row.employeeReviewCount as number;
    // communities (the live count of listed ones): NOTIFY search_index.
    row = await follow(`UPDATE communities SET listing_status = 'delisted' WHERE id = (SELECT min(id) FROM communities WHERE operator_id = $1 AND listing_status = 'listed')`);
    expect(row.operatorTotalCommunities).toBe(n - 1);
    // employee reviews: NOTIFY operators_index (migration 0025).
    row = await follow(
      `INSERT INTO employee_reviews (operator_id, rating, title, content, review_date, job_title, employment_status, source, sentiment)
       VALUES ($1, 5, 'Great', 'Great team.', DATE '2026-02-01', 'Nurse', 'Current', 'Demo', 0.9)`,
    );
    expect(row.employeeReviewCount).toBe(reviews + 1);
  }, 60_000);
});
