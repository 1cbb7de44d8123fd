import { beforeAll, describe, expect, it } from 'vitest';
import { COMPARE_LIMIT } from '../../../contracts/compare';
import { refreshReviewFigures } from '../../db/aggregates';
import { useTestApp } from '../../test/db';
import { registerOverHttp } from '../../test/factories';
import { ThemeScorer, themeSentimentLiteral } from '../../lib/themes';
import { haversineMiles } from './compare.service';

const t = useTestApp();
let ids: number[];
let alice: string;
let bob: string;

const signUp = (email: string) => registerOverHttp(t.app, email);

// Austin 78701 is at about 30.27, -97.74 in the ZIP table; Dallas 75201 at 32.79, -96.80.
beforeAll(async () => {
  const { rows } = await t.tdb.pool.query<{ id: number }>(
    `INSERT INTO communities (name, city, state, zip_code, source_id, care_types, amenities, community_amenities, rating, review_count, capacity, lat, lng, location_approximate)
     VALUES ('Oak Grove', 'Austin', 'TX', '78701', 'k1', '{"Assisted Living","Memory Care"}', '{"Fitness Center","Pool"}', '{"Garden"}', 4.5, 12, 80, 30.27, -97.74, false),
            ('Maple Court', 'Dallas', 'TX', '75201', 'k2', '{"Independent Living"}', '{"Pool"}', '{}', 0, 0, NULL, 32.79, -96.80, true),
            ('Pine Ridge', 'Tampa', 'FL', '33601', 'k3', '{}', '{}', '{}', 3.9, 4, NULL, NULL, NULL, false),
            ('Elm House', 'Austin', 'TX', '78702', 'k4', '{}', '{}', '{}', 0, 0, NULL, 30.26, -97.71, false),
            ('Birch Hall', 'Austin', 'TX', '78703', 'k5', '{}', '{}', '{}', 0, 0, NULL, 30.29, -97.76, false)
     RETURNING id`,
  );
  ids = rows.map((r) => r.id);
  await t.tdb.pool.query(
    `INSERT INTO community_pricing (community_id, care_type, min_price, max_price) VALUES ($1, 'Memory Care', 7200, 8100), ($1, 'Assisted Living', 5100, 6000)`,
    [ids[0]],
  );
  // A real licensed facility: licence facts and CMS ratings come from the records.
  await t.tdb.pool.query(
    `UPDATE communities SET source = 'cms', source_kind = 'cms', source_name = 'Centers for Medicare & Medicaid Services', source_as_of = '2025-07-01',
            license_number = 'TX-1', license_type = 'Nursing facility', capacity = NULL WHERE id = $1`,
    [ids[2]],
  );
  await t.tdb.pool.query(
    `INSERT INTO cms_ratings (community_id, ccn, overall_rating, certified_beds, health_deficiencies) VALUES ($1, '455001', 2, 120, 14)`,
    [ids[2]],
  );
  alice = await signUp('alice@compare.test');
  bob = await signUp('bob@compare.test');
});

const as = (sid?: string) => ({ cookies: sid ? { sid } : ({} as Record<string, string>) });
const get = (sid?: string) => t.app.inject({ method: 'GET', url: '/api/compare', ...as(sid) });
const add = (sid: string | undefined, communityId: unknown) => t.app.inject({ method: 'POST', url: '/api/compare', payload: { communityId } as object, ...as(sid) });
const put = (sid: string | undefined, communityIds: unknown) => t.app.inject({ method: 'PUT', url: '/api/compare', payload: { communityIds } as object, ...as(sid) });
const merge = (sid: string | undefined, communityIds: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/compare/merge', payload: { communityIds } as object, ...as(sid) });
const del = (sid: string | undefined, id: unknown) => t.app.inject({ method: 'DELETE', url: `/api/compare/${id}`, ...as(sid) });
const view = (qs: string) => t.app.inject({ method: 'GET', url: `/api/compare/view?${qs}` });

describe('compare list on the account', () => {
  it('needs a session for the list routes', async () => {
    for (const res of [await get(), await add(undefined, ids[0]), await put(undefined, []), await merge(undefined, []), await del(undefined, ids[0])]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
    }
  });

  it(`keeps at most ${COMPARE_LIMIT}: the fifth add is a 409 with a clear message and stores nothing`, async () => {
    for (const id of ids.slice(0, 4)) expect((await add(alice, id)).statusCode).toBe(200);
    expect((await get(alice)).json()).toEqual({ communityIds: ids.slice(0, 4) });
    const fifth = await add(alice, ids[4]);
    expect(fifth.statusCode).toBe(409);
    expect(fifth.json().error).toEqual({ code: 'CONFLICT', message: expect.stringContaining('up to 4 communities') });
    const { rows } = await t.tdb.pool.query('SELECT count(*)::int AS n FROM compare_items WHERE community_id = $1', [ids[4]]);
    expect(rows[0].n).toBe(0);
    // Adding one that is already there is not a fifth.
    expect((await add(alice, ids[1])).statusCode).toBe(200);
  });

  it('holds the limit when adds race', async () => {
    await put(bob, [ids[0], ids[1], ids[2]]);
    const results = await Promise.all([add(bob, ids[3]), add(bob, ids[4])]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await get(bob)).json().communityIds).toHaveLength(4);
  });

  it('PUT refuses more than four distinct ids with 400 and keeps the list', async () => {
    const res = await put(alice, ids);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('up to 4');
    expect((await get(alice)).json().communityIds).toHaveLength(4);
    // Duplicates count once.
    expect((await put(alice, [ids[0], ids[0], ids[1]])).json()).toEqual({ communityIds: [ids[0], ids[1]] });
  });

  it('merges the browser list after the account one and reports what did not fit', async () => {
    await put(alice, [ids[3]]);
    const res = await merge(alice, [ids[0], ids[3], 999_999, ids[1], ids[2], ids[4]]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ communityIds: [ids[3], ids[0], ids[1], ids[2]], dropped: [999_999, ids[4]] });
  });

  it('removes, answers 404 for an unknown community and 400 for a bad id; users stay apart', async () => {
    expect((await del(alice, ids[0])).json().communityIds).not.toContain(ids[0]);
    expect((await add(alice, 999_999)).statusCode).toBe(404);
    expect((await add(alice, 'abc')).json().error.code).toBe('VALIDATION_ERROR');
    expect((await del(alice, '0')).statusCode).toBe(400);
    const bobBefore = (await get(bob)).json().communityIds;
    await del(alice, bobBefore[0]);
    expect((await get(bob)).json().communityIds).toEqual(bobBefore);
  });
});

