// `npx tsx scripts/build-public-data.ts [--from ../shared/data]`: rebuilds data/public/ (the real public
// directory the product ships) from the source files described in data/public/README.md.
//
// What it does to the sources (structure only; values are cleaned by the importers):
// - alf-2021: one gzip'd CSV per jurisdiction in the national vocabulary with a fixed column order
//   (every vocabulary column present, blank when the state does not publish it); `Date Accessed` as ISO
//   dates; ZIP '59001.0' -> '59001'; Montana's doubled State merged; a City derived from the ZIP (Oregon)
//   or split off a one-line address "STREET CITY ST ZIP" (Nevada).
// - cms-national: the 2025 ratings joined with the 2021 addresses on CCN into one file.
// - county-2019: the three county files merged on FIPS.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import zipcodes from 'zipcodes';
import { LICENSED_COLUMNS } from '../src/server/db/public-dataset/files';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { from: { type: 'string', default: path.resolve(root, '../shared/data') } } });
const from = path.resolve(values.from ?? '');
const out = path.join(root, 'data/public');

type Row = Record<string, string>;

function readCsv(file: string): { headers: string[]; rows: string[][] } {
  const records = parse(readFileSync(file, 'utf8').replace(/^\uFEFF/, ''), { relax_column_count: true, skip_empty_lines: true }) as string[][];
  const [headers, ...raw] = records;
  // A record broken by a stray line break inside a field arrives as two short records (South Carolina's
  // "Rolling Green Village"): joined again when their lengths add up to the header's.
  const rows: string[][] = [];
  for (let i = 0; i < raw.length; i++) {
    const a = raw[i];
    const b = raw[i + 1];
    if (a.length < headers.length && b && a.length + b.length - 1 === headers.length) {
      rows.push([...a.slice(0, -1), `${a[a.length - 1]}${b[0]}`, ...b.slice(1)]);
      i++;
    } else rows.push(a);
  }
  return { headers: headers.map((h) => h.trim()), rows };
}

/** Rows as objects; a header that appears twice (Montana's State) keeps its first non-blank value. */
function objects(file: string): Row[] {
  const { headers, rows } = readCsv(file);
  return rows.map((fields) => {
    const o: Row = {};
    headers.forEach((h, i) => {
      const v = (fields[i] ?? '').trim();
      if (!o[h]) o[h] = v;
    });
    return o;
  });
}

