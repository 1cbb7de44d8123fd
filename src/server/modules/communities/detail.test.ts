import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/db';

const t = useTestApp();
let fullId: number;
let bareId: number;

beforeAll(async () => {
  const op = await t.tdb.pool.query<{ id: number }>("INSERT INTO operators (name, source_id) VALUES ('Evergreen Senior Living', 'o1') RETURNING id");
  const full = await t.tdb.pool.query<{ id: number }>(
    `INSERT INTO communities (name, address, city, state, zip_code, lat, lng, phone, email, website, description,
                              care_types, amenities, photos, community_type, owner_type, score, capacity,
                              room_types, dining_services, healthcare_services, operator_id, source_id)
     VALUES ('Maple Grove', '12 Elm St', 'Austin', 'TX', '78701', 30.27, -97.74, '(512) 555-0100', 'hello@maple.test',
             'https://maple.test', 'A calm place.', ARRAY['Assisted Living','Memory Care','Independent Living'],
             ARRAY['Fitness Center','Library'], ARRAY['/media/communities/1/1.svg','/media/communities/1/2.svg'],
             'Assisted Living Facility', 'Private', 4, 120, ARRAY['Studio'], ARRAY['Fine Dining'], ARRAY['24/7 Nursing'], $1, 'c1')
     RETURNING id`,
    [op.rows[0]!.id],
  );
  fullId = full.rows[0]!.id;
  await t.tdb.pool.query(
    `INSERT INTO community_pricing (community_id, care_type, min_price, max_price) VALUES
       ($1, 'Memory Care', 7200, 8900), ($1, 'Independent Living', 3100, 3900), ($1, 'Assisted Living', 5200, 5200)`,
    [fullId],
  );
  // 25 reviews written on this site ('user': the only kind that may be Verified, ADR 008) on distinct
  // dates (2024-01-01 .. 2024-01-25), ratings cycling 1..5.
  await t.tdb.pool.query(
    `INSERT INTO customer_reviews (community_id, rating, author, title, content, review_date, source, source_kind, verified, sentiment)
     SELECT $1, ((g - 1) % 5) + 1, 'Author ' || g, CASE WHEN g % 2 = 0 THEN 'Title ' || g END, 'Content ' || g,
            date '2024-01-01' + (g - 1), 'This site', 'user', g % 3 = 0, 0.5
       FROM generate_series(1, 25) g`,
    [fullId],
  );
  await t.tdb.pool.query(`UPDATE communities SET rating = 3, review_count = 25 WHERE id = $1`, [fullId]);
  const bare = await t.tdb.pool.query<{ id: number }>("INSERT INTO communities (name, city, state, source_id) VALUES ('Bare', 'Dallas', 'TX', 'c2') RETURNING id");
  bareId = bare.rows[0]!.id;
});

describe('GET /api/communities/:id', () => {
  it('returns the community entity with operator, coordinates, extra facts and pricing ordered by price', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/communities/${fullId}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: fullId,
      name: 'Maple Grove',
      address: '12 Elm St',
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
      phone: '(512) 555-0100',
      email: 'hello@maple.test',
      website: 'https://maple.test',
      description: 'A calm place.',
      rating: 3,
      reviewCount: 25,
      careTypes: ['Assisted Living', 'Memory Care', 'Independent Living'],
      amenities: ['Fitness Center', 'Library'],
      photos: ['/media/communities/1/1.svg', '/media/communities/1/2.svg'],
      coordinates: { lat: 30.27, lng: -97.74 },
      operatorName: 'Evergreen Senior Living',
      communityType: 'Assisted Living Facility',
      ownerType: 'Private',
      score: 4,
      capacity: 120,
      roomTypes: ['Studio'],
      diningServices: ['Fine Dining'],
      healthcareServices: ['24/7 Nursing'],
    });
    expect(body.pricing).toEqual([
      { careType: 'Independent Living', minPrice: 3100, maxPrice: 3900 },
      { careType: 'Assisted Living', minPrice: 5200, maxPrice: 5200 },
      { careType: 'Memory Care', minPrice: 7200, maxPrice: 8900 },
    ]);
  });

  it('returns empty lists and nulls for a community without details', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/communities/${bareId}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Bare',
      phone: null,
      email: null,
      website: null,
      description: null,
      pricing: [],
      photos: [],
      amenities: [],
      coordinates: null,
      operatorName: null,
    });
  });

  it('answers 404 JSON for an unknown id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/communities/999999' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Community not found' } });
  });

  it.each(['abc', '0', '-5', '1.5', '1e3', '99999999999999999999', '2147483648'])('answers 400 JSON for id %s', async (id) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/communities/${id}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
  });
});

describe('GET /api/reviews/:id', () => {
  it('returns the first page newest first with the summary over all reviews', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/reviews/${fullId}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.summary).toEqual({ averageRating: 3, totalReviews: 25 });
    expect(body.page).toBe(1);
    expect(body.pageSize).toBe(10);
    expect(body.totalPages).toBe(3);
    expect(body.reviews).toHaveLength(10);
    expect(body.reviews[0]).toEqual({
      id: expect.any(Number),
      rating: 5,
      author: 'Author 25',
      date: '2024-01-25',
      source: 'This site',
      verified: false,
      provenance: { kind: 'user', name: 'This site', asOf: null },
      title: null,
      content: 'Content 25',
      sentiment: 0.5,
    });
    expect(body.reviews[1]).toMatchObject({ author: 'Author 24', title: 'Title 24', verified: true, rating: 4 });
    const dates = body.reviews.map((r: { date: string }) => r.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('pages through every review exactly once', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await t.app.inject({ method: 'GET', url: `/api/reviews/${fullId}?page=${page}&pageSize=10` });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.summary.totalReviews).toBe(25);
      seen.push(...body.reviews.map((r: { author: string }) => r.author));
    }
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
    expect(seen.at(-1)).toBe('Author 1');
    const beyond = await t.app.inject({ method: 'GET', url: `/api/reviews/${fullId}?page=4` });
    expect(beyond.json().reviews).toEqual([]);
  });

  it('returns up to 100 per page', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/reviews/${fullId}?pageSize=100` });
    expect(res.json().reviews).toHaveLength(25);
    expect(res.json().totalPages).toBe(1);
  });

  it('summarises an empty review list', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/reviews/${bareId}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ reviews: [], summary: { averageRating: 0, totalReviews: 0 }, page: 1, pageSize: 10, totalPages: 0 });
  });

  it('answers 404 for an unknown community', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/reviews/999999' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it.each([
    ['abc', ''],
    ['0', ''],
    ['1', '?page=0'],
    ['1', '?page=abc'],
    ['1', '?pageSize=101'],
    ['1', '?pageSize=0'],
    ['1', '?page=-1'],
  ])('answers 400 for id %s%s', async (id, qs) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/reviews/${id}${qs}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
  });
});
