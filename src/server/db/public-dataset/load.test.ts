// DATASET=public: the shipped real directory loads once (marker), a later call reuses it, a demo
// database is kept unless forced, and every loaded place carries its source and as-of date.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import { parseCsv } from '../import/csv';
import { publicFiles } from './files';
import { ensurePublicDataset, readPublicMarker } from './load';

const STATES = ['RI', 'DE'];
const files = publicFiles();
const rowsOf = (file: string) => parseCsv(gunzipSync(readFileSync(file)).toString('utf8'));

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(async () => {
  await tdb?.drop();
});

describe('ensurePublicDataset', () => {
  it('loads the licence lists and nursing homes of the chosen states once, with provenance', async () => {
    const first = await ensurePublicDataset(tdb.pool, { states: STATES });
    expect(first.loaded).toBe(true);
    const expectedLicensed = STATES.reduce((n, s) => n + rowsOf(path.join(files.licensedDir, `${s.toLowerCase()}.csv.gz`)).records.length, 0);
    const cms = rowsOf(files.cms);
    const stateCol = cms.headers.indexOf('state');
    const expectedHomes = cms.records.filter((r) => STATES.includes(r.fields[stateCol])).length;

    const { rows } = await tdb.pool.query<{ source_kind: string; n: number; undated: number; states: string[] }>(
      `SELECT source_kind, count(*)::int AS n, count(*) FILTER (WHERE source_as_of IS NULL OR source_name = '')::int AS undated,
              array_agg(DISTINCT state ORDER BY state) AS states
         FROM communities GROUP BY source_kind ORDER BY source_kind`,
    );
    expect(rows).toEqual([
      { source_kind: 'cms', n: expectedHomes, undated: 0, states: ['DE', 'RI'] },
      { source_kind: 'state', n: expectedLicensed, undated: 0, states: ['DE', 'RI'] },
    ]);
    const marker = await readPublicMarker(tdb.pool);
    expect(marker).toMatchObject({ dataset: 'public', states: STATES, counts: { licensed: expectedLicensed, nursingHomes: expectedHomes } });
    const { rows: facts } = await tdb.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM cms_ratings');
    expect(facts[0].n).toBe(expectedHomes);

    // Every place knows its county (issue 15): the record's county name where it matches the ACS list,
    // else its coordinates; the county lies in the place's own state (RI 44, DE 10).
    const { rows: counties } = await tdb.pool.query<{ state: string; prefix: string | null; n: number }>(
      `SELECT state, left(county_fips, 2) AS prefix, count(*)::int AS n FROM communities GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    expect(counties.map((r) => [r.state, r.prefix])).toEqual([['DE', '10'], ['RI', '44']]);
    const { rows: byName } = await tdb.pool.query<{ n: number; total: number }>(
      `SELECT count(*) FILTER (WHERE cp.fips = c.county_fips)::int AS n, count(*)::int AS total
         FROM communities c JOIN county_population cp ON cp.state = c.state AND lower(cp.county) = lower(c.county)`,
    );
    expect(byName[0].total).toBeGreaterThan(0);
    expect(byName[0].n).toBe(byName[0].total);

    const again = await ensurePublicDataset(tdb.pool, { states: STATES });
    expect(again.loaded).toBe(false);
    const { rows: after } = await tdb.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM communities');
    expect(after[0].n).toBe(expectedLicensed + expectedHomes);
  });

  it('keeps a database that holds the demo dataset unless forced', async () => {
    await tdb.pool.query(`UPDATE app_meta SET value = '{"scale":0.01,"seed":1}' WHERE key = 'dataset'`);
    const messages: string[] = [];
    expect((await ensurePublicDataset(tdb.pool, { states: ['DE'], log: (m) => messages.push(m) })).loaded).toBe(false);
    expect(messages.join('\n')).toMatch(/demo dataset; kept/);
    expect((await ensurePublicDataset(tdb.pool, { states: STATES, force: true })).loaded).toBe(true);
    expect(await readPublicMarker(tdb.pool)).toMatchObject({ dataset: 'public' });
  });
});
