// The generated dataset on a real database at a small scale: determinism, distributions, sentiment,
// idempotence and the importer-safe regeneration path.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARE_TYPES, classifySentiment } from '../../../contracts/constants';
import { scoreText } from '../../modules/sentiment/sentiment';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import { ensureDataset, readDatasetMarker } from './dataset';
import { buildPlan, customerReviewChunks, targetCounts } from './generate';
import { STATE_PRICE_FACTOR, STATES } from './geo';

const SCALE = 0.01;
const SEED = 4242;
const NOW = new Date('2026-11-20T12:00:00Z');

let a: TestDatabase;
let b: TestDatabase;

/** md5 of every generated row of every dataset table, in id order. */
async function fingerprint(tdb: TestDatabase): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of ['operators', 'communities', 'community_pricing', 'customer_reviews', 'employee_reviews']) {
    const { rows } = await tdb.pool.query<{ h: string }>(`SELECT md5(string_agg(t::text, '|' ORDER BY t.id)) AS h FROM ${table} t`);
    out[table] = rows[0]?.h ?? '';
  }
  return out;
}

async function count(tdb: TestDatabase, sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await tdb.pool.query<Record<string, string | number>>(sql, params);
  return Number(Object.values(rows[0] ?? {})[0] ?? 0);
}

beforeAll(async () => {
  [a, b] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  const first = await ensureDataset(a.pool, { scale: SCALE, seed: SEED, now: NOW });
  expect(first.generated).toBe(true);
});
afterAll(async () => {
  await Promise.all([a?.drop(), b?.drop()]);
});

describe('ensureDataset', () => {
  it('loads the target counts and records them in app_meta', async () => {
    const target = targetCounts(SCALE);
    expect(await count(a, 'SELECT count(*) FROM communities')).toBe(target.communities);
    expect(await count(a, 'SELECT count(*) FROM operators')).toBe(target.operators);
    expect(await count(a, 'SELECT count(*) FROM customer_reviews')).toBe(target.customerReviews);
    expect(await count(a, 'SELECT count(*) FROM employee_reviews')).toBe(target.employeeReviews);
    const marker = await readDatasetMarker(a.pool);
    expect(marker).toMatchObject({ scale: SCALE, seed: SEED, counts: target });
    // Sequences continue after the generated ids.
    const { rows } = await a.pool.query<{ id: number }>(
      "INSERT INTO operators (name, source, source_id) VALUES ('New Op', 'test', 'x1') RETURNING id",
    );
    expect(rows[0]?.id).toBe(target.operators + 1);
    await a.pool.query("DELETE FROM operators WHERE source = 'test'");
  });

  it('scales counts with the scale (scale 1 is the product scale)', () => {
    const full = targetCounts(1);
    expect(full.communities).toBeGreaterThanOrEqual(45_000);
    expect(full.operators).toBeGreaterThanOrEqual(7_000);
    expect(full.customerReviews).toBeGreaterThanOrEqual(1_600_000);
    expect(full.employeeReviews).toBeGreaterThanOrEqual(100_000);
    const small = targetCounts(0.02);
    expect(small.communities / targetCounts(0.01).communities).toBeCloseTo(2, 1);
    expect(small.customerReviews / targetCounts(0.01).customerReviews).toBeCloseTo(2, 1);
  });

  it('is deterministic: the same seed gives identical rows, another seed different ones', async () => {
    await ensureDataset(b.pool, { scale: SCALE, seed: SEED, now: NOW });
    expect(await fingerprint(b)).toEqual(await fingerprint(a));
    const other = buildPlan({ scale: SCALE, seed: SEED + 1, now: NOW });
    const same = buildPlan({ scale: SCALE, seed: SEED, now: NOW });
    expect(other.communities.map((c) => c.name)).not.toEqual(same.communities.map((c) => c.name));
    expect(customerReviewChunks(other).next().value?.equals(customerReviewChunks(same).next().value as Buffer)).toBe(false);
  });

  it('skips a second run and changes nothing', async () => {
    const before = await fingerprint(a);
    const again = await ensureDataset(a.pool, { scale: SCALE, seed: SEED, now: NOW });
    expect(again.generated).toBe(false);
    expect(await fingerprint(a)).toEqual(before);
  });

  it('keeps aggregates consistent (refreshAggregates has nothing to fix)', async () => {
    expect(
      await count(
        a,
        `SELECT count(*) FROM communities c
           LEFT JOIN (SELECT community_id, round(avg(rating)::numeric, 2)::real AS r, count(*)::int AS n FROM customer_reviews GROUP BY 1) x
             ON x.community_id = c.id
          WHERE c.rating <> coalesce(x.r, 0) OR c.review_count <> coalesce(x.n, 0)`,
      ),
    ).toBe(0);
    expect(
      await count(
        a,
        `SELECT count(*) FROM communities c
           LEFT JOIN (SELECT community_id, min(min_price) AS lo, max(max_price) AS hi FROM community_pricing GROUP BY 1) p ON p.community_id = c.id
          WHERE c.min_price IS DISTINCT FROM p.lo OR c.max_price IS DISTINCT FROM p.hi`,
      ),
    ).toBe(0);
    expect(
      await count(a, 'SELECT count(*) FROM operators o WHERE community_count <> (SELECT count(*) FROM communities c WHERE c.operator_id = o.id)'),
    ).toBe(0);
  });
});

