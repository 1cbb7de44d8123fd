// The importers against a real PostgreSQL, on the real public samples in ../shared/data.
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import { detectKind, ImportError, runImport, type ImportSummary } from './index';
import { asOfFromFileName } from './sources/common';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const DATA = path.resolve(ROOT, '../shared/data');
const CMS_2021 = path.join(DATA, 'cms/NH_ProviderInfo_Aug2021_sample.csv');
const CMS_2026 = path.join(DATA, 'cms/NH_ProviderInfo_Jul2026_sample.csv');
const FL = path.join(DATA, 'states/fl_ahca_alf_sample.csv');
const TX = path.join(DATA, 'states/tx_hhsc_alf_sample.csv');

const read = (file: string) => readFileSync(file);

async function importFile(tdb: TestDatabase, kind: 'cms' | 'fl' | 'tx', file: string): Promise<ImportSummary> {
  return runImport(tdb.pool, { kind, fileName: path.basename(file), content: read(file) });
}

async function counts(tdb: TestDatabase) {
  const { rows } = await tdb.pool.query<{ communities: number; operators: number; stamp: string | null }>(
    `SELECT (SELECT count(*)::int FROM communities) AS communities,
            (SELECT count(*)::int FROM operators) AS operators,
            (SELECT max(updated_at)::text FROM communities) AS stamp`,
  );
  return rows[0];
}

async function community(tdb: TestDatabase, source: string, sourceId: string) {
  const { rows } = await tdb.pool.query(
    `SELECT c.*, o.name AS operator_name, o.source AS operator_source, o.source_id AS operator_source_id,
            o.community_count AS operator_community_count, o.city AS operator_city, o.state AS operator_state
       FROM communities c LEFT JOIN operators o ON o.id = c.operator_id
      WHERE c.source = $1 AND c.source_id = $2`,
    [source, sourceId],
  );
  return rows[0];
}

// One database for the file; each block starts from empty import tables.
let sharedDb: TestDatabase;
beforeAll(async () => {
  sharedDb = await createTestDatabase();
});
afterAll(async () => {
  await sharedDb.drop();
});

function withTestDb(): { get: () => TestDatabase } {
  beforeAll(async () => {
    await sharedDb.pool.query('TRUNCATE communities, operators, imports RESTART IDENTITY CASCADE');
  });
  return { get: () => sharedDb };
}

describe('detectKind', () => {
  it('tells every sample apart by its header', () => {
    expect(detectKind(read(CMS_2021))).toBe('cms');
    expect(detectKind(read(CMS_2026))).toBe('cms');
    expect(detectKind(read(FL))).toBe('fl');
    expect(detectKind(read(TX))).toBe('tx');
  });

  it('returns null for anything else', () => {
    expect(detectKind('')).toBeNull();
    expect(detectKind('name,city\nA,B\n')).toBeNull();
    expect(detectKind(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]))).toBeNull();
  });
});

