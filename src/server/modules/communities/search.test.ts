import { promisify } from 'node:util';
import { gunzipSync, gzip, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ratingScore } from '../../../contracts/constants';
import type { MapPointsResponse, SearchCommunity, SearchResponse } from '../../../contracts/search';
import { buildTestApp, createTestDatabase, type TestDatabase } from '../../test/db';
import { trigramSimilarity, trigrams } from './city-index';
import { gzipChunkFor } from './search.service';
import type { App } from '../../types';

let tdb: TestDatabase;
let app: App;

interface Seed {
  name: string;
  city: string;
  state: string;
  zip: string;
  lat: number | null;
  lng: number | null;
  careTypes: string[];
  amenities: string[];
  rating: number;
  reviews: number;
  pricing: [string, number, number][];
  operator?: 0 | 1;
  description?: string;
}

// A handful of communities whose every fact the assertions below rely on.
const SEEDS: Seed[] = [
  { name: 'Naperville Gardens', city: 'Naperville', state: 'IL', zip: '60540', lat: 41.7662, lng: -88.141, careTypes: ['Assisted Living', 'Memory Care'], amenities: ['Pet Friendly', 'Fitness Center'], rating: 4.5, reviews: 20, pricing: [['Memory Care', 6000, 7500], ['Assisted Living', 4000, 5000]], operator: 0, description: 'Gardens and care.' },
  { name: 'Riverwalk Manor', city: 'Naperville', state: 'IL', zip: '60563', lat: 41.7895, lng: -88.169, careTypes: ['Independent Living'], amenities: ['Pet Friendly'], rating: 4.8, reviews: 5, pricing: [['Independent Living', 2500, 3000]], operator: 1 },
  { name: 'Aurora Oaks', city: 'Aurora', state: 'IL', zip: '60505', lat: 41.7582, lng: -88.2971, careTypes: ['Assisted Living'], amenities: ['Swimming Pool'], rating: 3.9, reviews: 40, pricing: [['Assisted Living', 3500, 4200]] },
  { name: 'Chicago Lakeshore', city: 'Chicago', state: 'IL', zip: '60601', lat: 41.8858, lng: -87.6181, careTypes: ['Skilled Nursing', 'Memory Care'], amenities: [], rating: 4.5, reviews: 100, pricing: [] },
  { name: 'Springfield Place', city: 'Springfield', state: 'IL', zip: '62701', lat: 39.8, lng: -89.6495, careTypes: ['Assisted Living'], amenities: [], rating: 4.0, reviews: 10, pricing: [['Assisted Living', 3000, 3500]] },
  { name: 'Austin Hills', city: 'Austin', state: 'TX', zip: '78701', lat: 30.2713, lng: -97.7426, careTypes: ['Independent Living', 'Assisted Living'], amenities: ['Pet Friendly', 'Fitness Center', 'Swimming Pool'], rating: 4.2, reviews: 12, pricing: [['Independent Living', 2000, 2600], ['Assisted Living', 4500, 5200]], operator: 0 },
  { name: 'Naperville Tribute', city: 'Dallas', state: 'TX', zip: '75201', lat: 32.7904, lng: -96.8044, careTypes: ['Memory Care'], amenities: [], rating: 3.0, reviews: 3, pricing: [['Memory Care', 7000, 9000]] },
  { name: 'Justin Meadows', city: 'Justin', state: 'TX', zip: '76247', lat: 33.0734, lng: -97.3093, careTypes: ['Assisted Living'], amenities: [], rating: 4.5, reviews: 20, pricing: [['Assisted Living', 3100, 3900]] },
  { name: 'Pasadena Vista', city: 'Pasadena', state: 'CA', zip: '91101', lat: null, lng: null, careTypes: ['Independent Living'], amenities: ['Housekeeping'], rating: 0, reviews: 0, pricing: [['Independent Living', 5500, 6500]] },
  { name: 'The Willows', city: 'Springfield', state: 'MA', zip: '01103', lat: 42.1029, lng: -72.5887, careTypes: ['Assisted Living'], amenities: [], rating: 4.9, reviews: 8, pricing: [] },
];

