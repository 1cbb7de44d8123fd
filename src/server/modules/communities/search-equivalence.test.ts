// The faster search statements (ADR 018) against the plain ones they replace, on 500 random filter
// combinations over a seeded directory of 800 communities: the one-scan count (total + unpriced) equals
// the two separate counts, and the lateral price join gives the same pages, in the same order, as the grouped one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AMENITY_OPTIONS, CARE_TYPES, SEARCH_SORTS } from '../../../contracts/constants';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import { insertPricingRows } from '../../test/factories';
import { countCommunities, countResult, findPageIds, type SearchCriteria } from './search.repo';
import { rng, TEST_CITIES } from '../../test/random';
import { randomCriteria } from '../../test/search-criteria';

let tdb: TestDatabase;
const N = 800;
const WORDS = ['Oak', 'Maple', 'Sunrise', 'Garden', 'Village', 'Manor', 'Springfield', 'Hills'];


beforeAll(async () => {
  tdb = await createTestDatabase();
  const random = rng(2026);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
  const rows = Array.from({ length: N }, (_, i) => {
    const [city, state] = pick(TEST_CITIES);
    const careTypes = [...new Set([pick(CARE_TYPES), pick(CARE_TYPES), pick(CARE_TYPES)].slice(0, 1 + Math.floor(random() * 3)))];
    // Several price rows per care type sometimes, no price at all sometimes, and many equal prices (ties decide by id).
    const pricing = random() < 0.75 ? careTypes.flatMap((c) => Array.from({ length: random() < 0.2 ? 2 : 1 }, () => [c, 2000 + Math.floor(random() * 12) * 500] as const)) : [];
    return {
      name: `${pick(WORDS)} ${pick(WORDS)} ${i % 7 === 0 ? city : ''}`.trim(),
      city,
      state,
      lat: 30 + random() * 12,
      lng: -100 + random() * 20,
      careTypes,
      amenities: [...new Set([pick(AMENITY_OPTIONS), pick(AMENITY_OPTIONS)])].slice(0, Math.floor(random() * 3)),
      rating: Math.round(random() * 50) / 10,
      reviews: Math.floor(random() * 40),
      listed: random() < 0.95,
      pricing: pricing.map(([c, min]) => ({ careType: c, min, max: min + 500 + Math.floor(random() * 4) * 500 })),
    };
  });
  const { rows: inserted } = await tdb.pool.query<{ id: number }>(
    `INSERT INTO communities (name, address, city, state, zip_code, lat, lng, care_types, amenities, photos, rating, review_count, min_price, max_price, listing_status, source_id)
     SELECT r.name, '1 Main St', r.city, r.state, '00000', r.lat, r.lng, r.care_types, r.amenities, '{}', r.rating, r.reviews, r.min_price, r.max_price, r.listing_status, r.source_id
       FROM json_to_recordset($1::json) AS r(name text, city text, state text, lat float8, lng float8, care_types text[], amenities text[], rating real,
                                            reviews int, min_price int, max_price int, listing_status text, source_id text)
     RETURNING id`,
    [
      JSON.stringify(
        rows.map((r, i) => ({
          ...r,
          care_types: r.careTypes,
          min_price: r.pricing.length ? Math.min(...r.pricing.map((p) => p.min)) : null,
          max_price: r.pricing.length ? Math.max(...r.pricing.map((p) => p.max)) : null,
          listing_status: r.listed ? 'listed' : 'delisted',
          source_id: `e${i}`,
        })),
      ),
    ],
  );
  const pricing = rows.flatMap((r, i) => r.pricing.map((p) => ({ community_id: inserted[i]!.id, care_type: p.careType, min_price: p.min, max_price: p.max })));
  await insertPricingRows(tdb.pool, pricing);
  await tdb.pool.query('ANALYZE communities; ANALYZE community_pricing');
});
afterAll(async () => {
  await tdb?.drop();
});

const randomSearch = (random: () => number): SearchCriteria =>
  randomCriteria(random, {
    locations: ({ pick, city, state, sameName }) => [
      { kind: 'none' },
      { kind: 'state', state },
      { kind: 'city', cities: [{ city, state, rank: 1 }] },
      { kind: 'city', cities: sameName, nameText: city },
      { kind: 'near', lat: 30 + random() * 12, lng: -100 + random() * 20, radiusMiles: 50 + random() * 150 },
      { kind: 'name', text: pick(WORDS).toLowerCase() },
      { kind: 'name', text: pick(WORDS), state },
    ],
  });

describe('search statements: the new against the plain ones (ADR 018)', () => {
  it('agree on 500 random filter combinations: totals, unpriced counts, and every page of the price sorts', async () => {
    const random = rng(99);
    let nonEmpty = 0;
    let banded = 0;
    for (let i = 0; i < 500; i++) {
      const c = randomSearch(random);
      const label = JSON.stringify(c);
      const fast = await countResult(tdb.pool, c);
      const total = await countCommunities(tdb.pool, c);
      const hasBand = c.priceMin !== undefined || c.priceMax !== undefined;
      expect(fast, label).toEqual({ total, unpriced: hasBand ? await countCommunities(tdb.pool, c, 'unpriced') : 0 });
      if (total > 0) nonEmpty++;
      if (hasBand && fast.unpriced > 0) banded++;

      const sort = SEARCH_SORTS[i % SEARCH_SORTS.length]!;
      const pageSize = 1 + Math.floor(random() * 30);
      const grouped = await findPageIds(tdb.pool, c, sort, 1000, 0, 'grouped');
      const lateral = await findPageIds(tdb.pool, c, sort, 1000, 0, 'lateral');
      expect(lateral, label).toEqual(grouped);
      expect(grouped).toHaveLength(total); // the page statement and the count keep the same communities
      // A random page of the lateral join is that slice of the grouped order.
      const page = Math.floor(random() * Math.max(1, Math.ceil(total / pageSize)));
      expect(await findPageIds(tdb.pool, c, sort, pageSize, page * pageSize, 'lateral'), label).toEqual(grouped.slice(page * pageSize, (page + 1) * pageSize));
    }
    // The random filters are not trivially empty.
    expect(nonEmpty).toBeGreaterThan(250);
    expect(banded).toBeGreaterThan(50);
    // ~3,000 statements: 12 s on a quiet machine, over 30 s under the load of parallel suites (ADR 017).
  }, 180_000);
});