describe('CMS, August 2021 layout', () => {
  const db = withTestDb();

  it('imports 999 of 1,000 rows and rejects the Puerto Rico facility with its line', async () => {
    const s = await importFile(db.get(), 'cms', CMS_2021);
    expect(s).toMatchObject({ kind: 'cms', layout: 'cms-2021', status: 'ok', rowsRead: 1000, inserted: 999, updated: 0, unchanged: 0, rejected: 1 });
    expect(s.rejections).toEqual([{ line: 770, reason: "state 'PR' is not one of the 50 US states or DC" }]);
    expect(await counts(db.get())).toMatchObject({ communities: 999 });
  });

  it('maps a known facility', async () => {
    const c = await community(db.get(), 'cms', '015009');
    expect(c).toMatchObject({
      name: 'Burns Nursing Home, INC.',
      address: '701 Monroe Street NW',
      city: 'Russellville',
      state: 'AL',
      zip_code: '35653',
      phone: '(256) 332-4110',
      owner_type: 'Private',
      score: 5,
      capacity: 57,
      care_types: ['Skilled Nursing'],
      community_type: 'Skilled Nursing',
      healthcare_services: ['24/7 Nursing'],
      // No coordinates in this layout: the ZIP centroid.
      lat: 34.5066,
      lng: -87.7257,
      operator_name: 'Burns Nursing Home, INC.',
      operator_source: 'cms',
      operator_source_id: 'name:BURNS NURSING HOME INC',
      operator_community_count: 1,
      min_price: null,
    });
    expect(c.description).toBe('Medicare and Medicaid certified nursing home in Russellville, AL with 57 certified beds. CMS overall rating: 5 out of 5.');
    expect(c.overview).toContain('It has 57 certified beds and averaged 51.4 residents per day.');
    expect(c.overview).toContain('Ownership: for profit - corporation.');
    const pricing = await db.get().pool.query('SELECT count(*)::int AS n FROM community_pricing');
    expect(pricing.rows[0].n).toBe(0);
  });

  it('keeps CCNs with letters as text and links no operator when the legal name is not available', async () => {
    const c = await community(db.get(), 'cms', '04A293');
    expect(c).toMatchObject({ name: 'Arkansas Health Center', city: 'Benton', state: 'AR', owner_type: 'Public', score: 4, capacity: 290, operator_id: null });
  });

  it('places a retired ZIP at its city', async () => {
    const c = await community(db.get(), 'cms', '225509');
    expect(c).toMatchObject({ zip_code: '02146', lat: 42.3259, lng: -71.1341 });
  });

  it('changes nothing when the same file is imported again', async () => {
    const before = await counts(db.get());
    const s = await importFile(db.get(), 'cms', CMS_2021);
    expect(s).toMatchObject({ rowsRead: 1000, inserted: 0, updated: 0, unchanged: 999, rejected: 1, operators: { inserted: 0, updated: 0 } });
    expect(await counts(db.get())).toEqual(before);
  });

  it('updates the facilities the July 2026 file shares with it and inserts the rest', async () => {
    const s = await importFile(db.get(), 'cms', CMS_2026);
    expect(s).toMatchObject({ layout: 'cms-2026', rowsRead: 47, inserted: 43, updated: 4, rejected: 0 });
    const c = await community(db.get(), 'cms', '015009');
    // Now with the file's own coordinates and the 2026 ratings.
    expect(c).toMatchObject({ score: 2, lat: 34.5149, lng: -87.736, healthcare_services: ['24/7 Nursing', 'Physical Therapy'] });
    expect((await counts(db.get())).communities).toBe(999 + 43);
  });
});

describe('CMS, July 2026 layout', () => {
  const db = withTestDb();

  it('imports all 47 rows', async () => {
    const s = await importFile(db.get(), 'cms', CMS_2026);
    expect(s).toMatchObject({ layout: 'cms-2026', rowsRead: 47, inserted: 47, updated: 0, rejected: 0, rejections: [] });
  });

  it('maps the chain as operator and keeps the file coordinates', async () => {
    const c = await community(db.get(), 'cms', '015012');
    expect(c).toMatchObject({
      name: 'Highlands Health and Rehab',
      address: '380 Woods Cove Road',
      city: 'Scottsboro',
      state: 'AL',
      zip_code: '35768',
      phone: '(256) 218-3708',
      owner_type: 'Public',
      score: 5,
      capacity: 50,
      lat: 34.6611,
      lng: -86.047,
      operator_name: 'Huntsville Hospital Health System',
      operator_source_id: 'chain:610',
    });
  });

  it('keeps a blank overall rating as no score', async () => {
    const c = await community(db.get(), 'cms', '115270');
    expect(c.score).toBeNull();
    expect(c.description).toContain('CMS overall rating not yet available');
  });

  it('falls back to the legal business name when there is no chain', async () => {
    const c = await community(db.get(), 'cms', '015009');
    expect(c).toMatchObject({ operator_name: 'Burns Nursing Home, INC.', operator_source_id: 'name:BURNS NURSING HOME INC' });
  });

  it('is idempotent', async () => {
    const before = await counts(db.get());
    const s = await importFile(db.get(), 'cms', CMS_2026);
    expect(s).toMatchObject({ inserted: 0, updated: 0, unchanged: 47 });
    expect(await counts(db.get())).toEqual(before);
  });
});

