// GET /api/communities/:id/records on the real public data of Rhode Island.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../db/import/csv';
import { publicFiles } from '../../db/public-dataset/files';
import { ensurePublicDataset } from '../../db/public-dataset/load';
import { buildTestApp, createTestDatabase, type TestDatabase } from '../../test/db';
import type { App } from '../../types';

let tdb: TestDatabase;
let app: App;
beforeAll(async () => {
  tdb = await createTestDatabase();
  await ensurePublicDataset(tdb.pool, { states: ['RI'] });
  app = await buildTestApp(tdb);
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

const idOf = async (source: string, sourceId: string) =>
  (await tdb.pool.query<{ id: number }>('SELECT id FROM communities WHERE source = $1 AND source_id = $2', [source, sourceId])).rows[0].id;

describe('GET /api/communities/:id/records', () => {
  it('gives a licensed facility its licence in the state words, capacity, source and as-of date', async () => {
    const id = await idOf('licensed-ri', 'lic:ASSISTED LIVING RESIDENCE|ALR01495');
    const res = await app.inject({ url: `/api/communities/${id}/records` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      licence: {
        licenceType: 'ASSISTED LIVING RESIDENCE',
        licenceNumber: 'ALR01495',
        capacity: 112,
        licensee: null,
        county: null,
        sourceName: 'Rhode Island licensing agency',
        asOf: '2021-06-30',
        listingStatus: 'listed',
        delistedAsOf: null,
        locationApproximate: true,
      },
      cms: null,
    });
  });

  it('gives a nursing home its CMS ratings and flags as in the file', async () => {
    const { headers, records } = parseCsv(gunzipSync(readFileSync(publicFiles().cms)).toString('utf8'));
    const col = (n: string) => headers.indexOf(n);
    const rec = records.find((r) => r.fields[col('state')] === 'RI' && r.fields[col('overall_rating')] !== '');
    if (!rec) throw new Error('no rated RI home in the file');
    const f = (n: string) => rec.fields[col(n)];
    const res = await app.inject({ url: `/api/communities/${await idOf('cms', f('ccn'))}/records` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.cms).toMatchObject({
      ccn: f('ccn'),
      overallRating: Number(f('overall_rating')),
      healthRating: Number(f('health_rating')),
      abuseIcon: f('abuse_icon') === 'Y',
      specialFocus: f('special_focus') || null,
      ownershipType: f('ownership_type'),
      asOf: '2025-01-01',
    });
    expect(body.licence).toMatchObject({ sourceName: 'Centers for Medicare & Medicaid Services', licenceNumber: f('ccn') });
  });

  it('gives a demo community no records, and answers 404 and 400 as errors', async () => {
    const { rows } = await tdb.pool.query<{ id: number }>(
      "INSERT INTO communities (name, city, state, source_id) VALUES ('Demo Place', 'Providence', 'RI', 'demo-1') RETURNING id",
    );
    expect((await app.inject({ url: `/api/communities/${rows[0].id}/records` })).json()).toEqual({ licence: null, cms: null });
    const missing = await app.inject({ url: '/api/communities/2000000000/records' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBeTruthy();
    const bad = await app.inject({ url: '/api/communities/abc/records' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBeTruthy();
  });
});
