// The in-memory index of Community Insights (insights-index.ts, ADR 026) against the SQL path it stands in
// for, on thousands of random queries over a seeded directory (delisted rows, missing prices, scores, types,
// owners and operators, equal names/cities/ratings so that the id tie-breakers decide, accented and mixed-case
// names, LIKE metacharacters): filtered totals, every page's rows in order for every sort and direction, the export's
// ids. Then through the HTTP API: an app on the index and an app on SQL give the same bodies and CSV, and a
// change written to the database shows in the index's answer once it has been rebuilt.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMMUNITY_AMENITY_OPTIONS,
  DINING_OPTIONS,
  HEALTHCARE_OPTIONS,
  OWNER_OPTIONS,
  ROOM_AMENITY_OPTIONS,
  ROOM_TYPE_OPTIONS,
} from '../../../contracts/constants';
import {
  INSIGHT_SORT_FIELDS,
  PRICING_RANGE_VALUES,
  SCORE_RANGE_VALUES,
  SORT_DIRECTIONS,
  insightRowSchema,
  type InsightFilters,
} from '../../../contracts/insights';
import { CAPACITY_BANDS, LICENCE_TYPES } from '../../../contracts/licence-filters';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import { indexReady, useIndexAndSqlApps } from '../../test/index-apps';
import { InsightsIndex } from './insights-index';
import { countCommunities, findCommunityIds, findCommunityPage } from './insights.repo';
import { toInsightRow } from './insights.rows';
import { JsonBytes } from '../../lib/json-bytes';
import { compileJsonWriter } from '../../lib/json-serializer';
import { kthPage, rng } from '../../test/random';
import { waitFor } from '../../test/wait';

let tdb: TestDatabase;
let index: InsightsIndex;
const N = 900;
const CITIES = [
  ['Springfield', 'IL'],
  ['Springfield', 'MA'],
  ['Austin', 'TX'],
  ['Dallas', 'TX'],
  ['Portland', 'OR'],
  ['Portland', 'ME'],
  ['Miami', 'FL'],
] as const;
const WORDS = ['Oak', 'Maple', 'Sunrise', 'Garden', 'Village', 'Manor', 'Hills', 'ÉLAN', 'élan', 'oak', 'A_b%', 'Austin', 'Nanan', 'Banana'];
const ZIPS = ['60540', '60563', '78701', '78702', '75201', '33101', '97201', '04101'];
const TYPES = [null, '', 'Assisted Living', 'Memory Care', 'Independent Living'];
const LICENCES = [null, null, 'ASSISTED LIVING FACILITY', 'ALZHEIMER SPECIAL CARE UNIT', 'RCFE-CONTINUING CARE RETIREMENT COMMUNITY', 'NURSING FACILITY'];
// 'anana': its 3-character pieces are all in every 'Nanan' name, which does not contain it (its candidates hold
// more than its answer, the 'Banana' names); it is common enough (a large share of the rows) to be kept as a set.
const TEXTS = ['oak', 'OAK', 'port', 'Spring', 'acme', 'CARE', 'a_b', '%', 'hills m', 'zzz', 'élan', 'Austin', 'anana'];


beforeAll(async () => {
  tdb = await createTestDatabase();
  const random = rng(2027);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
  const some = <T>(xs: readonly T[]) => xs.filter(() => random() < 0.4);
  const { rows: ops } = await tdb.pool.query<{ id: number }>(
    `INSERT INTO operators (name, source_id) VALUES ('Acme Care', 'o1'), ('Bright Living', 'o2'), ('Cedar Group', 'o3'), ('acme care west', 'o4') RETURNING id`,
  );
  const rows = Array.from({ length: N }, (_, i) => {
    const [city, state] = pick(CITIES);
    const priced = random();
    const min = 1000 + Math.floor(random() * 14) * 500;
    return {
      name: `${pick(WORDS)} ${pick(WORDS)}`,
      city,
      state,
      zip_code: pick(ZIPS),
      community_type: pick(TYPES),
      owner_type: random() < 0.85 ? pick(OWNER_OPTIONS) : null,
      // Few distinct values: ties are common and the id decides.
      score: random() < 0.8 ? 1 + Math.floor(random() * 5) : null,
      rating: Math.round(random() * 10) / 2,
      min_price: priced < 0.6 ? min : priced < 0.7 ? null : priced < 0.8 ? min : null,
      max_price: priced < 0.6 ? min + Math.floor(random() * 6) * 500 : priced < 0.7 ? min + 1000 : null,
      room_types: some(ROOM_TYPE_OPTIONS),
      dining_services: some(DINING_OPTIONS),
      healthcare_services: some(HEALTHCARE_OPTIONS),
      room_amenities: some(ROOM_AMENITY_OPTIONS),
      community_amenities: some(COMMUNITY_AMENITY_OPTIONS),
      listing_status: random() < 0.93 ? 'listed' : 'delisted',
      license_type: pick(LICENCES),
      capacity: random() < 0.8 ? 1 + Math.floor(random() * 160) : null,
      operator_id: random() < 0.75 ? pick(ops).id : null,
      source_id: `q${i}`,
    };
  });
  await tdb.pool.query(
    `INSERT INTO communities (name, address, city, state, zip_code, community_type, owner_type, score, rating, review_count, min_price, max_price,
                              care_types, amenities, photos, room_types, dining_services, healthcare_services, room_amenities, community_amenities,
                              listing_status, license_type, capacity, operator_id, source_kind, source_id)
     SELECT r.name, '1 Main St', r.city, r.state, r.zip_code, r.community_type, r.owner_type, r.score, r.rating, 3, r.min_price, r.max_price,
            '{}', '{}', '{}', r.room_types, r.dining_services, r.healthcare_services, r.room_amenities, r.community_amenities,
            r.listing_status, r.license_type, r.capacity, r.operator_id, 'demo', r.source_id
       FROM json_to_recordset($1::json) AS r(name text, city text, state text, zip_code text, community_type text, owner_type text, score int,
                                            rating real, min_price int, max_price int, room_types text[], dining_services text[],
                                            healthcare_services text[], room_amenities text[], community_amenities text[], listing_status text,
                                            license_type text, capacity int, operator_id int, source_id text)`,
    [JSON.stringify(rows)],
  );
  await tdb.pool.query('ANALYZE communities');
  index = await InsightsIndex.build(tdb.pool);
}, 60_000);
afterAll(async () => {
  await tdb?.drop();
});