describe('Florida AHCA assisted living', () => {
  const db = withTestDb();

  it('imports operating licenses and rejects inactive and suspended ones with their lines', async () => {
    const s = await importFile(db.get(), 'fl', FL);
    expect(s).toMatchObject({ kind: 'fl', rowsRead: 250, inserted: 246, updated: 0, rejected: 4 });
    expect(s.rejections).toEqual([
      { line: 101, reason: "License Status 'INACTIVE' is not an operating license" },
      { line: 159, reason: "License Status 'INACTIVE' is not an operating license" },
      { line: 180, reason: "License Status 'INACTIVE' is not an operating license" },
      { line: 219, reason: "License Status 'SUSPENDED' is not an operating license" },
    ]);
    const stored = await db.get().pool.query('SELECT kind, file_name, status, rows_read, inserted, updated, rejected, rejections, finished_at FROM imports');
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0]).toMatchObject({ kind: 'fl', file_name: 'fl_ahca_alf_sample.csv', status: 'ok', rows_read: 250, inserted: 246, updated: 0, rejected: 4 });
    expect(stored.rows[0].rejections).toHaveLength(4);
    expect(stored.rows[0].finished_at).toBeInstanceOf(Date);
  });

  it('maps a known facility', async () => {
    const c = await community(db.get(), 'fl', '11969202');
    expect(c).toMatchObject({
      name: '1 AAA Assisted Living at Wellington',
      address: '1337 Pinetta Cir',
      city: 'Wellington',
      state: 'FL',
      zip_code: '33414',
      phone: '(561) 422-7059',
      website: 'http://www.thelexingtonmanor.com',
      owner_type: 'Private',
      score: null,
      capacity: 6,
      care_types: ['Assisted Living'],
      community_type: 'Assisted Living',
      lat: 26.6587,
      lng: -80.2414,
      operator_name: 'The Lexington Manor Adult Family Homecare INC.',
      operator_source: 'fl',
    });
  });

  it('normalises ZIP+4, double spaces and not-for-profit owners', async () => {
    expect(await community(db.get(), 'fl', '11953636')).toMatchObject({ name: 'A Loving Home Enterprises INC.', zip_code: '33165', address: '3640 SW 91st Ave # 42' });
    expect(await community(db.get(), 'fl', '11910106')).toMatchObject({
      name: 'Westminster Manor of Bradenton',
      owner_type: 'Non-Profit',
      operator_name: 'Presbyterian Retirement Communities INC.',
    });
  });

  it('reports an edited row as updated, and only that row', async () => {
    const before = await counts(db.get());
    const edited = read(FL).toString('utf8').replace('(561) 422-7059', '(561) 422-7000');
    const s = await runImport(db.get().pool, { kind: 'fl', fileName: 'fl-edited.csv', content: edited });
    expect(s).toMatchObject({ inserted: 0, updated: 1, unchanged: 245, rejected: 4 });
    expect((await community(db.get(), 'fl', '11969202')).phone).toBe('(561) 422-7000');
    const after = await counts(db.get());
    expect(after.communities).toBe(before.communities);
    expect(after.operators).toBe(before.operators);
  });
});

describe('Texas HHSC assisted living', () => {
  const db = withTestDb();

  it('imports all 250 rows', async () => {
    const s = await importFile(db.get(), 'tx', TX);
    expect(s).toMatchObject({ kind: 'tx', rowsRead: 250, inserted: 250, updated: 0, rejected: 0 });
  });

  it('maps a known facility with its owner as operator', async () => {
    const c = await community(db.get(), 'tx', '821');
    expect(c).toMatchObject({
      name: 'Brookdale Palestine',
      address: '101 Trinty Court',
      city: 'Palestine',
      state: 'TX',
      zip_code: '75801',
      phone: '(903) 729-1900',
      owner_type: 'Private',
      capacity: 50,
      care_types: ['Assisted Living'],
      lat: 31.7358,
      lng: -95.6262,
      operator_name: 'BKD Sterling House of Palestine, LLC',
      operator_source_id: 'name:BKD STERLING HOUSE OF PALESTINE LLC',
      operator_city: 'Milwaukee',
      operator_state: 'WI',
    });
  });

  it("maps 'TEXAS', the management company and Alzheimer capacity", async () => {
    const c = await community(db.get(), 'tx', '104834');
    expect(c).toMatchObject({
      name: 'Franklin Park TPC Parkway',
      state: 'TX',
      zip_code: '78258',
      capacity: 125,
      care_types: ['Assisted Living', 'Memory Care'],
      owner_type: 'Private',
      operator_name: 'Fam Stone Oak, LTD',
    });
    expect(c.description).toContain("Includes 71 Alzheimer's care beds.");
    const nonProfit = await community(db.get(), 'tx', '104912');
    expect(nonProfit).toMatchObject({ owner_type: 'Non-Profit', phone: '(361) 651-1103', operator_name: 'Methodist Retirement Communities' });
  });

  it('is idempotent', async () => {
    const before = await counts(db.get());
    const s = await importFile(db.get(), 'tx', TX);
    expect(s).toMatchObject({ rowsRead: 250, inserted: 0, updated: 0, unchanged: 250, rejected: 0 });
    expect(await counts(db.get())).toEqual(before);
  });
});