describe('the generated data', () => {
  it('covers all 50 states and DC at real ZIPs and coordinates', async () => {
    const { rows } = await a.pool.query<{ state: string }>('SELECT DISTINCT state FROM communities ORDER BY 1');
    expect(rows.map((r) => r.state)).toEqual(STATES);
    expect(await count(a, "SELECT count(*) FROM communities WHERE zip_code !~ '^[0-9]{5}$' OR lat IS NULL OR lng IS NULL")).toBe(0);
    // Weighted by population: California has more communities than Wyoming.
    const ca = await count(a, "SELECT count(*) FROM communities WHERE state = 'CA'");
    const wy = await count(a, "SELECT count(*) FROM communities WHERE state = 'WY'");
    expect(ca).toBeGreaterThan(wy * 5);
  });

  it('fills every community column plausibly', async () => {
    const { rows } = await a.pool.query(
      `SELECT count(*) FILTER (WHERE address !~ '^[0-9]+ [A-Za-z]') AS bad_address,
              count(*) FILTER (WHERE phone !~ '^\\([0-9]{3}\\) [0-9]{3}-[0-9]{4}$') AS bad_phone,
              count(*) FILTER (WHERE email !~ '@' OR website !~ '^https://') AS bad_contact,
              count(*) FILTER (WHERE length(description) < 40 OR length(overview) < 80) AS bad_text,
              count(*) FILTER (WHERE cardinality(care_types) NOT BETWEEN 1 AND 4) AS bad_care,
              count(*) FILTER (WHERE owner_type NOT IN ('Private', 'Non-Profit', 'Public')) AS bad_owner,
              count(*) FILTER (WHERE score NOT BETWEEN 1 AND 5 OR capacity < 1) AS bad_score,
              count(*) FILTER (WHERE cardinality(photos) = 0) AS no_photos,
              count(*) FILTER (WHERE cardinality(photos) > 5) AS many_photos,
              count(*) FILTER (WHERE min_price IS NULL) AS no_pricing,
              count(*) FILTER (WHERE operator_id IS NULL) AS no_operator,
              count(*) FILTER (WHERE source <> 'generated') AS foreign_rows,
              count(*) AS total
         FROM communities`,
    );
    const r = rows[0] as Record<string, string>;
    for (const k of ['bad_address', 'bad_phone', 'bad_contact', 'bad_text', 'bad_care', 'bad_owner', 'bad_score', 'many_photos', 'foreign_rows']) {
      expect([k, Number(r[k])]).toEqual([k, 0]);
    }
    const total = Number(r.total);
    expect(Number(r.no_photos)).toBeGreaterThan(0);
    expect(Number(r.no_photos)).toBeLessThan(total * 0.3);
    expect(Number(r.no_pricing)).toBeGreaterThan(0);
    expect(Number(r.no_pricing)).toBeLessThan(total * 0.15);
    expect(Number(r.no_operator)).toBeLessThan(total * 0.15);
    const photo = await a.pool.query<{ id: number; photos: string[] }>('SELECT id, photos FROM communities WHERE cardinality(photos) > 0 LIMIT 1');
    const p = photo.rows[0] as { id: number; photos: string[] };
    expect(p.photos[0]).toBe(`/media/communities/${p.id}/1.svg`);
    const { rows: careRows } = await a.pool.query<{ ct: string }>('SELECT DISTINCT unnest(care_types) AS ct FROM communities');
    expect(careRows.map((x) => x.ct).sort()).toEqual([...CARE_TYPES].sort());
  });

  it('prices care types in the right order around the national medians', async () => {
    const { rows } = await a.pool.query<{ care_type: string; mid: number; width: number }>(
      'SELECT care_type, avg((min_price + max_price) / 2.0)::float8 AS mid, avg(max_price - min_price)::float8 AS width FROM community_pricing GROUP BY 1',
    );
    const mid = Object.fromEntries(rows.map((r) => [r.care_type, r.mid]));
    expect(mid['Independent Living']).toBeLessThan(mid['Assisted Living'] as number);
    expect(mid['Assisted Living']).toBeLessThan(mid['Memory Care'] as number);
    expect(mid['Memory Care']).toBeLessThan(mid['Skilled Nursing'] as number);
    expect(mid['Assisted Living']).toBeGreaterThan(4500);
    expect(mid['Assisted Living']).toBeLessThan(6300);
    expect(mid['Skilled Nursing']).toBeGreaterThan(8000);
    expect(mid['Skilled Nursing']).toBeLessThan(10800);
    for (const r of rows) expect(r.width).toBeGreaterThan(200);
    expect(await count(a, 'SELECT count(*) FROM community_pricing WHERE max_price - min_price NOT BETWEEN 200 AND 2300 OR min_price <= 0')).toBe(0);
  });

  it('spreads prices by state (dear states well above cheap ones)', async () => {
    const dear = STATES.filter((s) => (STATE_PRICE_FACTOR[s] ?? 1) >= 1.25);
    const cheap = STATES.filter((s) => (STATE_PRICE_FACTOR[s] ?? 1) <= 0.85);
    const avgFor = async (states: string[]) =>
      (
        await a.pool.query<{ v: number }>(
          `SELECT avg(p.min_price::float8 / CASE p.care_type WHEN 'Independent Living' THEN 3150 WHEN 'Assisted Living' THEN 5350
                                                    WHEN 'Memory Care' THEN 6950 ELSE 9200 END)::float8 AS v
             FROM community_pricing p JOIN communities c ON c.id = p.community_id WHERE c.state = ANY($1)`,
          [states],
        )
      ).rows[0]?.v ?? 0;
    const ratio = (await avgFor(dear)) / (await avgFor(cheap));
    expect(ratio).toBeGreaterThan(1.4);
    expect(ratio).toBeLessThan(2.6);
  });

  it('has mostly 4-5 star customer reviews with a long tail of 1-2', async () => {
    const { rows } = await a.pool.query<{ rating: number; n: number }>('SELECT rating, count(*)::int AS n FROM customer_reviews GROUP BY 1');
    const total = rows.reduce((s, r) => s + r.n, 0);
    const share = (pred: (r: number) => boolean) => rows.filter((r) => pred(r.rating)).reduce((s, r) => s + r.n, 0) / total;
    expect(share((r) => r >= 4)).toBeGreaterThan(0.7);
    expect(share((r) => r <= 2)).toBeGreaterThan(0.04);
    expect(share((r) => r <= 2)).toBeLessThan(0.2);
    expect(await count(a, "SELECT count(*) FROM customer_reviews WHERE review_date < '2019-01-01' OR review_date > $1", [NOW.toISOString().slice(0, 10)])).toBe(0);
    expect(await count(a, 'SELECT count(DISTINCT extract(year FROM review_date)) FROM customer_reviews')).toBe(8);
    const { rows: sources } = await a.pool.query<{ source: string }>('SELECT DISTINCT source FROM customer_reviews ORDER BY 1');
    expect(sources.map((s) => s.source)).toEqual(['A Place for Mom', 'Caring.com', 'Google', 'SeniorAdvisor', 'Yelp']);
  });

  it('words reviews to match their rating', async () => {
    const { rows } = await a.pool.query<{ rating: number; s: number }>(
      'SELECT rating, avg(sentiment)::float8 AS s FROM customer_reviews GROUP BY 1 ORDER BY 1',
    );
    const s = Object.fromEntries(rows.map((r) => [r.rating, r.s])) as Record<number, number>;
    expect(s[5]! - s[1]!).toBeGreaterThan(0.5);
    expect(s[5]).toBeGreaterThan(0.6);
    expect(s[1]).toBeLessThan(0.4);
    expect(s[3]).toBeGreaterThan(0.4);
    expect(s[3]).toBeLessThan(0.65);
    const sample = await a.pool.query<{ rating: number; content: string }>(
      'SELECT rating, content FROM customer_reviews WHERE rating IN (1, 5) ORDER BY id LIMIT 400',
    );
    const right = sample.rows.filter((r) => classifySentiment(scoreText(r.content)) === (r.rating === 5 ? 'Positive' : 'Negative')).length;
    expect(right / sample.rows.length).toBeGreaterThan(0.9);
  });

  it('stores sentiment = scoreText(content) for every sampled review', async () => {
    for (const table of ['customer_reviews', 'employee_reviews']) {
      const { rows } = await a.pool.query<{ content: string; sentiment: number }>(
        `SELECT content, sentiment FROM ${table} ORDER BY md5(id::text) LIMIT 300`,
      );
      expect(rows.length).toBe(300);
      for (const r of rows) expect(Math.abs(r.sentiment - scoreText(r.content))).toBeLessThan(1e-6);
    }
  });

  it('gives employee reviews job titles, status, location and Indeed/Glassdoor sources', async () => {
    const { rows } = await a.pool.query(
      `SELECT count(*) FILTER (WHERE employment_status NOT IN ('current', 'former')) AS bad_status,
              count(*) FILTER (WHERE source NOT IN ('Indeed', 'Glassdoor')) AS bad_source,
              count(*) FILTER (WHERE location !~ ', [A-Z]{2}$') AS bad_location,
              count(DISTINCT job_title) AS jobs,
              avg(sentiment) FILTER (WHERE rating = 5)::float8 AS s5,
              avg(sentiment) FILTER (WHERE rating = 1)::float8 AS s1
         FROM employee_reviews`,
    );
    const r = rows[0] as Record<string, string | number>;
    expect(Number(r.bad_status) + Number(r.bad_source) + Number(r.bad_location)).toBe(0);
    expect(Number(r.jobs)).toBeGreaterThan(8);
    expect(Number(r.s5) - Number(r.s1)).toBeGreaterThan(0.4);
  });

  it('spreads operator sizes from national chains to single-site operators', async () => {
    const { rows } = await a.pool.query<{ max: number; singles: number; total: number; with_urls: number }>(
      `SELECT max(community_count)::int AS max, count(*) FILTER (WHERE community_count = 1)::int AS singles, count(*)::int AS total,
              count(*) FILTER (WHERE indeed_url IS NOT NULL)::int AS with_urls
         FROM operators`,
    );
    const r = rows[0] as { max: number; singles: number; total: number; with_urls: number };
    expect(r.max).toBeGreaterThanOrEqual(40);
    expect(r.singles / r.total).toBeGreaterThan(0.35);
    expect(r.with_urls).toBeGreaterThan(0);
    // Revenue grows with size.
    const { rows: rev } = await a.pool.query<{ big: number; small: number }>(
      `SELECT avg(revenue) FILTER (WHERE community_count >= 6)::float8 AS big, avg(revenue) FILTER (WHERE community_count = 1)::float8 AS small FROM operators`,
    );
    expect(rev[0]!.big).toBeGreaterThan(rev[0]!.small * 4);
  });

  it('dates some communities in the last week (at the product scale, about 0.3%)', () => {
    const plan = buildPlan({ scale: 0.05, seed: SEED, now: NOW });
    const week = plan.communities.filter((c) => NOW.getTime() - Date.parse(c.createdAt) < 7 * 86_400_000).length;
    expect(week).toBeGreaterThan(0);
    expect(week).toBeLessThan(plan.communities.length * 0.01);
  });
});