/** A random combination of the filters (each present with some probability), as the service passes them. */
function randomFilters(random: () => number): InsightFilters {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
  const maybe = <T>(p: number, v: () => T): T | undefined => (random() < p ? v() : undefined);
  const f: Record<string, unknown> = {
    searchQuery: maybe(0.2, () => pick(TEXTS)),
    zipCode: maybe(0.12, () => pick(['6', '605', '60540', '787', '78701', '9', '0', '7_', '99999'])),
    // A state of the data, or one without communities (a set of none).
    state: maybe(0.2, () => pick([...CITIES.map((c) => c[1]), 'WY'])),
    city: maybe(0.15, () => pick([...CITIES.map((c) => c[0]), 'Nowhere'])),
    operatorName: maybe(0.12, () => pick(['Acme Care', 'Bright Living', 'Cedar Group', 'acme care west', 'Nobody'])),
    owner: maybe(0.15, () => pick(OWNER_OPTIONS)),
    communityType: maybe(0.12, () => pick(['Assisted Living', 'Memory Care', 'Independent Living', 'Other'])),
    roomAmenities: maybe(0.1, () => pick(ROOM_AMENITY_OPTIONS)),
    communityAmenities: maybe(0.1, () => pick(COMMUNITY_AMENITY_OPTIONS)),
    healthCareServices: maybe(0.1, () => pick(HEALTHCARE_OPTIONS)),
    diningServices: maybe(0.1, () => pick(DINING_OPTIONS)),
    pricingRange: maybe(0.2, () => pick(PRICING_RANGE_VALUES)),
    roomTypes: maybe(0.1, () => pick(ROOM_TYPE_OPTIONS)),
    communityScore: maybe(0.15, () => pick(SCORE_RANGE_VALUES)),
    licenceType: maybe(0.12, () => pick(LICENCE_TYPES)),
    capacity: maybe(0.12, () => pick(CAPACITY_BANDS)),
  };
  return Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined)) as InsightFilters;
}

const writeRow = compileJsonWriter(insightRowSchema)!;

