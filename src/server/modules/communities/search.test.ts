import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MapPointsResponse, SearchCommunity, SearchResponse } from '../../../contracts/search';
import { buildTestApp, createTestDatabase, type TestDatabase } from '../../test/db';
import { trigramSimilarity, trigrams } from './city-index';
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
  const byRatingThenReviews = (a: Seed, b: Seed) =>
    b.rating - a.rating || b.reviews - a.reviews || id(b.name) - id(a.name);
  const minOf = (s: Seed) => (s.pricing.length ? Math.min(...s.pricing.map((p) => p[1])) : null);

  it('relevance without a location: rating, then review count', async () => {
    expect(namesOf(await allPages('sort=relevance'))).toEqual(namesOf([...SEEDS].sort(byRatingThenReviews)));
    expect(namesOf(await allPages(''))).toEqual(namesOf([...SEEDS].sort(byRatingThenReviews)));
  });

  it('Highest Rated', async () => {
    const got = await allPages('sort=rating');
    expect(namesOf(got)).toEqual(namesOf([...SEEDS].sort(byRatingThenReviews)));
    expect(got[0]?.name).toBe('The Willows');
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
    expect(namesOf(res.communities)).toEqual(['Riverwalk Manor', 'Naperville Gardens', 'Naperville Tribute']);
    expect(namesOf((await search('location=naperville')).communities)).toEqual(namesOf(res.communities));
  });

  it('"City, ST" and "City, State" keep to that state', async () => {
    expect(namesOf((await search('location=Naperville%2C%20IL')).communities)).toEqual(['Riverwalk Manor', 'Naperville Gardens']);
    expect(namesOf((await search('location=Springfield,%20IL')).communities)).toEqual(['Springfield Place']);
    expect(namesOf((await search('location=Springfield,%20Massachusetts')).communities)).toEqual(['The Willows']);
    expect(namesOf((await search('location=Springfield')).communities)).toEqual(['The Willows', 'Springfield Place']);
  });

  it('an exact city does not drag in similar-looking cities', async () => {
    expect(namesOf((await search('location=Austin')).communities)).toEqual(['Austin Hills']);
  });

  it('a misspelled city still finds it', async () => {
    expect(namesOf((await search('location=Napervile')).communities)).toEqual(['Riverwalk Manor', 'Naperville Gardens']);
    expect(namesOf((await search('location=Chicgo')).communities)).toEqual(['Chicago Lakeshore']);
    expect(namesOf((await search('location=Napervile,%20IL')).communities)).toEqual(['Riverwalk Manor', 'Naperville Gardens']);
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
    'careTypes=assisted',
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
    expect(res.body.capped).toBe(false);
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