const ids = new Map<string, number>();
const id = (name: string) => ids.get(name) ?? -1;
const namesOf = (list: { name: string }[]) => list.map((c) => c.name);

async function get<T>(url: string): Promise<{ status: number; body: T }> {
  const res = await app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() as T };
}

async function search(qs: string): Promise<SearchResponse> {
  const res = await get<SearchResponse>(`/api/communities/search${qs ? `?${qs}` : ''}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** Every community of the result, page after page. */
async function allPages(qs: string, pageSize = 3): Promise<SearchCommunity[]> {
  const first = await search(`${qs}&pageSize=${pageSize}&page=1`);
  const out = [...first.communities];
  for (let page = 2; page <= first.totalPages; page++) {
    const next = await search(`${qs}&pageSize=${pageSize}&page=${page}`);
    expect(next.total).toBe(first.total);
    out.push(...next.communities);
  }
  expect(out).toHaveLength(first.total);
  return out;
}

beforeAll(async () => {
  tdb = await createTestDatabase();
  const ops = await tdb.pool.query<{ id: number }>(
    "INSERT INTO operators (name, source_id) VALUES ('Sunrise Senior Living', 'o1'), ('Brookdale', 'o2') RETURNING id",
  );
  for (const [i, s] of SEEDS.entries()) {
    const mins = s.pricing.map((p) => p[1]);
    const maxs = s.pricing.map((p) => p[2]);
    const { rows } = await tdb.pool.query<{ id: number }>(
      `INSERT INTO communities (name, address, city, state, zip_code, lat, lng, care_types, amenities, photos, rating, review_count,
                                min_price, max_price, operator_id, description, phone, source_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, '(555) 010-0000', $17) RETURNING id`,
      [
        s.name, `${i + 1} Main St`, s.city, s.state, s.zip, s.lat, s.lng, s.careTypes, s.amenities, [], s.rating, s.reviews,
        mins.length ? Math.min(...mins) : null, maxs.length ? Math.max(...maxs) : null,
        s.operator === undefined ? null : ops.rows[s.operator]?.id, s.description ?? null, `c${i}`,
      ],
    );
    const cid = rows[0]!.id;
    ids.set(s.name, cid);
    await tdb.pool.query('UPDATE communities SET photos = $2 WHERE id = $1', [cid, [`/media/communities/${cid}/1.svg`]]);
    for (const [careType, min, max] of s.pricing) {
      await tdb.pool.query('INSERT INTO community_pricing (community_id, care_type, min_price, max_price) VALUES ($1, $2, $3, $4)', [cid, careType, min, max]);
    }
  }
  app = await buildTestApp(tdb);
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

describe('GET /api/communities/search: the result', () => {
  it('answers every community with the spec fields, coordinates and operatorName, pricing cheapest first', async () => {
    const res = await search('');
    expect(res.total).toBe(SEEDS.length);
    expect(res.totalPages).toBe(1);
    const gardens = res.communities.find((c) => c.name === 'Naperville Gardens');
    expect(gardens).toEqual({
      id: id('Naperville Gardens'),
      name: 'Naperville Gardens',
      address: '1 Main St',
      city: 'Naperville',
      state: 'IL',
      zipCode: '60540',
      phone: '(555) 010-0000',
      email: null,
      website: null,
      description: 'Gardens and care.',
      rating: 4.5,
      reviewCount: 20,
      careTypes: ['Assisted Living', 'Memory Care'],
      amenities: ['Pet Friendly', 'Fitness Center'],
      photos: [`/media/communities/${id('Naperville Gardens')}/1.svg`],
      pricing: [
        { careType: 'Assisted Living', minPrice: 4000, maxPrice: 5000 },
        { careType: 'Memory Care', minPrice: 6000, maxPrice: 7500 },
      ],
      coordinates: { lat: 41.7662, lng: -88.141 },
      operatorName: 'Sunrise Senior Living',
      source: { kind: 'demo', name: 'Demo data', asOf: null },
      distanceMiles: null,
      shownPrice: { careType: 'Assisted Living', minPrice: 4000, forCareTypes: false },
    });
    const pasadena = res.communities.find((c) => c.name === 'Pasadena Vista');
    expect(pasadena?.coordinates).toBeNull();
    expect(pasadena?.operatorName).toBeNull();
    expect(res.communities.find((c) => c.name === 'Chicago Lakeshore')?.pricing).toEqual([]);
  });

  it('pages: a partial last page, and beyond the end an empty list with the right totals', async () => {
    const p4 = await search('pageSize=3&page=4&sort=name');
    expect(p4).toMatchObject({ total: 10, totalPages: 4, page: 4, pageSize: 3 });
    expect(namesOf(p4.communities)).toEqual(['The Willows']);
    const p5 = await search('pageSize=3&page=5&sort=name');
    expect(p5).toMatchObject({ communities: [], total: 10, totalPages: 4, page: 5 });
    const far = await search('page=9999');
    expect(far).toMatchObject({ communities: [], total: 10, totalPages: 1 });
    const def = await search('');
    expect(def.pageSize).toBe(12);
  });
});

describe('GET /api/communities/search: sorts over the whole result', () => {
  // The review-count-aware score (ADR 010), then review count, then id.
  const byRatingThenReviews = (a: Seed, b: Seed) =>
    ratingScore(b.rating, b.reviews) - ratingScore(a.rating, a.reviews) || b.reviews - a.reviews || id(b.name) - id(a.name);
  const minOf = (s: Seed) => (s.pricing.length ? Math.min(...s.pricing.map((p) => p[1])) : null);

  it('relevance without a location: review-count-aware rating, then review count', async () => {
    expect(namesOf(await allPages('sort=relevance'))).toEqual(namesOf([...SEEDS].sort(byRatingThenReviews)));
    expect(namesOf(await allPages(''))).toEqual(namesOf([...SEEDS].sort(byRatingThenReviews)));
  });

  it('Highest Rated', async () => {
    const got = await allPages('sort=rating');
    expect(namesOf(got)).toEqual(namesOf([...SEEDS].sort(byRatingThenReviews)));
    // 4.5 from 100 reviews outranks 4.9 from 8.
    expect(got[0]?.name).toBe('Chicago Lakeshore');
    expect(namesOf(got).indexOf('Chicago Lakeshore')).toBeLessThan(namesOf(got).indexOf('The Willows'));
  });

  it('Price: Low to High (by the lowest monthly price; communities without prices last)', async () => {
    const got = await allPages('sort=price_low');
    const priced = SEEDS.filter((s) => minOf(s) !== null).sort((a, b) => minOf(a)! - minOf(b)! || id(a.name) - id(b.name));
    const unpriced = SEEDS.filter((s) => minOf(s) === null).sort((a, b) => id(a.name) - id(b.name));
    expect(namesOf(got)).toEqual(namesOf([...priced, ...unpriced]));
    expect(got.map((c) => c.pricing[0]?.minPrice ?? null)).toEqual([2000, 2500, 3000, 3100, 3500, 4000, 5500, 7000, null, null]);
  });

  it('Price: High to Low (communities without prices last)', async () => {
    const got = await allPages('sort=price_high');
    expect(got.map((c) => c.pricing[0]?.minPrice ?? null)).toEqual([7000, 5500, 4000, 3500, 3100, 3000, 2500, 2000, null, null]);
  });

  it('Name A-Z', async () => {
    const got = await allPages('sort=name', 4);
    expect(namesOf(got)).toEqual([...SEEDS.map((s) => s.name)].sort());
  });
});

describe('GET /api/communities/search: location', () => {
  it('a ZIP finds communities near it, nearest first, within the radius', async () => {
    const res = await search('location=60540');
    expect(namesOf(res.communities)).toEqual(['Naperville Gardens', 'Riverwalk Manor', 'Aurora Oaks', 'Chicago Lakeshore']);
    const miles = res.communities.map((c) => c.distanceMiles ?? -1);
    expect(miles[0]).toBe(0);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    expect(miles[3]).toBeGreaterThan(20);
    expect(miles[3]).toBeLessThan(35);
    // ZIP+4 works too; other filters still apply; the ZIP's whole result pages by distance.
    expect(namesOf((await search('location=60540-1234&careTypes=Assisted%20Living')).communities)).toEqual(['Naperville Gardens', 'Aurora Oaks']);
    expect(namesOf(await allPages('location=60540', 1))).toEqual(namesOf(res.communities));
  });

  it('a ZIP far from every community finds none; an unknown ZIP matches the ZIP code column', async () => {
    expect((await search('location=99501')).total).toBe(0);
    expect((await search('location=00000')).total).toBe(0);
  });

  it('a city: exact city matches first, then communities named after it', async () => {
    const res = await search('location=Naperville');
    // Within the exact city: 4.5 from 20 reviews before 4.8 from 5.
    expect(namesOf(res.communities)).toEqual(['Naperville Gardens', 'Riverwalk Manor', 'Naperville Tribute']);
    expect(namesOf((await search('location=naperville')).communities)).toEqual(namesOf(res.communities));
  });

  it('"City, ST" and "City, State" keep to that state', async () => {
    expect(namesOf((await search('location=Naperville%2C%20IL')).communities)).toEqual(['Naperville Gardens', 'Riverwalk Manor']);
    expect(namesOf((await search('location=Springfield,%20IL')).communities)).toEqual(['Springfield Place']);
    expect(namesOf((await search('location=Springfield,%20Massachusetts')).communities)).toEqual(['The Willows']);
    expect(namesOf((await search('location=Springfield')).communities)).toEqual(['The Willows', 'Springfield Place']);
  });

  it('an exact city does not drag in similar-looking cities', async () => {
    expect(namesOf((await search('location=Austin')).communities)).toEqual(['Austin Hills']);
  });

  it('a misspelled city still finds it', async () => {
    expect(namesOf((await search('location=Napervile')).communities)).toEqual(['Naperville Gardens', 'Riverwalk Manor']);
    expect(namesOf((await search('location=Chicgo')).communities)).toEqual(['Chicago Lakeshore']);
    expect(namesOf((await search('location=Napervile,%20IL')).communities)).toEqual(['Naperville Gardens', 'Riverwalk Manor']);
  });

  it('a state code or name', async () => {
    const il = ['Naperville Gardens', 'Riverwalk Manor', 'Aurora Oaks', 'Chicago Lakeshore', 'Springfield Place'];
    for (const q of ['IL', 'il', 'Illinois', 'illinois']) {
      const res = await search(`location=${q}`);
      expect(res.total, q).toBe(5);
      expect(namesOf(res.communities).sort()).toEqual([...il].sort());
    }
    expect(namesOf((await search('location=Texas&sort=name')).communities)).toEqual(['Austin Hills', 'Justin Meadows', 'Naperville Tribute']);
  });

  it('other text searches community names, literally', async () => {
    expect(namesOf((await search('location=Lakeshore')).communities)).toEqual(['Chicago Lakeshore']);
    expect(namesOf((await search('location=willows')).communities)).toEqual(['The Willows']);
    expect((await search(`location=${encodeURIComponent("'; DROP TABLE communities; --")}`)).total).toBe(0);
    expect((await search('location=%25')).total).toBe(0);
    expect((await search('location=zzzzqqq')).total).toBe(0);
    expect((await search('location=%20%20')).total).toBe(10);
  });
});

describe('GET /api/communities/search: filters', () => {
  it('care types: every selected type must be offered', async () => {
    expect(namesOf((await search('careTypes=Memory%20Care&sort=name')).communities)).toEqual(['Chicago Lakeshore', 'Naperville Gardens', 'Naperville Tribute']);
    expect(namesOf((await search('careTypes=Assisted%20Living,Memory%20Care')).communities)).toEqual(['Naperville Gardens']);
    expect((await search('careTypes=Skilled%20Nursing,Independent%20Living')).total).toBe(0);
  });

  it('amenities: every selected amenity must be present', async () => {
    expect(namesOf((await search('amenities=Pet%20Friendly,Fitness%20Center&sort=name')).communities)).toEqual(['Austin Hills', 'Naperville Gardens']);
    expect(namesOf((await search('amenities=Swimming%20Pool&sort=name')).communities)).toEqual(['Aurora Oaks', 'Austin Hills']);
    expect((await search('amenities=Helipad')).total).toBe(0);
  });

  it('price band keeps communities whose price range overlaps it, and drops those without prices', async () => {
    expect(namesOf((await search('priceMin=5000&sort=name')).communities)).toEqual(['Austin Hills', 'Naperville Gardens', 'Naperville Tribute', 'Pasadena Vista']);
    expect(namesOf((await search('priceMax=2600&sort=name')).communities)).toEqual(['Austin Hills', 'Riverwalk Manor']);
    // Ranges that only touch the band's edges overlap it.
    expect(namesOf((await search('priceMin=3000&priceMax=3500&sort=name')).communities)).toEqual([
      'Aurora Oaks', 'Austin Hills', 'Justin Meadows', 'Riverwalk Manor', 'Springfield Place',
    ]);
    expect(namesOf((await search('priceMin=9001&sort=name')).communities)).toEqual([]);
    expect((await search('priceMin=0')).total).toBe(8);
  });

  it('filters combine with the location', async () => {
    expect(namesOf((await search('location=IL&careTypes=Assisted%20Living&priceMax=3800&sort=price_low')).communities)).toEqual(['Springfield Place', 'Aurora Oaks']);
  });
});

describe('GET /api/communities/search: a price band with care types (ADR 010)', () => {
  type Band = { priceMin?: number; priceMax?: number };
  const overlaps = (min: number, max: number, b: Band) => (b.priceMax === undefined || min <= b.priceMax) && (b.priceMin === undefined || max >= b.priceMin);
  /** The rule, computed from the seeds: offers every chosen care type, and one of their prices overlaps the band. */
  const expected = (careTypes: string[], b: Band) =>
    SEEDS.filter((s) => careTypes.every((t) => s.careTypes.includes(t)) && s.pricing.some(([t, min, max]) => careTypes.includes(t) && overlaps(min, max, b)));
  const cheapest = (s: Seed, careTypes: string[], b: Band) =>
    Math.min(...s.pricing.filter(([t, min, max]) => careTypes.includes(t) && overlaps(min, max, b)).map((p) => p[1]));
  const qsOf = (careTypes: string[], b: Band) =>
    [`careTypes=${encodeURIComponent(careTypes.join(','))}`, b.priceMin !== undefined ? `priceMin=${b.priceMin}` : '', b.priceMax !== undefined ? `priceMax=${b.priceMax}` : '']
      .filter(Boolean)
      .join('&');

  const careSets = [['Assisted Living'], ['Memory Care'], ['Independent Living'], ['Skilled Nursing'], ['Assisted Living', 'Memory Care'], ['Independent Living', 'Assisted Living']];
  const bands: Band[] = [{ priceMax: 3000 }, { priceMax: 5000 }, { priceMin: 5000 }, { priceMin: 3000, priceMax: 4500 }, { priceMin: 6500, priceMax: 7000 }];

  it.each(careSets.flatMap((c) => bands.map((b) => [c, b] as const)))('%j within %j: only that care type’s price counts, card and sort use it', async (careTypes, b) => {
    const want = expected([...careTypes], b);
    const got = await allPages(`${qsOf([...careTypes], b)}&sort=price_low`);
    expect(namesOf(got).sort()).toEqual(namesOf(want).sort());
    for (const c of got) {
      const seed = SEEDS.find((x) => x.name === c.name)!;
      expect(c.shownPrice, c.name).toMatchObject({ minPrice: cheapest(seed, [...careTypes], b), forCareTypes: true });
      expect(careTypes).toContain(c.shownPrice!.careType);
    }
    const prices = got.map((c) => c.shownPrice!.minPrice);
    expect(prices).toEqual([...prices].sort((x, y) => x - y));
    const high = await allPages(`${qsOf([...careTypes], b)}&sort=price_high`);
    const highPrices = high.map((c) => c.shownPrice!.minPrice);
    expect(highPrices).toEqual([...highPrices].sort((x, y) => y - x));
  });

  it('another care type’s cheaper price no longer lets a community in', async () => {
    // Austin Hills: Independent Living from $2,000, Assisted Living $4,500-$5,200.
    expect(namesOf((await search('location=TX&careTypes=Assisted%20Living&priceMax=4000')).communities)).toEqual(['Justin Meadows']);
    // Naperville Gardens: Assisted Living $4,000-$5,000, Memory Care $6,000-$7,500.
    expect(namesOf((await search('careTypes=Memory%20Care&priceMax=5000')).communities)).toEqual([]);
    const both = await search('careTypes=Assisted%20Living,Memory%20Care&priceMin=5500');
    expect(both.communities.map((c) => [c.name, c.shownPrice])).toEqual([
      ['Naperville Gardens', { careType: 'Memory Care', minPrice: 6000, forCareTypes: true }],
    ]);
  });

  it('the map points apply the same rule and carry the chosen care type’s price', async () => {
    const res = await get<MapPointsResponse>('/api/communities/search/points?careTypes=Assisted%20Living&priceMax=5000');
    const want = expected(['Assisted Living'], { priceMax: 5000 }).filter((s) => s.lat !== null);
    expect(res.body.points.map((p) => p.name).sort()).toEqual(namesOf(want).sort());
    const austin = res.body.points.find((p) => p.name === 'Austin Hills');
    expect(austin).toMatchObject({ minPrice: 4500, maxPrice: 5200, priceCareType: 'Assisted Living' });
    const all = await get<MapPointsResponse>('/api/communities/search/points?careTypes=Independent%20Living');
    expect(all.body.points.find((p) => p.name === 'Austin Hills')).toMatchObject({ minPrice: 2000, maxPrice: 2600, priceCareType: 'Independent Living' });
  });

  it('without care types the band applies to any care type, as before', async () => {
    expect(namesOf((await search('priceMax=2600&sort=name')).communities)).toEqual(['Austin Hills', 'Riverwalk Manor']);
    const c = (await search('priceMax=2600&sort=name')).communities[0]!;
    expect(c.shownPrice).toEqual({ careType: 'Independent Living', minPrice: 2000, forCareTypes: false });
  });
});

describe('GET /api/communities/search: communities without prices (ADR 010)', () => {
  it('counts, not drops, the communities that publish no price for the chosen care types', async () => {
    // The Willows offers Assisted Living without a price; Chicago Lakeshore publishes no price at all.
    const al = await search('careTypes=Assisted%20Living&priceMax=5000');
    expect(namesOf(al.communities)).not.toContain('The Willows');
    expect(al.unpricedCount).toBe(SEEDS.filter((s) => s.careTypes.includes('Assisted Living') && !s.pricing.some((p) => p[0] === 'Assisted Living')).length);
    expect(al.unpricedCount).toBe(1);
    const any = await search('priceMax=5000');
    expect(any.unpricedCount).toBe(2);
    expect((await search('location=TX&priceMax=5000')).unpricedCount).toBe(0);
  });

  it('includeUnpriced=true adds them (last in price order, without a price); 0 without a band', async () => {
    const base = await search('careTypes=Assisted%20Living&priceMax=5000');
    const withThem = await allPages('careTypes=Assisted%20Living&priceMax=5000&includeUnpriced=true&sort=price_low');
    expect(withThem).toHaveLength(base.total + base.unpricedCount);
    expect(withThem.at(-1)).toMatchObject({ name: 'The Willows', shownPrice: null });
    expect((await search('careTypes=Assisted%20Living&priceMax=5000&includeUnpriced=1')).total).toBe(withThem.length);
    expect((await search('careTypes=Assisted%20Living&priceMax=5000&includeUnpriced=false')).total).toBe(base.total);
    const noBand = await search('careTypes=Assisted%20Living');
    expect(noBand.unpricedCount).toBe(0);
    expect(namesOf(noBand.communities)).toContain('The Willows');
  });

  it('the map points follow includeUnpriced too', async () => {
    const without = await get<MapPointsResponse>('/api/communities/search/points?careTypes=Assisted%20Living&priceMax=5000');
    const withThem = await get<MapPointsResponse>('/api/communities/search/points?careTypes=Assisted%20Living&priceMax=5000&includeUnpriced=true');
    expect(withThem.body.total).toBe(without.body.total + 1);
    expect(withThem.body.points.find((p) => p.name === 'The Willows')).toMatchObject({ minPrice: null, priceCareType: null });
  });
});

describe('GET /api/communities/search: care type keys and "all"', () => {
  it('accepts the keys (any case) as well as the labels', async () => {
    const byLabel = await search('careTypes=Assisted%20Living,Memory%20Care&sort=name');
    expect(byLabel.total).toBeGreaterThan(0);
    for (const qs of ['careTypes=assisted,memory', 'careTypes=ASSISTED,Memory%20Care', 'careTypes=assisted%20living,memory']) {
      expect(await search(`${qs}&sort=name`), qs).toEqual(byLabel);
    }
    const points = await get<MapPointsResponse>('/api/communities/search/points?careTypes=skilled');
    expect(points.body.points.map((p) => p.name)).toEqual(['Chicago Lakeshore']);
  });

  it('"all" means no filter for every list filter', async () => {
    const everything = await search('sort=name');
    for (const qs of ['careTypes=all', 'careTypes=ALL', 'amenities=all', 'priceMin=all', 'priceMax=all', 'location=all', 'includeUnpriced=all', 'careTypes=all&amenities=all&priceMin=all&priceMax=all&location=All']) {
      expect(await search(`${qs}&sort=name`), qs).toEqual(everything);
    }
    const points = await get<MapPointsResponse>('/api/communities/search/points?careTypes=all&priceMax=all');
    expect(points.body.total).toBe(9);
  });
});

describe('GET /api/communities/search: validation', () => {
  const bad = [
    'priceMin=abc',
    'priceMin=-1',
    'priceMax=12.5',
    'priceMax=1e4',
    'priceMin=5000&priceMax=1000',
    'priceMax=99999999999',
    'page=0',
    'page=-1',
    'page=abc',
    'page=99999999',
    'pageSize=0',
    'pageSize=1000',
    'sort=cheapest',
    'careTypes=Assisted%20Living,Luxury%20Living',
    'careTypes=assisted,luxury',
    'careTypes=all,assisted',
    'includeUnpriced=yes',
    `location=${'a'.repeat(101)}`,
    'page=1&page=2',
  ];
  it.each(bad)('400 for %s', async (qs) => {
    const res = await get<{ error: { code: string; message: string } }>(`/api/communities/search?${qs}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.message).toMatch(/^query\./);
  });

  it('the points endpoint validates the same filters', async () => {
    for (const qs of ['priceMin=x', 'careTypes=Foo', `location=${'b'.repeat(101)}`]) {
      const res = await get<{ error: { code: string } }>(`/api/communities/search/points?${qs}`);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('GET /api/communities/search/points', () => {
  it('returns every community of the result that has coordinates, not one page', async () => {
    const res = await get<MapPointsResponse>('/api/communities/search/points');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ complete: true, clustered: false, clusters: [], inView: 9 });
    expect(res.body.total).toBe(9);
    expect(res.body.points).toHaveLength(9);
    expect(res.body.points.find((p) => p.name === 'Pasadena Vista')).toBeUndefined();
    expect(res.body.points.find((p) => p.name === 'Naperville Gardens')).toEqual({
      id: id('Naperville Gardens'),
      name: 'Naperville Gardens',
      lat: 41.7662,
      lng: -88.141,
      operatorName: 'Sunrise Senior Living',
      careTypes: ['Assisted Living', 'Memory Care'],
      minPrice: 4000,
      maxPrice: 7500,
      source: { kind: 'demo', name: 'Demo data', asOf: null },
      priceCareType: null,
      approximate: false,
    });
  });

  it('is gzipped for clients that accept it', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/communities/search/points', headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toContain('application/json');
    const body = JSON.parse(gunzipSync(res.rawPayload).toString('utf8')) as MapPointsResponse;
    expect(body.points).toHaveLength(9);
  });

  it("gzips an answer of any size whole with an output chunk sized from it (the same bytes as zlib's default chunk)", async () => {
    expect(gzipChunkFor(0)).toBe(4 * 1024);
    expect(gzipChunkFor(100_000)).toBe(26_024);
    expect(gzipChunkFor(10_000_000)).toBe(128 * 1024);
    const gzipAsync = promisify(gzip);
    // Answers from a few bytes to several chunks' worth of gzip (text that barely compresses).
    let text = '';
    for (let k = 0; text.length < 900_000; k++) text += `{"id":${k},"v":"${((k * 2654435761) >>> 0).toString(36)}"},`;
    for (const bytes of [2, 5_000, 70_000, 900_000]) {
      const body = Buffer.from(text.slice(0, bytes));
      const zipped = await gzipAsync(body, { level: 3, chunkSize: gzipChunkFor(body.length) });
      expect(zipped.length).toBeGreaterThan(0);
      expect(gunzipSync(zipped).equals(body)).toBe(true);
      expect(zipped.equals(gzipSync(body, { level: 3 }))).toBe(true);
    }
  });

  it('applies the same filters as the search', async () => {
    const res = await get<MapPointsResponse>('/api/communities/search/points?location=60540&careTypes=Assisted%20Living');
    expect(res.body.points.map((p) => p.name).sort()).toEqual(['Aurora Oaks', 'Naperville Gardens']);
    const tx = await get<MapPointsResponse>('/api/communities/search/points?location=TX&priceMin=5000');
    expect(tx.body.points.map((p) => p.name).sort()).toEqual(['Austin Hills', 'Naperville Tribute']);
  });
});