function csvField(v: string): string {
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

function csv(headers: readonly string[], rows: Row[]): string {
  return [headers.map(csvField).join(','), ...rows.map((r) => headers.map((h) => csvField(r[h] ?? '')).join(','))].join('\n') + '\n';
}

function writeGz(rel: string, text: string): void {
  const file = path.join(out, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  // mtime 0 in the gzip header: rebuilding identical data gives identical bytes (no git churn).
  writeFileSync(file, gzipSync(Buffer.from(text, 'utf8'), { level: 9 }));
}

/** '6/29/21' -> '2021-06-29'; '' when blank or unreadable. */
function isoDate(v: string): string {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(v.trim());
  if (!m) return '';
  const year = m[3].length === 2 ? `20${m[3]}` : m[3];
  return `${year}-${m[1].padStart(2, '0')}-${m[2].padStart(2, '0')}`;
}

function zip5(v: string): string {
  return v.trim().replace(/\.0+$/, '');
}

const summary: string[] = [];

// --- alf-2021 -------------------------------------------------------------------------------------
rmSync(path.join(out, 'alf-2021'), { recursive: true, force: true });
const alfDir = path.join(from, 'public/alf-2021');
const perState: { state: string; file: string; rows: Row[] }[] = [];
let latestAccess = '';
for (const name of readdirSync(alfDir).filter((f) => f.endsWith('.csv')).sort()) {
  const state = name.slice(0, 2).toUpperCase();
  const rows = objects(path.join(alfDir, name)).map((r) => {
    const o: Row = {};
    for (const c of LICENSED_COLUMNS) o[c] = r[c] ?? '';
    o['State'] = o['State'] || state;
    o['Zip Code'] = zip5(o['Zip Code']);
    o['Date Accessed'] = isoDate(o['Date Accessed']);
    if (o['Date Accessed'] > latestAccess) latestAccess = o['Date Accessed'];
    if (!o['City']) {
      // Nevada: "5217 W GOWAN ROAD LAS VEGAS NV 89130-3118" in Address, no City column.
      const tail = new RegExp(`^(.*?)[\\s,]+${state}\\s+(\\d{5})(?:-\\d{4})?$`, 'i').exec(o['Address']);
      if (tail) {
        o['Zip Code'] = o['Zip Code'] || tail[2];
        o['Address'] = tail[1];
      }
      const place = o['Zip Code'] ? zipcodes.lookup(o['Zip Code']) : undefined;
      if (place && place.state === state) {
        o['City'] = place.city;
        const cityTail = ` ${place.city.toUpperCase()}`;
        if (o['Address'].toUpperCase().endsWith(cityTail)) o['Address'] = o['Address'].slice(0, -cityTail.length).trim();
      }
    }
    return o;
  });
  perState.push({ state, file: `alf-2021/${name.slice(0, 2)}.csv.gz`, rows });
}
let alfTotal = 0;
for (const s of perState) {
  // Vermont and Wyoming do not say when their lists were read: the compilation's latest reading date.
  for (const r of s.rows) if (!r['Date Accessed']) r['Date Accessed'] = latestAccess;
  writeGz(s.file, csv(LICENSED_COLUMNS, s.rows));
  alfTotal += s.rows.length;
}
summary.push(`alf-2021: ${perState.length} files, ${alfTotal} facilities (missing reading dates set to ${latestAccess})`);

// --- cms-national ---------------------------------------------------------------------------------
const ratings = objects(path.join(from, 'cms-national/nh_ratings_2025.csv'));
// The 2021 file lost the leading zeros of CCNs ('15009' for '015009').
const addresses = new Map(
  objects(path.join(from, 'cms-national/nh_addresses_snf_qrp_2021.csv')).map((r) => [r['cms_certification_number_ccn'].toUpperCase().padStart(6, '0'), r]),
);
const CMS_COLUMNS = [
  'ccn', 'name', 'address', 'city', 'state', 'zip_code', 'county', 'phone', 'ownership_type', 'residents', 'legal_name',
  'affiliate_name', 'special_focus', 'abuse_icon', 'inspection_2yrs', 'overall_rating', 'health_rating', 'qm_rating',
  'staffing_rating', 'nurse_turnover', 'address_as_of',
] as const;
let joined = 0;
let withoutAddress = 0;
const outside = new Map<string, number>();
const cmsRows: Row[] = [];
for (const r of ratings) {
  const ccn = r['ccn'].toUpperCase().padStart(6, '0');
  if (!/^[A-Z]{2}$/.test(r['state']) || ['PR', 'GU', 'VI', 'AS', 'MP'].includes(r['state'])) {
    outside.set(r['state'], (outside.get(r['state']) ?? 0) + 1);
    continue;
  }
  const a = addresses.get(ccn);
  if (a) joined++;
  else withoutAddress++;
  cmsRows.push({
    ...r,
    ccn,
    address: a?.['address_line_1'] ?? '',
    zip_code: a ? zip5(a['zip_code']).padStart(5, '0') : '',
    phone: a?.['phone_number'] ?? '',
    county: r['county'] || a?.['county_name'] || '',
    // The address file's measure period ends 2021-09-30.
    address_as_of: a ? '2021-09-30' : '',
  });
}
writeGz('cms-nursing-homes.csv.gz', csv(CMS_COLUMNS, cmsRows));
summary.push(
  `cms-national: ${cmsRows.length} nursing homes (${joined} with a 2021 address, ${withoutAddress} city and state only); left out: ${[...outside].map(([s, n]) => `${s} ${n}`).join(', ')}`,
);

// --- county-2019 ----------------------------------------------------------------------------------
const countyDir = path.join(from, 'public/county-2019');
const pop65 = objects(path.join(countyDir, 'county-age-65-total.csv'));
const pct85 = new Map(objects(path.join(countyDir, 'county-age-85-percent.csv')).map((r) => [r['Formatted FIPS'], Object.values(r)[4]]));
const coords = new Map(
  objects(path.join(countyDir, 'county-coords.csv')).map((r) => [
    r['FIPS'].padStart(5, '0'),
    {
      lat: r['Latitude'].replace(/[+°\s]/g, '').replace(/[\u2013\u2212]/g, '-'),
      lng: r['Longitude'].replace(/[+°\s]/g, '').replace(/[\u2013\u2212]/g, '-'),
      pop: r['Population (2010)'].replace(/,/g, ''),
    },
  ]),
);
const COUNTY_COLUMNS = ['fips', 'county', 'state', 'population_65_plus', 'percent_85_plus', 'population_2010', 'lat', 'lng'] as const;
const countyRows = pop65.map((r) => {
  const fips = r['Formatted FIPS'];
  const c = coords.get(fips);
  return {
    fips,
    county: r['County'],
    state: r['State'],
    population_65_plus: Object.values(r)[4].replace(/,/g, ''),
    percent_85_plus: pct85.get(fips) ?? '',
    population_2010: c?.pop ?? '',
    lat: c?.lat ?? '',
    lng: c?.lng ?? '',
  };
});
writeGz('county-2019.csv.gz', csv(COUNTY_COLUMNS, countyRows));
summary.push(`county-2019: ${countyRows.length} counties`);

copyFileSync(path.join(from, 'public/LICENSE-onefact.md'), path.join(out, 'LICENSE-onefact.md'));
for (const line of summary) console.log(line);