// A small Texas file with a few broken rows, written with the publisher's real header.
const TX_HEADER = readFileSync(TX, 'utf8').split(/\r?\n/, 1)[0];
const TX_COLUMNS = TX_HEADER.split(',');
function txRow(values: Record<string, string>): string {
  const base: Record<string, string> = {
    'Facility Name': 'TEST HOUSE',
    Facility_ID: '900001',
    'Program Type': 'Assisted Living',
    'Service  Type': 'TYPE B',
    'Facility  Licensed': 'YES',
    'Physical Address': '1 MAIN ST',
    'Physical Address CITY': 'AUSTIN',
    'Physical Address State': 'TX',
    'Physical Address Zipcode': '78701',
    'Geo Location': '"30.27,-97.74"',
    'Total Licensed Capacity': '10',
    'Alzheimer Capacity': '0',
    Owner_: 'TEST OWNER LLC',
  };
  const merged = { ...base, ...values };
  return TX_COLUMNS.map((c) => merged[c] ?? '').join(',');
}

describe('rows with errors', () => {
  const db = withTestDb();

  it('rejects exactly the broken rows, each with its line and reason', async () => {
    const lines = [
      TX_HEADER,
      txRow({}), // 2: fine
      txRow({ Facility_ID: '900002' }).replace(/,$/, ''), // 3: one field short
      txRow({ Facility_ID: '900003', 'Physical Address State': 'ZZ' }), // 4
      txRow({ Facility_ID: '900004', 'Physical Address Zipcode': 'ABC' }), // 5
      txRow({ Facility_ID: '900005', 'Total Licensed Capacity': 'twelve' }), // 6
      txRow({}), // 7: same id as line 2
      txRow({ Facility_ID: '900007', 'Facility Name': '  ' }), // 8
      txRow({ Facility_ID: '900008', 'Facility  Licensed': 'NO' }), // 9
      txRow({ Facility_ID: '900009', 'Geo Location': '"95.1,-97.7"' }), // 10
      txRow({ Facility_ID: '900010', 'Facility Name': '"SMITH HOUSE, LLC"', 'Physical Address State': 'TEXAS', 'Physical Address Zipcode': '78701-1234' }), // 11: fine
    ];
    const s = await runImport(db.get().pool, { kind: 'tx', fileName: 'broken.csv', content: lines.join('\n') + '\n' });
    expect(s).toMatchObject({ rowsRead: 10, inserted: 2, updated: 0, rejected: 8 });
    expect(s.rejections).toEqual([
      { line: 3, reason: `expected ${TX_COLUMNS.length} fields, found ${TX_COLUMNS.length - 1}` },
      { line: 4, reason: "Physical Address State 'ZZ' is not one of the 50 US states or DC" },
      { line: 5, reason: "Physical Address Zipcode 'ABC' is not a 5-digit ZIP code" },
      { line: 6, reason: "Total Licensed Capacity 'twelve' is not a whole number" },
      { line: 7, reason: 'duplicate id 900001 (first on line 2)' },
      { line: 8, reason: 'missing Facility Name' },
      { line: 9, reason: "Facility Licensed is 'NO': not a licensed facility" },
      { line: 10, reason: 'Geo Location is not a valid latitude/longitude' },
    ]);
    expect(await community(db.get(), 'tx', '900010')).toMatchObject({ name: 'Smith House, LLC', state: 'TX', zip_code: '78701', lat: 30.27, lng: -97.74 });
    const stored = await db.get().pool.query("SELECT rejected, rejections FROM imports WHERE file_name = 'broken.csv'");
    expect(stored.rows[0].rejected).toBe(8);
    expect(stored.rows[0].rejections[0]).toEqual({ line: 3, reason: `expected ${TX_COLUMNS.length} fields, found ${TX_COLUMNS.length - 1}` });
  });
});