describe('GET /api/config/map', () => {
  it('has no tile URL by default (offline shapes only)', async () => {
    const res = await get('/api/config/map');
    expect(res).toEqual({ status: 200, body: { tileUrl: null, attribution: null } });
  });

  it('exposes the configured tile URL and attribution', async () => {
    const other = await buildTestApp(tdb, { MAP_TILE_URL: 'https://tiles.example.org/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: '© Example' });
    try {
      const res = await other.inject({ method: 'GET', url: '/api/config/map' });
      expect(res.json()).toEqual({ tileUrl: 'https://tiles.example.org/{z}/{x}/{y}.png', attribution: '© Example' });
    } finally {
      await other.close();
    }
  });
});

describe('city matching in memory', () => {
  it('computes the same trigram similarity as pg_trgm', async () => {
    const pairs: [string, string][] = [
      ['Naperville', 'Napervile'],
      ['Austin', 'Justin'],
      ['Chicago', 'Chicgo'],
      ['St. Louis', 'Saint Louis'],
      ['Winston-Salem', 'winston salem'],
      ['Springfield', 'Springfeld'],
    ];
    for (const [a, b] of pairs) {
      const { rows } = await tdb.pool.query<{ s: number }>('SELECT similarity($1, $2)::float8 AS s', [a, b]);
      expect(trigramSimilarity(trigrams(a), trigrams(b)), `${a} / ${b}`).toBeCloseTo(rows[0]!.s, 5);
    }
  });
});
