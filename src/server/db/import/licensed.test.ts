// The generic licence-list importer on a real PostgreSQL: the 51 shipped national files, a 2026 state
// roster in another vocabulary that updates (not duplicates) the 2021 list and delists what it lacks,
// idempotence, the refusal of a file without a city column, and the CMS national file.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import { publicFiles } from '../public-dataset/files';
import { parseCsv } from './csv';
import { runDirectoryImport, type DirectorySummary } from './directory-run';
import { CMS_AGENCY } from './sources/cms-national';
import { runImport } from './run';
import { ImportError } from './types';

const files = publicFiles();
const ROSTER = path.join(import.meta.dirname, 'fixtures/ri-roster-2026.csv');
const nationalFile = (state: string) => path.join(files.licensedDir, `${state}.csv.gz`);

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(async () => {
  await tdb?.drop();
});

const licensed = (file: string, extra: Partial<Parameters<typeof runDirectoryImport>[1]> = {}) =>
  runDirectoryImport(tdb.pool, { kind: 'licensed', fileName: path.basename(file), content: readFileSync(file), ...extra });

describe('licensed importer on the 51 national files', () => {
  it('imports every file: each valid row becomes one community with its agency and as-of date', { timeout: 300_000 }, async () => {
    const states = readdirSync(files.licensedDir).filter((f) => f.endsWith('.csv.gz')).map((f) => f.slice(0, 2));
    expect(states).toHaveLength(51);
    const results = new Map<string, DirectorySummary>();
    for (const s of states) results.set(s, await licensed(nationalFile(s)));
    let rows = 0;
    let inserted = 0;
    for (const [s, r] of results) {
      // Every row is accounted for: inserted or rejected with a reason; almost all are kept.
      expect(r.inserted + r.rejected, s).toBe(r.rowsRead);
      expect(r.rejected / r.rowsRead, s).toBeLessThan(0.05);
      expect(r.rejections.every((x) => x.reason.length > 0)).toBe(true);
      expect(r.delisted).toBe(0);
      rows += r.rowsRead;
      inserted += r.inserted;
    }
    expect(rows).toBe(44_638);
    const { rows: db } = await tdb.pool.query<{ n: number; states: number; undated: number; unsourced: number; unlocated: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT state)::int AS states,
              count(*) FILTER (WHERE source_as_of IS NULL)::int AS undated,
              count(*) FILTER (WHERE source_kind <> 'state' OR source_name = '')::int AS unsourced,
              count(*) FILTER (WHERE lat IS NULL)::int AS unlocated
         FROM communities WHERE source LIKE 'licensed-%'`,
    );
    expect(db[0]).toMatchObject({ n: inserted, states: 51, undated: 0, unsourced: 0 });
    expect(db[0].unlocated / inserted).toBeLessThan(0.01);

    // Spellings of one company in one state are one operator, with its raw names recorded.
    const { rows: ops } = await tdb.pool.query<{ n: number }>(
      `SELECT community_count AS n FROM operators WHERE source = 'licensed-fl' AND source_id = 'op:BROOKDALE SENIOR LIVING COMMUNITIES'
          AND raw_names @> ARRAY['BROOKDALE SENIOR LIVING COMMUNITIES INC.']`,
    );
    expect(ops[0].n).toBeGreaterThan(10);
    const { rows: gathered } = await tdb.pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM operators WHERE source LIKE 'licensed-%' AND cardinality(raw_names) > 1",
    );
    expect(gathered[0].n).toBeGreaterThan(100);
    const { rows: counts } = await tdb.pool.query<{ bad: number }>(
      `SELECT count(*)::int AS bad FROM operators o
        WHERE o.source LIKE 'licensed-%' AND o.community_count <> (SELECT count(*) FROM communities c WHERE c.operator_id = o.id)`,
    );
    expect(counts[0].bad).toBe(0);

    // A second run of a file changes nothing.
    for (const s of ['ca', 'nv', 'ok']) {
      const again = await licensed(nationalFile(s));
      expect(again, s).toMatchObject({ inserted: 0, updated: 0, delisted: 0, operators: { inserted: 0, updated: 0 } });
      expect(again.unchanged).toBe(results.get(s)?.inserted);
    }
  });
});

describe('a newer state roster in another vocabulary', () => {
  let first: DirectorySummary;
  let roster: DirectorySummary;
  beforeAll(async () => {
    await tdb.pool.query("DELETE FROM communities WHERE source = 'licensed-ri'");
    first = await licensed(nationalFile('ri'));
    roster = await licensed(ROSTER, { state: 'RI', sourceName: 'Rhode Island Department of Health', asOf: '2026-03-01' });
  });

  it('maps the roster columns and reports them', () => {
    expect(roster.mapped).toEqual(
      expect.arrayContaining(['name <- "facility_name"', 'address <- "street_address"', 'city <- "town"', 'zip <- "zip_code"', 'capacity <- "total_beds"']),
    );
  });

  it('updates shared facilities (licence number, else name and address), adds new ones, delists the absent', async () => {
    const rosterRows = parseCsv(readFileSync(ROSTER, 'utf8')).records.length;
    expect(roster).toMatchObject({ rowsRead: rosterRows, inserted: 1, updated: 3, rejected: 1, delisted: first.inserted - 3 });
    expect(roster.rejections).toEqual([{ line: 6, reason: 'missing city' }]);
    const { rows } = await tdb.pool.query(
      `SELECT name, capacity, source_as_of::text, source_name, listing_status, delisted_as_of::text, license_number, care_types, licensee
         FROM communities WHERE source = 'licensed-ri' ORDER BY name`,
    );
    const byName = new Map(rows.map((r) => [String(r.name).toLowerCase(), r]));
    // Matched on its licence number although the roster words the licence type differently.
    expect(byName.get('all american assisted living at warwick')).toMatchObject({
      capacity: 120, source_as_of: '2026-03-01', source_name: 'Rhode Island Department of Health', listing_status: 'listed',
    });
    // Matched on "153 DEAN STREET" = "153 Dean St." (the roster gives no licence number).
    expect(byName.get('arbor hill')).toMatchObject({ source_as_of: '2026-03-01', license_number: 'ALR01483', listing_status: 'listed' });
    expect(byName.get('ocean state memory care')).toMatchObject({ care_types: ['Assisted Living', 'Memory Care'], listing_status: 'listed' });
    expect(byName.get('anchor bay at greenwich')).toMatchObject({ listing_status: 'delisted', delisted_as_of: '2026-03-01', source_as_of: '2021-06-30' });
    expect(rows.length).toBe(first.inserted + 1);

    // Two spellings of Atria are one operator that gathers both.
    const { rows: ops } = await tdb.pool.query(
      `SELECT name, raw_names, community_count FROM operators WHERE source = 'licensed-ri' AND source_id = 'op:ATRIA SENIOR LIVING'`,
    );
    expect(ops).toEqual([{ name: 'Atria Senior Living, INC.', raw_names: ['ATRIA SENIOR LIVING, INC.', 'Atria Senior Living Inc'], community_count: 2 }]);
  });

  it('changes nothing on a second run, and the older 2021 list neither overwrites nor relists', async () => {
    const again = await licensed(ROSTER, { state: 'RI', sourceName: 'Rhode Island Department of Health', asOf: '2026-03-01' });
    expect(again).toMatchObject({ inserted: 0, updated: 0, delisted: 0, unchanged: 4, operators: { inserted: 0, updated: 0 } });
    const older = await licensed(nationalFile('ri'));
    expect(older).toMatchObject({ inserted: 0, updated: 0, delisted: 0 });
    const { rows } = await tdb.pool.query<{ listed: number }>(
      "SELECT count(*) FILTER (WHERE listing_status = 'listed')::int AS listed FROM communities WHERE source = 'licensed-ri'",
    );
    expect(rows[0].listed).toBe(4);
  });
});

describe('refusals', () => {
  it('refuses a file without a city column, naming what is missing, and changes nothing', async () => {
    const before = await tdb.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM communities');
    const content = 'facility_name,street_address,zip_code\nSunny Home,1 Main St,02886\n';
    const err = await runDirectoryImport(tdb.pool, { kind: 'licensed', fileName: 'x.csv', content, state: 'RI' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImportError);
    expect((err as ImportError).code).toBe('MISSING_COLUMNS');
    expect((err as ImportError).message).toMatch(/lacks a city column \(e\.g\. "City", "town"/);
    const after = await tdb.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM communities');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('refuses a file without a State column unless --state names it', async () => {
    const content = 'Facility Name,Address,City\nSunny Home,1 Main St,Warwick\n';
    await expect(runDirectoryImport(tdb.pool, { kind: 'licensed', fileName: 'x.csv', content })).rejects.toThrow(/--state XX/);
  });
});

describe('CMS national file', () => {
  it('keeps the ratings, flags and chain as structured fields equal to the file', async () => {
    const text = gunzipSync(readFileSync(files.cms)).toString('utf8');
    const lines = text.split('\n');
    // The first 400 homes plus every Special Focus Facility of the file: a fast, varied slice.
    const body = lines.slice(1).filter(Boolean);
    const slice = [...body.slice(0, 400), ...body.slice(400).filter((l) => /,SFF,/.test(l))];
    const result = await runDirectoryImport(tdb.pool, { kind: 'cms-national', fileName: 'cms.csv.gz', content: gzipSync(`${lines[0]}\n${slice.join('\n')}\n`) });
    expect(result).toMatchObject({ rowsRead: slice.length, inserted: slice.length, rejected: 0, cmsFacts: slice.length });
    const parsed = parseCsv(`${lines[0]}\n${slice.join('\n')}\n`);
    const col = (name: string) => parsed.headers.indexOf(name);
    const { rows } = await tdb.pool.query(
      `SELECT c.source_id, c.score, c.source_kind, c.source_name, c.location_approximate, c.address, r.*, r.address_as_of::text AS address_as_of, o.name AS operator, o.source_id AS operator_key
         FROM communities c JOIN cms_ratings r ON r.community_id = c.id LEFT JOIN operators o ON o.id = c.operator_id WHERE c.source = 'cms'`,
    );
    const byCcn = new Map(rows.map((r) => [r.source_id, r]));
    const num = (v: string) => (v === '' ? null : Number(v));
    for (const rec of parsed.records) {
      const f = (name: string) => rec.fields[col(name)];
      const r = byCcn.get(f('ccn'));
      expect(r, f('ccn')).toBeDefined();
      expect(r).toMatchObject({
        ccn: f('ccn'),
        overall_rating: num(f('overall_rating')),
        health_rating: num(f('health_rating')),
        staffing_rating: num(f('staffing_rating')),
        quality_rating: num(f('qm_rating')),
        abuse_icon: f('abuse_icon') === 'Y',
        special_focus: f('special_focus') || null,
        ownership_type: f('ownership_type') || null,
        score: num(f('overall_rating')),
        source_kind: 'cms',
        source_name: CMS_AGENCY,
        address_as_of: f('address_as_of') || null,
      });
      expect(r.avg_residents).toBeCloseTo(Number(f('residents')), 1);
      if (f('affiliate_name')) expect(r.operator_key).toMatch(/^chain:/);
    }
    expect(rows.some((r) => r.special_focus === 'SFF')).toBe(true);
    // A chain links homes of several states as one operator.
    const { rows: chains } = await tdb.pool.query<{ states: number }>(
      `SELECT count(DISTINCT c.state)::int AS states FROM communities c JOIN operators o ON o.id = c.operator_id
        WHERE o.source = 'cms' AND o.source_id LIKE 'chain:%' GROUP BY o.id ORDER BY 1 DESC LIMIT 1`,
    );
    expect(chains[0].states).toBeGreaterThan(1);
  });
});

describe('CMS Provider Information importer keeps the structured fields', () => {
  it.each([
    ['NH_ProviderInfo_Jul2026_sample.csv', 'CMS Certification Number (CCN)'],
    ['NH_ProviderInfo_Aug2021_sample.csv', 'Federal Provider Number'],
  ])('%s', async (fileName, ccnColumn) => {
    const file = path.resolve(import.meta.dirname, '../../../../../shared/data/cms', fileName);
    const content = readFileSync(file);
    await runImport(tdb.pool, { kind: 'cms', fileName, content });
    const parsed = parseCsv(content.toString('utf8').replace(/^\uFEFF/, ''));
    const col = (name: string) => parsed.headers.findIndex((h) => h.replace(/^\uFEFF/, '') === name);
    const { rows } = await tdb.pool.query(
      `SELECT r.*, r.processing_date::text AS processing_date FROM cms_ratings r JOIN communities c ON c.id = r.community_id
        WHERE c.source = 'cms' AND c.source_id = ANY($1::text[])`,
      [parsed.records.map((rec) => rec.fields[col(ccnColumn)])],
    );
    const byCcn = new Map(rows.map((r) => [r.ccn, r]));
    const num = (v: string) => (v === '' || v === '.' ? null : Number(v));
    let compared = 0;
    for (const rec of parsed.records) {
      const f = (name: string) => (rec.fields[col(name)] ?? '').trim();
      const r = byCcn.get(f(ccnColumn));
      if (!r) continue; // a rejected row (its reason is covered by import.test.ts)
      compared++;
      expect(r).toMatchObject({
        certified_beds: num(f('Number of Certified Beds')),
        health_deficiencies: num(f('Rating Cycle 1 Total Number of Health Deficiencies')),
        fines_count: num(f('Number of Fines')),
        fines_total: num(f('Total Amount of Fines in Dollars')),
        payment_denials: num(f('Number of Payment Denials')),
        abuse_icon: f('Abuse Icon') === 'Y',
        special_focus: f('Special Focus Status') || null,
        overall_rating: num(f('Overall Rating')),
        health_rating: num(f('Health Inspection Rating')),
        staffing_rating: num(f('Staffing Rating')),
        quality_rating: num(f('QM Rating')),
        ownership_type: f('Ownership Type') || null,
        processing_date: f('Processing Date'),
      });
      expect(r.avg_residents).toBeCloseTo(Number(f('Average Number of Residents per Day')), 1);
    }
    expect(compared).toBeGreaterThan(parsed.records.length * 0.9);
  });
});
