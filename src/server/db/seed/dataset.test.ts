// The generated dataset on a real database at a small scale: determinism, distributions, sentiment,
// idempotence and the importer-safe regeneration path.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARE_TYPES, classifySentiment } from '../../../contracts/constants';
import { scoreText } from '../../lib/sentiment';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import { PRICE_FACTORS } from './calibration';
import { isFictionalPhone, isReservedEmail, isReservedWebsite } from './contact';
import { DATASET_VERSION, ensureDataset, readDatasetMarker } from './dataset';
import { AMENITY_EQUIVALENTS, buildPlan, customerReviewChunks, targetCounts } from './generate';
import { STATES } from './geo';
import { careTypesNamed } from './text';

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
    expect(marker).toMatchObject({ version: DATASET_VERSION, scale: SCALE, seed: SEED, counts: target });
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

  it('spreads prices by state and care type (dear states well above cheap ones)', async () => {
    for (const careType of ['Assisted Living', 'Skilled Nursing'] as const) {
      const f = PRICE_FACTORS[careType];
      const dear = STATES.filter((s) => (f[s] ?? 1) >= 1.25);
      const cheap = STATES.filter((s) => (f[s] ?? 1) <= 0.85);
      const avgFor = async (states: string[]) =>
        (
          await a.pool.query<{ v: number }>(
            `SELECT avg(p.min_price)::float8 AS v
               FROM community_pricing p JOIN communities c ON c.id = p.community_id WHERE c.state = ANY($1) AND p.care_type = $2`,
            [states, careType],
          )
        ).rows[0]?.v ?? 0;
      const ratio = (await avgFor(dear)) / (await avgFor(cheap));
      expect([careType, ratio > 1.4 && ratio < 3.2]).toEqual([careType, true]);
    }
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

  it('gives employee reviews job titles, status and location', async () => {
    const { rows } = await a.pool.query(
      `SELECT count(*) FILTER (WHERE employment_status NOT IN ('current', 'former')) AS bad_status,
              count(*) FILTER (WHERE location !~ ', [A-Z]{2}$') AS bad_location,
              count(DISTINCT job_title) AS jobs,
              avg(sentiment) FILTER (WHERE rating = 5)::float8 AS s5,
              avg(sentiment) FILTER (WHERE rating = 1)::float8 AS s1
         FROM employee_reviews`,
    );
    const r = rows[0] as Record<string, string | number>;
    expect(Number(r.bad_status) + Number(r.bad_location)).toBe(0);
    expect(Number(r.jobs)).toBeGreaterThan(8);
    expect(Number(r.s5) - Number(r.s1)).toBeGreaterThan(0.4);
  });

  it('spreads operator sizes from national chains to single-site operators', async () => {
    const { rows } = await a.pool.query<{ max: number; singles: number; total: number }>(
      `SELECT max(community_count)::int AS max, count(*) FILTER (WHERE community_count = 1)::int AS singles, count(*)::int AS total
         FROM operators`,
    );
    const r = rows[0] as { max: number; singles: number; total: number };
    expect(r.max).toBeGreaterThanOrEqual(20);
    expect(r.singles / r.total).toBeGreaterThan(0.35);
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

describe('honest demo data: every generated row', () => {
  it('gives every community a fictional 555-01XX phone of its state and reserved e-mail / web addresses', async () => {
    const { rows } = await a.pool.query<{ id: number; state: string; phone: string; email: string; website: string; text: string }>(
      'SELECT id, state, phone, email, website, description || overview AS text FROM communities ORDER BY id',
    );
    expect(rows.length).toBe(targetCounts(SCALE).communities);
    const bad = rows.filter((r) => !isFictionalPhone(r.phone, r.state) || !isReservedEmail(r.email) || !isReservedWebsite(r.website));
    expect(bad).toEqual([]);
    // No link or address hides in the prose either.
    expect(rows.filter((r) => /https?:|www\.|@|\.com\b/.test(r.text))).toEqual([]);
  });

  it('gives every operator a fictional phone, reserved addresses and no job-site links', async () => {
    const { rows } = await a.pool.query<{ state: string; phone: string; email: string | null; webpage: string | null; indeed_url: string | null; glassdoor_url: string | null }>(
      'SELECT state, phone, email, webpage, indeed_url, glassdoor_url FROM operators ORDER BY id',
    );
    expect(rows.length).toBe(targetCounts(SCALE).operators);
    const bad = rows.filter(
      (r) =>
        !isFictionalPhone(r.phone, r.state) ||
        (r.email !== null && !isReservedEmail(r.email)) ||
        (r.webpage !== null && !isReservedWebsite(r.webpage)) ||
        r.indeed_url !== null ||
        r.glassdoor_url !== null,
    );
    expect(bad).toEqual([]);
    expect(rows.filter((r) => r.email !== null).length).toBeGreaterThan(rows.length / 2);
  });

  it('marks every review as Demo and none as Verified', async () => {
    for (const table of ['customer_reviews', 'employee_reviews']) {
      const { rows } = await a.pool.query<{ total: number; sources: string[]; kinds: string[] }>(
        `SELECT count(*)::int AS total, array_agg(DISTINCT source) AS sources, array_agg(DISTINCT source_kind) AS kinds FROM ${table}`,
      );
      expect(rows[0]).toEqual({ total: table === 'customer_reviews' ? targetCounts(SCALE).customerReviews : targetCounts(SCALE).employeeReviews, sources: ['Demo'], kinds: ['demo'] });
    }
    expect(await count(a, 'SELECT count(*) FROM customer_reviews WHERE verified')).toBe(0);
  });

  it('names in a review only care types its community offers', async () => {
    const { rows } = await a.pool.query<{ content: string; care_types: string[] }>(
      'SELECT r.content, c.care_types FROM customer_reviews r JOIN communities c ON c.id = r.community_id',
    );
    expect(rows.length).toBe(targetCounts(SCALE).customerReviews);
    const offered = (cts: string[]) => careTypesNamed(cts.join(' '));
    const bad = rows.filter((r) => (careTypesNamed(r.content) & ~offered(r.care_types)) !== 0);
    expect(bad.slice(0, 3)).toEqual([]);
    // The check can fail: care-type sentences are in use where they fit.
    expect(rows.filter((r) => careTypesNamed(r.content) !== 0).length).toBeGreaterThan(rows.length * 0.02);
  });

  it('keeps one relative per review with agreeing pronouns', async () => {
    const { rows } = await a.pool.query<{ content: string }>('SELECT content FROM customer_reviews');
    const female = /\b(she|her|hers|mother|mom|grandmother|aunt|wife|mother-in-law)\b/i;
    const male = /\b(he|him|his|father|dad|grandfather|uncle|husband|father-in-law)\b/i;
    const mixed = rows.filter((r) => female.test(r.content) && male.test(r.content));
    expect(mixed.slice(0, 3)).toEqual([]);
    expect(rows.filter((r) => male.test(r.content)).length).toBeGreaterThan(rows.length * 0.1);
    expect(rows.filter((r) => female.test(r.content)).length).toBeGreaterThan(rows.length * 0.1);
  });

  it('uses "an" before a vowel in descriptions, overviews and reviews', async () => {
    const { rows } = await a.pool.query<{ text: string }>(
      `SELECT description || ' ' || overview AS text FROM communities
        UNION ALL SELECT content FROM customer_reviews UNION ALL SELECT content FROM employee_reviews`,
    );
    // "an" before a vowel sound: a vowel letter or a spelled-out abbreviation ("an RN", "an LPN").
    const wrong = rows.filter((r) => /\b[Aa] [aeioAEIO]/.test(r.text) || /\b[Aa]n (?![aeiouAEIOU]|[A-Z]{2,}\b)/.test(r.text));
    expect(wrong.slice(0, 3)).toEqual([]);
    expect(rows.some((r) => /\ban assisted living community\b/.test(r.text))).toBe(true);
  });

  it('keeps community names unique within a city', async () => {
    expect(await count(a, 'SELECT count(*) FROM (SELECT 1 FROM communities GROUP BY state, city, lower(name) HAVING count(*) > 1) d')).toBe(0);
  });

  it('matches an amenity in search exactly when it matches the same amenity in Community Insights', async () => {
    for (const e of AMENITY_EQUIVALENTS) {
      const column = e.list === 'communityAmenities' ? 'community_amenities' : 'dining_services';
      const { rows } = await a.pool.query<{ both: number; differ: number }>(
        `SELECT count(*) FILTER (WHERE $1 = ANY(amenities) AND $2 = ANY(${column}))::int AS both,
                count(*) FILTER (WHERE ($1 = ANY(amenities)) <> ($2 = ANY(${column})))::int AS differ
           FROM communities`,
        [e.amenity, e.value],
      );
      expect([e.amenity, rows[0]?.differ]).toEqual([e.amenity, 0]);
      expect(rows[0]?.both).toBeGreaterThan(0);
    }
    // Round-the-clock nursing is listed as 24/7 care too.
    expect(await count(a, "SELECT count(*) FROM communities WHERE '24/7 Nursing' = ANY(healthcare_services) AND NOT '24/7 Care' = ANY(amenities)")).toBe(0);
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

  it('regenerates a dataset built by an older generator version on the next start', async () => {
    await b.pool.query("UPDATE app_meta SET value = value - 'version' WHERE key = 'dataset'");
    await b.pool.query("UPDATE customer_reviews SET source = 'Google', verified = true");
    const r = await ensureDataset(b.pool, { scale: SCALE, seed: SEED + 1, now: NOW });
    expect(r.generated).toBe(true);
    expect((await readDatasetMarker(b.pool))?.version).toBe(DATASET_VERSION);
    expect(await count(b, "SELECT count(*) FROM customer_reviews WHERE source <> 'Demo' OR verified")).toBe(0);
    expect(await count(b, "SELECT count(*) FROM communities WHERE source = 'cms'")).toBe(1);
    expect((await ensureDataset(b.pool, { scale: SCALE, seed: SEED + 1, now: NOW })).generated).toBe(false);
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