describe('the insights index answers as the SQL does', () => {
  it('holds every listed community and none of the delisted', async () => {
    const { rows } = await tdb.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM communities WHERE listing_status = 'listed'`);
    expect(index.n).toBe(rows[0]!.n);
    expect(index.page({} as InsightFilters, 'name', 'asc', 1, 0)!.total).toBe(rows[0]!.n);
  });

  it('gives the same totals and pages on 2,000 random queries (every sort, both directions, first and later pages)', async () => {
    const random = rng(7);
    let nonEmpty = 0;
    for (let k = 0; k < 2000; k++) {
      const f = randomFilters(random);
      const { field, dir, limit, offset } = kthPage(k, INSIGHT_SORT_FIELDS, [10, 25, 50], random);
      const mem = index.page(f, field, dir, limit, offset);
      if (!mem) {
        // Only what the index hands back to SQL: free text with non-ASCII letters.
        expect(f.searchQuery).toMatch(/[^\x20-\x7e]/);
        continue;
      }
      const [sqlRows, sqlTotal] = await Promise.all([findCommunityPage(tdb.pool, f, field, dir, limit, offset), countCommunities(tdb.pool, f)]);
      const context = JSON.stringify({ f, field, dir, limit, offset });
      expect(mem.total, context).toBe(sqlTotal);
      expect(mem.rows.map((r) => r.id), context).toEqual(sqlRows.map((r) => r.id));
      // The rows themselves, as the screen gets them.
      expect(mem.rows, context).toEqual(sqlRows.map(toInsightRow));
      // Written as the API's JSON from each row's kept bytes: what the route's serializer writes for those rows.
      const out = new JsonBytes(64);
      expect(index.writePage(out, f, field, dir, limit, offset), context).toBe(sqlTotal);
      expect(out.done().toString(), context).toBe(mem.rows.map((r) => writeRow(r)).join(','));
      if (mem.total > 0) nonEmpty++;
    }
    // The queries are not all trivially empty.
    expect(nonEmpty).toBeGreaterThan(1000);
  }, 120_000);

  it('gives the export the same ids in the same order', async () => {
    const random = rng(11);
    for (let k = 0; k < 300; k++) {
      const f = randomFilters(random);
      const field = INSIGHT_SORT_FIELDS[k % INSIGHT_SORT_FIELDS.length]!;
      const dir = SORT_DIRECTIONS[k % 2]!;
      const mem = index.allIds(f, field, dir);
      if (!mem) continue;
      expect(mem, JSON.stringify({ f, field, dir })).toEqual(await findCommunityIds(tdb.pool, f, field, dir));
    }
  }, 60_000);

  it('leaves a review topic and non-ASCII free text to SQL', () => {
    expect(index.page({ reviewTopic: 'food' } as InsightFilters, 'name', 'asc', 10, 0)).toBeNull();
    expect(index.page({ searchQuery: 'élan' } as InsightFilters, 'name', 'asc', 10, 0)).toBeNull();
    expect(index.allIds({ searchQuery: 'ÉLAN' } as InsightFilters, 'name', 'asc')).toBeNull();
    expect(index.page({ searchQuery: 'elan' } as InsightFilters, 'name', 'asc', 10, 0)).not.toBeNull();
  });
});

describe('Community Insights over HTTP on the index', () => {
  const http = useIndexAndSqlApps(() => tdb, { email: 'insights-index@example.com', debounceMs: 50, ready: indexReady((app) => app.insightsIndex) });

  const urls = [
    '/api/community-insights?pageSize=25&sortField=pricing&sortDirection=desc&page=2',
    '/api/community-insights?state=tx&sortField=operatorName',
    '/api/community-insights?searchQuery=oak&owner=Private&sortField=communityScore&sortDirection=desc',
    '/api/community-insights?pricingRange=2000-4000&communityScore=3-4&pageSize=50',
    '/api/community-insights?zipCode=787&licenceType=assisted_living&sortField=rating',
    '/api/community-insights?searchQuery=%C3%A9lan&sortField=city',
    // An operator search of the filter options (asked of SQL, written into the index's answer).
    '/api/community-insights?operatorSearch=ac&state=IL&page=3',
  ];

  it('answers every page exactly as the SQL path does', async () => {
    for (const url of urls) {
      const [a, b] = await http.both(url);
      expect(a.statusCode, url).toBe(200);
      expect(a.json(), url).toEqual(b.json());
      // The index's answer is bytes written from kept rows (InsightsIndex.writePage): the route serializer's own.
      expect(a.body, url).toBe(b.body);
      expect(a.headers['content-type'], url).toBe(b.headers['content-type']);
    }
  });

  it('exports the same CSV', async () => {
    const url = '/api/community-insights/export.csv?state=IL&sortField=communityType&sortDirection=desc';
    const [a, b] = await http.both(url, { cookie: http.cookie });
    expect(a.statusCode).toBe(200);
    expect(a.body.split('\n').length).toBeGreaterThan(10);
    expect(a.body).toBe(b.body);
  });

  it('shows a change written to the database once the index has followed it', async () => {
    const url = '/api/community-insights?searchQuery=Zephyrine&pageSize=25';
    const before = await http.onIndex.inject({ method: 'GET', url });
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().filteredTotal).toBe(0);
    await tdb.pool.query(`UPDATE communities SET name = 'Zephyrine Gardens' WHERE id = (SELECT min(id) FROM communities WHERE listing_status = 'listed')`);
    // The triggers notify, the index rebuilds after its debounce (50 ms here): bounded wait.
    const version = http.onIndex.insightsIndex!.version;
    await waitFor(async () => http.onIndex.insightsIndex!.version > version);
    expect(http.onIndex.insightsIndex!.current!.page({ searchQuery: 'zephyrine' } as InsightFilters, 'name', 'asc', 10, 0)!.total).toBe(1);
    const body = (await http.onIndex.inject({ method: 'GET', url })).json();
    expect(body.communities[0].name).toBe('Zephyrine Gardens');
    expect(body).toEqual((await http.onSql.inject({ method: 'GET', url })).json());
  }, 30_000);
});