describe('malformed files', () => {
  const db = withTestDb();

  const cases: [string, string | Buffer, string, RegExp][] = [
    ['an empty file', '', 'EMPTY_FILE', /empty/],
    ['a binary file', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48]), 'BINARY_FILE', /binary/],
    ['an unknown header', 'name,city,state\nA,Austin,TX\n', 'UNKNOWN_LAYOUT', /Unrecognised file layout/],
    ['a broken CSV', `${TX_HEADER}\n"BROKEN HOUSE,1\n`, 'NOT_CSV', /not a valid CSV/],
    ['a header without rows', `${TX_HEADER}\n`, 'NO_ROWS', /no data rows/],
  ];

  it.each(cases)('refuses %s and leaves the database unchanged', async (_label, content, code, message) => {
    await importFile(db.get(), 'tx', TX);
    const before = await counts(db.get());
    const failure = await runImport(db.get().pool, { kind: 'tx', fileName: 'bad.csv', content }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ImportError);
    expect((failure as ImportError).code).toBe(code);
    expect((failure as ImportError).message).toMatch(message);
    expect(await counts(db.get())).toEqual(before);
    const recorded = await db.get().pool.query('SELECT status, error FROM imports WHERE id = $1', [(failure as ImportError).importId]);
    expect(recorded.rows[0]).toMatchObject({ status: 'failed', error: (failure as ImportError).message });
  });

  it('refuses a file of another kind than asked', async () => {
    const failure = await runImport(db.get().pool, { kind: 'cms', fileName: 'fl.csv', content: read(FL) }).catch((e: unknown) => e);
    expect(failure).toMatchObject({ code: 'KIND_MISMATCH', message: "This is a 'fl' file (fl), not 'cms'." });
  });

  it('rolls the whole file back when the database fails half-way', async () => {
    const pool = db.get().pool;
    await pool.query(`CREATE FUNCTION fail_on_boom() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.name = 'Boom House' THEN RAISE EXCEPTION 'boom'; END IF; RETURN NEW; END $$`);
    await pool.query('CREATE TRIGGER fail_on_boom BEFORE INSERT ON communities FOR EACH ROW EXECUTE FUNCTION fail_on_boom()');
    try {
      const before = await counts(db.get());
      const content = [TX_HEADER, txRow({ Facility_ID: '800001', Owner_: 'NEW OWNER LLC' }), txRow({ Facility_ID: '800002', 'Facility Name': 'BOOM HOUSE' })].join('\n');
      const failure = await runImport(pool, { kind: 'tx', fileName: 'boom.csv', content }).catch((e: unknown) => e);
      expect(failure).toMatchObject({ code: 'DATABASE' });
      expect((failure as ImportError).message).toContain('boom');
      expect(await counts(db.get())).toEqual(before);
      const op = await pool.query("SELECT count(*)::int AS n FROM operators WHERE name = 'New Owner LLC'");
      expect(op.rows[0].n).toBe(0);
    } finally {
      await pool.query('DROP TRIGGER fail_on_boom ON communities');
    }
  });
});

