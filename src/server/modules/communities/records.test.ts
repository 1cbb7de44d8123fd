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
      // The 2025 file knows only its year (ADR 025): "2025", never "Jan 1, 2025".
      asOf: '2025',
    });
    expect(body.licence).toMatchObject({ sourceName: 'Centers for Medicare & Medicaid Services', licenceNumber: f('ccn'), asOf: '2025' });
  });

  it('carries the as-of precision everywhere a source is drawn: detail, search rows, insights rows, operators', async () => {
    const cmsId = (await tdb.pool.query<{ id: number }>("SELECT id FROM communities WHERE source = 'cms' ORDER BY id LIMIT 1")).rows[0].id;
    const detail = (await app.inject({ url: `/api/communities/${cmsId}` })).json();
    expect(detail.source).toEqual({ kind: 'cms', name: 'Centers for Medicare & Medicaid Services', asOf: '2025' });
    const asOfs = new Set<string>();
    for (let page = 1; page <= 2; page++) {
      const search = (await app.inject({ url: `/api/communities/search?location=RI&pageSize=100&page=${page}` })).json();
      for (const c of search.communities as { source: { kind: string; asOf: string } }[]) asOfs.add(`${c.source.kind} ${c.source.asOf}`);
    }
    expect([...asOfs].sort()).toEqual(['cms 2025', 'state 2021-06-30']);
    const insights = (await app.inject({ url: '/api/community-insights?state=RI&pageSize=100' })).json();
    const row = insights.communities.find((c: { id: number }) => c.id === cmsId);
    expect(row.source.asOf).toBe('2025');
    const ops = (await app.inject({ url: '/api/operator-insights?pageSize=100' })).json();
    const kinds = new Set<string>(ops.operators.map((o: { source: { kind: string; asOf: string } }) => `${o.source.kind} ${o.source.asOf}`));
    // Rhode Island's list names no licensees: its operators are the CMS chains and legal names.
    expect([...kinds]).toEqual(['cms 2025']);
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