describe('regeneration next to imported rows', () => {
  it('never touches rows from an importer (source <> generated)', async () => {
    await b.pool.query(
      "INSERT INTO communities (name, city, state, source, source_id) VALUES ('Imported Home', 'Austin', 'TX', 'cms', '999999')",
    );
    const r = await ensureDataset(b.pool, { scale: SCALE, seed: SEED + 1, now: NOW, force: true });
    expect(r.generated).toBe(true);
    expect(await count(b, "SELECT count(*) FROM communities WHERE source = 'cms'")).toBe(1);
    expect(await count(b, "SELECT count(*) FROM communities WHERE source = 'generated'")).toBe(targetCounts(SCALE).communities);
    expect(await count(b, 'SELECT count(*) FROM customer_reviews')).toBe(targetCounts(SCALE).customerReviews);
    expect((await readDatasetMarker(b.pool))?.seed).toBe(SEED + 1);
  });
});

describe('an interrupted generation', () => {
  it('leaves nothing behind and no marker (one transaction)', async () => {
    const c = await createTestDatabase();
    try {
      await c.pool.query("INSERT INTO users (email) VALUES ('keep@example.com')");
      // Make the last COPY fail half-way: no 5-star reviews allowed.
      await c.pool.query('ALTER TABLE customer_reviews ADD CONSTRAINT no_five CHECK (rating < 5)');
      await expect(ensureDataset(c.pool, { scale: SCALE, seed: SEED, now: NOW })).rejects.toThrow(/no_five/);
      expect(await count(c, 'SELECT count(*) FROM communities')).toBe(0);
      expect(await count(c, 'SELECT count(*) FROM operators')).toBe(0);
      expect(await readDatasetMarker(c.pool)).toBeNull();
      expect(await count(c, 'SELECT count(*) FROM users')).toBe(1);
      // Indexes dropped for the bulk load are back (the DROP was rolled back with the rest).
      expect(await count(c, "SELECT count(*) FROM pg_indexes WHERE tablename = 'customer_reviews'")).toBeGreaterThanOrEqual(3);
    } finally {
      await c.drop();
    }
  });
});