describe('provenance of imported rows (ADR 008)', () => {
  const db = withTestDb();
  const provenance = async (table: 'communities' | 'operators', source: string) =>
    (
      await db.get().pool.query<{ source_kind: string; source_name: string; as_of: string | null; n: number }>(
        `SELECT source_kind, source_name, source_as_of::text AS as_of, count(*)::int AS n
           FROM ${table} WHERE source = $1 GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
        [source],
      )
    ).rows;

  it('writes the agency and the file\'s own processing date on every CMS community and operator (not the demo defaults)', async () => {
    const s = await importFile(db.get(), 'cms', CMS_2021);
    expect(s.inserted).toBeGreaterThan(0);
    const expected = [{ source_kind: 'cms', source_name: 'Centers for Medicare & Medicaid Services', as_of: '2021-08-01', n: s.inserted }];
    expect(await provenance('communities', 'cms')).toEqual(expected);
    const ops = await provenance('operators', 'cms');
    expect(ops).toHaveLength(1);
    expect(ops[0]).toMatchObject({ source_kind: 'cms', source_name: 'Centers for Medicare & Medicaid Services', as_of: '2021-08-01' });
  });

  it('gives the rows of a newer CMS file its own processing date', async () => {
    await importFile(db.get(), 'cms', CMS_2026);
    const dates = (await provenance('communities', 'cms')).map((r) => r.as_of);
    expect(dates).toContain('2026-07-01');
  });

  it('gives state lists (no date inside) the --as-of date, as a state agency', async () => {
    const s = await runImport(db.get().pool, { kind: 'tx', fileName: path.basename(TX), content: read(TX), asOf: '2021-06-15' });
    expect(await provenance('communities', 'tx')).toEqual([
      { source_kind: 'state', source_name: 'Texas Health and Human Services Commission', as_of: '2021-06-15', n: s.inserted },
    ]);
    expect((await provenance('operators', 'tx')).every((r) => r.source_kind === 'state' && r.as_of === '2021-06-15')).toBe(true);
  });

  it('falls back to the date in the file name, else no date', async () => {
    const content = read(FL);
    const dated = await runImport(db.get().pool, { kind: 'fl', fileName: 'fl_ahca_alf_2021-07-09.csv', content });
    expect(await provenance('communities', 'fl')).toEqual([
      { source_kind: 'state', source_name: 'Florida Agency for Health Care Administration', as_of: '2021-07-09', n: dated.inserted },
    ]);
    await db.get().pool.query("DELETE FROM communities WHERE source = 'fl'");
    const undated = await runImport(db.get().pool, { kind: 'fl', fileName: 'fl_ahca_alf_sample.csv', content });
    expect(await provenance('communities', 'fl')).toEqual([
      { source_kind: 'state', source_name: 'Florida Agency for Health Care Administration', as_of: null, n: undated.inserted },
    ]);
  });

  it('refuses an as-of that is not a date, and imports nothing', async () => {
    const before = await counts(db.get());
    await expect(runImport(db.get().pool, { kind: 'fl', fileName: 'fl.csv', content: read(FL), asOf: '2021-02-30' })).rejects.toMatchObject({
      code: 'BAD_AS_OF',
    });
    expect((await counts(db.get()))?.communities).toBe(before?.communities);
  });
});

describe('asOfFromFileName', () => {
  it('reads ISO dates, compact dates and month names, and nothing else', () => {
    expect(asOfFromFileName('NH_ProviderInfo_Aug2021_sample.csv')).toBe('2021-08-01');
    expect(asOfFromFileName('NH_ProviderInfo_Jul2026.csv')).toBe('2026-07-01');
    expect(asOfFromFileName('fl_2021-07-09.csv')).toBe('2021-07-09');
    expect(asOfFromFileName('tx_20210709.csv')).toBe('2021-07-09');
    expect(asOfFromFileName('tx_20211309.csv')).toBeNull();
    expect(asOfFromFileName('fl_ahca_alf_sample.csv')).toBeNull();
  });
});

describe('npm run import (CLI)', () => {
  const db = withTestDb();
  const run = promisify(execFile);
  const cli = (args: string[]) =>
    run(path.join(ROOT, 'node_modules/.bin/tsx'), ['scripts/import.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: db.get().url, NODE_ENV: 'test' },
    });

  it('imports a file and prints the summary', async () => {
    const { stdout } = await cli(['fl', FL]);
    expect(stdout).toContain('Imported fl_ahca_alf_sample.csv as fl (fl layout)');
    expect(stdout).toMatch(/rows read: 250\n {2}inserted: {2}246\n {2}updated: {3}0\n/);
    expect(stdout).toContain("line 219: License Status 'SUSPENDED' is not an operating license");
  }, 60_000);

  it('takes --as-of for a file without a date', async () => {
    const { stdout } = await cli(['tx', TX, '--as-of', '2021-05-01']);
    expect(stdout).toContain('Imported tx_hhsc_alf_sample.csv as tx');
    const { rows } = await db.get().pool.query("SELECT DISTINCT source_kind, source_as_of::text AS as_of FROM communities WHERE source = 'tx'");
    expect(rows).toEqual([{ source_kind: 'state', as_of: '2021-05-01' }]);
  }, 60_000);

  it('exits with code 1 and a clear message for a malformed file', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'import-cli-'));
    const bad = path.join(dir, 'photo.csv');
    writeFileSync(bad, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]));
    const failure = await cli(['auto', bad]).catch((e: unknown) => e as { code: number; stderr: string });
    expect(failure).toMatchObject({ code: 1 });
    expect((failure as { stderr: string }).stderr).toContain('Import of photo.csv failed: The file is binary, not a CSV text file.');
  }, 60_000);
});
