// Licence-type and capacity-band filters (issue 12) on search, the map points and Community Insights:
// every band edge, unknown capacity in no band, the licence words mapped to the product's types.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPACITY_BANDS, LICENCE_TYPES, type CapacityBand, type LicenceType } from '../../../contracts/licence-filters';
import { buildTestApp, createTestDatabase, type TestDatabase } from '../../test/db';
import type { App } from '../../types';

let tdb: TestDatabase;
let app: App;

// [name, capacity, source_kind, license_type]
const ROWS: [string, number | null, string, string | null][] = [
  ['Cap none', null, 'state', 'ASSISTED LIVING RESIDENCE'],
  ['Cap 0', 0, 'state', 'ASSISTED LIVING RESIDENCE'],
  ['Cap 1', 1, 'state', 'ADULT FAMILY HOME; AFH'],
  ['Cap 10', 10, 'state', 'ASSISTED LIVING FACILITY (SPECIALTY CARE); GROUP SPECIALTY CARE ASSISTED LIVING FACILITY'],
  ['Cap 11', 11, 'state', 'RESIDENTIAL FACILITY FOR GROUPS; ALZHEIMER DISEASE'],
  ['Cap 25', 25, 'state', 'RCFE-CONTINUING CARE RETIREMENT COMMUNITY'],
  ['Cap 26', 26, 'state', 'NURSING FACILITY ASSISTED LIVING FACILITY'],
  ['Cap 50', 50, 'cms', 'Medicare and Medicaid certified nursing home'],
  ['Cap 51', 51, 'state', 'HOUSING WITH SERVICES; ASSISTED LIVING SERVICES AND DEMENTIA UNIT/DEMENTIA PROGRAM'],
  ['Cap 100', 100, 'state', 'PERSONAL CARE HOME'],
  ['Cap 101', 101, 'demo', null],
  ['Memory Gardens (demo)', 500, 'demo', null],
];

const BAND_MEMBERS: Record<CapacityBand, string[]> = {
  '1_10': ['Cap 1', 'Cap 10'],
  '11_25': ['Cap 11', 'Cap 25'],
  '26_50': ['Cap 26', 'Cap 50'],
  '51_100': ['Cap 51', 'Cap 100'],
  '101_plus': ['Cap 101', 'Memory Gardens (demo)'],
};

const TYPE_MEMBERS: Record<LicenceType, string[]> = {
  assisted_living: ['Cap none', 'Cap 0', 'Cap 1', 'Cap 10', 'Cap 11', 'Cap 25', 'Cap 26', 'Cap 51', 'Cap 100'],
  // Alabama's "Specialty Care", Nevada's "Alzheimer disease", Minnesota's "dementia unit"; not a demo name.
  memory_care: ['Cap 10', 'Cap 11', 'Cap 51'],
  ccrc: ['Cap 25'],
  nursing_home: ['Cap 26', 'Cap 50'],
};

beforeAll(async () => {
  tdb = await createTestDatabase();
  for (const [i, [name, capacity, kind, licence]] of ROWS.entries()) {
    await tdb.pool.query(
      `INSERT INTO communities (name, city, state, source_id, capacity, source_kind, license_type, lat, lng)
       VALUES ($1, 'Providence', 'RI', $2, $3, $4, $5, 41.8, -71.4)`,
      [name, `s${i}`, capacity, kind, licence],
    );
  }
  // A delisted facility in a band is still left out.
  await tdb.pool.query(
    `INSERT INTO communities (name, city, state, source_id, capacity, source_kind, license_type, listing_status, lat, lng)
     VALUES ('Gone 5', 'Providence', 'RI', 'gone', 5, 'state', 'ASSISTED LIVING RESIDENCE', 'delisted', 41.8, -71.4)`,
  );
  app = await buildTestApp(tdb);
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

async function names(url: string): Promise<string[]> {
  const res = await app.inject({ url });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  const list: { name: string }[] = body.communities ?? body.points;
  return list.map((c) => c.name).sort();
}

describe('capacity bands', () => {
  it.each(CAPACITY_BANDS)('%s holds exactly the facilities on and inside its edges, on search, map points and insights', async (band) => {
    const want = [...BAND_MEMBERS[band]].sort();
    expect(await names(`/api/communities/search?capacity=${band}&pageSize=100`)).toEqual(want);
    expect(await names(`/api/communities/search/points?capacity=${band}`)).toEqual(want);
    expect(await names(`/api/community-insights?capacity=${band}&pageSize=100`)).toEqual(want);
  });

  it('leaves out unknown (and zero) capacities from every band, which together hold every other facility', () => {
    const inBands = CAPACITY_BANDS.flatMap((b) => BAND_MEMBERS[b]).sort();
    expect(inBands).toEqual(ROWS.map((r) => r[0]).filter((n) => n !== 'Cap none' && n !== 'Cap 0').sort());
  });
});

describe('licence types', () => {
  it.each(LICENCE_TYPES)('%s maps the state licence words (or CMS certification) to the product type', async (type) => {
    const want = [...TYPE_MEMBERS[type]].sort();
    expect(await names(`/api/communities/search?licenceType=${type}&pageSize=100`)).toEqual(want);
    expect(await names(`/api/community-insights?licenceType=${type}&pageSize=100`)).toEqual(want);
  });

  it('combines with a capacity band and the other filters', async () => {
    expect(await names('/api/communities/search?licenceType=memory_care&capacity=1_10&pageSize=100')).toEqual(['Cap 10']);
    expect(await names('/api/community-insights?licenceType=nursing_home&capacity=26_50&state=RI&pageSize=100')).toEqual(['Cap 26', 'Cap 50']);
  });

  it('refuses an unknown option with a 400 that names the allowed ones', async () => {
    for (const url of ['/api/communities/search?capacity=5_10', '/api/community-insights?licenceType=hospital', '/api/communities/search/points?licenceType=x']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.code).toBeTruthy();
      expect(res.json().error.message).toMatch(/must be one of/);
    }
    // 'all' and '' mean no filter.
    expect((await names('/api/communities/search?capacity=all&licenceType=&pageSize=100')).length).toBe(ROWS.length);
  });
});