describe('GET /api/compare/view', () => {
  it("lists a community's 3 most mentioned review themes and how they are spoken of; null without reviews", async () => {
    const scorer = new ThemeScorer('customer');
    const texts = [
      'The staff were kind and attentive. The food was delicious.',
      'Wonderful staff, always patient with my father. The food was cold and bland.',
      'The staff are caring. Activities every afternoon kept her busy.',
    ];
    for (const content of texts) {
      const c = scorer.counts(content);
      await t.tdb.pool.query(
        `INSERT INTO customer_reviews (community_id, rating, author, content, review_date, source, sentiment, theme_mask, theme_sentiment)
         VALUES ($1, 4, 'Test', $2, '2026-01-01', 'Demo', 0.7, $3, $4::real[])`,
        [ids[4], content, c.mask, themeSentimentLiteral(c)],
      );
    }
    // As every path that writes reviews does: the review summaries the theme report reads (ADR 029).
    await refreshReviewFigures(t.tdb.pool, { communityIds: [ids[4]!] });
    const body = (await view(`ids=${ids[4]},${ids[0]}`)).json();
    const [withReviews, without] = body.communities;
    // staff: 3 mentions, all kind; food: 2 (one praise, one complaint); activities: 1, neutral.
    expect(withReviews.themes).toEqual(['Staff (praised)', 'Food (mixed)', 'Activities (mentioned)']);
    expect(without.themes).toBeNull();
  });

  it('answers the side-by-side facts in the order asked for, signed out', async () => {
    const res = await view(`ids=${ids[2]},${ids[0]},${ids[1]}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.place).toBeNull();
    expect(body.missing).toEqual([]);
    expect(body.communities.map((c: { id: number }) => c.id)).toEqual([ids[2], ids[0], ids[1]]);
    const oak = body.communities[1];
    expect(oak).toMatchObject({
      name: 'Oak Grove',
      rating: 4.5,
      reviewCount: 12,
      careTypes: ['Assisted Living', 'Memory Care'],
      amenities: ['Fitness Center', 'Garden', 'Pool'],
      capacity: 80,
      licence: null,
      cms: null,
      distanceMiles: null,
      themes: null,
      source: { kind: 'demo', name: 'Demo data', asOf: null },
    });
    expect(oak.pricing).toEqual([
      { careType: 'Assisted Living', minPrice: 5100, maxPrice: 6000 },
      { careType: 'Memory Care', minPrice: 7200, maxPrice: 8100 },
    ]);
    const pine = body.communities[0];
    expect(pine.licence).toMatchObject({ licenceNumber: 'TX-1', licenceType: 'Nursing facility', capacity: 120 });
    expect(pine.cms).toMatchObject({ ccn: '455001', overallRating: 2, healthDeficiencies: 14 });
    expect(pine.capacity).toBe(120);
  });

  it('measures straight-line miles from a ZIP centre or a city, and none without coordinates', async () => {
    const zip = (await view(`ids=${ids[0]},${ids[1]},${ids[2]}&near=78701`)).json();
    expect(zip.place).toMatchObject({ label: '78701', basis: 'zip' });
    const [oak, maple, pine] = zip.communities;
    expect(oak.distanceMiles).toBe(Math.round(haversineMiles(zip.place, { lat: 30.27, lng: -97.74 }) * 10) / 10);
    expect(oak.distanceMiles).toBeLessThan(2);
    expect(maple.distanceMiles).toBeGreaterThan(170);
    expect(maple.distanceMiles).toBeLessThan(200);
    expect(maple.locationApproximate).toBe(true);
    expect(pine.distanceMiles).toBeNull();

    const city = (await view(`ids=${ids[1]}&near=${encodeURIComponent('dallas, tx')}`)).json();
    expect(city.place).toMatchObject({ label: 'Dallas, TX', basis: 'city' });
    expect(city.communities[0].distanceMiles).toBeLessThan(10);
  });

  it('says so when the place is not understood, and refuses more than four ids', async () => {
    const unknown = await view(`ids=${ids[0]}&near=Atlantis`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toContain('We could not find "Atlantis"');
    const five = await view(`ids=${ids.join(',')}`);
    expect(five.statusCode).toBe(400);
    expect(five.json().error.message).toContain('at most 4');
    for (const bad of ['ids=', 'ids=a,b', 'ids=0', 'ids=1,,2', '']) {
      const res = await view(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('lists ids that no longer exist as missing', async () => {
    const body = (await view(`ids=${ids[0]},999999`)).json();
    expect(body.communities).toHaveLength(1);
    expect(body.missing).toEqual([999_999]);
  });

  it('forgets a community that is deleted from the directory', async () => {
    await put(alice, [ids[4]]);
    await t.tdb.pool.query('DELETE FROM communities WHERE id = $1', [ids[4]]);
    expect((await get(alice)).json()).toEqual({ communityIds: [] });
  });
});
