// Any state's licence list of assisted-living facilities (`npm run import -- licensed <file>`): the
// national vocabulary of the One Fact files (`Facility Name`, `Address`, `City`, ...) or the usual
// variants of a state roster (`facility_name`, `town`, `zip_code`, `total_beds`, ...); case, spacing and
// punctuation of the header are ignored.
import { US_STATES } from '../../../../contracts/constants';
import { licensedCareTypes, ownerTypeOf } from '../care-types';
import { opRef, type DirectoryOperator, type DirectoryRecord } from '../directory';
import {
  blankToEmpty,
  cleanText,
  normalizeState,
  normalizeZip,
  parseCount,
  parseDecimal,
  sentences,
  titleCase,
  validLatLng,
  zipCentroid,
} from '../normalize';
import { contactFields, placeFields } from './common';
import { operatorDisplayName, operatorKey } from '../operator-names';
import { ImportError, type Rejection } from '../types';

export type LicensedField =
  | 'name' | 'address' | 'city' | 'state' | 'zip' | 'county' | 'phone' | 'email' | 'licensee' | 'capacity' | 'ownership'
  | 'license' | 'facilityId' | 'type1' | 'type2' | 'asOf' | 'lat' | 'lng' | 'website';

/** Header spellings per field, compared after `aliasKey` (lower case, letters and digits only). */
export const LICENSED_ALIASES: Record<LicensedField, string[]> = {
  name: ['Facility Name', 'facility_name', 'Name', 'Facility', 'Provider Name', 'Home Name'],
  address: ['Address', 'Street Address', 'street', 'Address Line 1', 'address1', 'Facility Address', 'Location Address'],
  city: ['City', 'town', 'City/Town', 'Facility City', 'municipality'],
  state: ['State', 'st', 'Facility State'],
  zip: ['Zip Code', 'zip_code', 'zip', 'zipcode', 'Postal Code'],
  county: ['County', 'county_name', 'Parish'],
  phone: ['Phone Number', 'phone', 'telephone', 'Telephone Number', 'phone_no'],
  email: ['Email Address', 'email', 'e-mail'],
  licensee: ['Licensee', 'licensee_name', 'Owner', 'Operator', 'License Holder'],
  capacity: ['Capacity', 'total_beds', 'beds', 'Licensed Beds', 'Licensed Capacity', 'bed_count', 'capacity_total'],
  ownership: ['Ownership Type', 'ownership', 'Profit Status'],
  license: ['License Number', 'license_number', 'License No', 'licence_number', 'License #', 'license_no', 'licence no'],
  facilityId: ['Facility ID', 'facility_id', 'Provider ID'],
  type1: ['State Facility Type 1 Literal', 'facility_type', 'License Type', 'licence_type', 'Type'],
  type2: ['State Facility Type 2 Literal', 'facility_type_2', 'Specialty', 'Endorsements'],
  asOf: ['Date Accessed', 'as_of', 'Roster Date', 'list_date'],
  lat: ['Latitude', 'lat'],
  lng: ['Longitude', 'lng', 'lon', 'long'],
  website: ['Website', 'web_address', 'url'],
};

const REQUIRED: LicensedField[] = ['name', 'address', 'city'];

export const aliasKey = (h: string) => h.replace(/^\uFEFF/, '').toLowerCase().replace(/[^a-z0-9#]+/g, '');

/** Column index of each field this header has (the first matching column wins). */
export function mapLicensedHeader(headers: string[]): { columns: Partial<Record<LicensedField, number>>; mapped: string[] } {
  const keys = headers.map(aliasKey);
  const columns: Partial<Record<LicensedField, number>> = {};
  const mapped: string[] = [];
  for (const [field, aliases] of Object.entries(LICENSED_ALIASES) as [LicensedField, string[]][]) {
    const wanted = new Set(aliases.map(aliasKey));
    const i = keys.findIndex((k) => wanted.has(k));
    if (i >= 0) {
      columns[field] = i;
      mapped.push(`${field} <- "${headers[i].trim()}"`);
    }
  }
  const missing = REQUIRED.filter((f) => columns[f] === undefined);
  if (missing.length) {
    throw new ImportError(
      'MISSING_COLUMNS',
      `This licence list lacks ${missing.map((f) => `a ${f} column (e.g. ${LICENSED_ALIASES[f].slice(0, 3).map((a) => `"${a}"`).join(', ')})`).join('; ')}: a facility needs a name, an address and a city.`,
    );
  }
  return { columns, mapped };
}

export interface LicensedOptions {
  /** Two-letter state for rows (or a file) without a State column. */
  state?: string;
  /** The agency in words; default "<State name> licensing agency". */
  sourceName?: string;
  /** As-of date of the list (YYYY-MM-DD); default each row's Date Accessed, else today. */
  asOf?: string;
  today?: string;
}

/** 'MAIN STREET' / 'Main St.' -> 'MAIN ST'; used in the match key of a facility. */
function addressKey(v: string): string {
  const ABBR: Record<string, string> = {
    STREET: 'ST', AVENUE: 'AVE', AV: 'AVE', ROAD: 'RD', DRIVE: 'DR', BOULEVARD: 'BLVD', LANE: 'LN', COURT: 'CT', PLACE: 'PL',
    HIGHWAY: 'HWY', PARKWAY: 'PKWY', CIRCLE: 'CIR', TERRACE: 'TER', NORTH: 'N', SOUTH: 'S', EAST: 'E', WEST: 'W', SUITE: 'STE',
    NORTHEAST: 'NE', NORTHWEST: 'NW', SOUTHEAST: 'SE', SOUTHWEST: 'SW', APARTMENT: 'APT',
  };
  return v
    .toUpperCase()
    .replace(/[^A-Z0-9 ]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => ABBR[w] ?? w)
    .join(' ');
}

/** Normalized name + address + city: one facility across lists of one agency. */
export function facilityMatchKey(name: string, address: string, city: string): string {
  const n = name.toUpperCase().replace(/&/g, ' AND ').replace(/[^A-Z0-9 ]+/g, ' ').replace(/\s+/g, ' ').trim();
  return `${n}|${addressKey(address)}|${addressKey(city)}`;
}

/** '6/29/21' / '2021-06-29' -> '2021-06-29'; null otherwise. */
export function isoDateOf(value: string): string | null {
  const v = cleanText(value);
  let m = /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
  if (m) return `${m[1]}-${m[2]}-${m[3]}`;
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(v);
  if (m) return `${m[3].length === 2 ? `20${m[3]}` : m[3]}-${m[1].padStart(2, '0')}-${m[2].padStart(2, '0')}`;
  return null;
}

export const licensedSource = (state: string) => `licensed-${state.toLowerCase()}`;
export const defaultAgency = (state: string) => `${US_STATES[state] ?? state} licensing agency`;

export interface LicensedRows {
  communities: DirectoryRecord[];
  operators: DirectoryOperator[];
  rejections: Rejection[];
}

/** Maps the records of a licence list (already split into fields) to directory rows. */
export function mapLicensedRows(
  columns: Partial<Record<LicensedField, number>>,
  records: { line: number; fields: string[] }[],
  opts: LicensedOptions,
): LicensedRows {
  const forced = opts.state ? normalizeState(opts.state) : null;
  if (opts.state && !forced) throw new ImportError('MISSING_COLUMNS', `--state '${opts.state}' is not one of the 50 US states or DC.`);
  if (columns.state === undefined && !forced) {
    throw new ImportError('MISSING_COLUMNS', 'This licence list has no State column: name the state with --state XX.');
  }
  const today = opts.today ?? new Date().toISOString().slice(0, 10);
  const rejections: Rejection[] = [];
  const communities: DirectoryRecord[] = [];
  const operators = new Map<string, DirectoryOperator & { spellings: string[] }>();
  for (const rec of records) {
    const get = (f: LicensedField) => {
      const i = columns[f];
      return i === undefined ? '' : blankToEmpty(rec.fields[i]);
    };
    const rawName = get('name');
    if (!rawName) {
      rejections.push({ line: rec.line, reason: 'missing facility name' });
      continue;
    }
    const city = titleCase(get('city'));
    if (!city) {
      rejections.push({ line: rec.line, reason: 'missing city' });
      continue;
    }
    const rawState = get('state');
    const state = forced ?? normalizeState(rawState);
    if (!state) {
      rejections.push({ line: rec.line, reason: rawState ? `state '${rawState}' is not one of the 50 US states or DC` : 'missing state' });
      continue;
    }
    const name = titleCase(rawName);
    const address = titleCase(get('address').replace(/[,\s]+$/, ''));
    const zip = normalizeZip(get('zip').replace(/\.0+$/, '')) ?? '';
    const county = titleCase(get('county').replace(/\s+county$/i, '')) || null;
    const capacity = parseCount(get('capacity'));
    const type1 = cleanText(get('type1'));
    const type2 = cleanText(get('type2'));
    // Spreadsheet exports write numbers as '5898.0'.
    const licenseNumber = cleanText(get('license')).replace(/^(\d+)\.0+$/, '$1') || null;
    const facilityId = cleanText(get('facilityId')).replace(/^(\d+)\.0+$/, '$1');
    const asOf = (opts.asOf ?? isoDateOf(get('asOf'))) || today;
    const source = licensedSource(state);
    const sourceName = opts.sourceName ?? defaultAgency(state);

    const lat = parseDecimal(get('lat'));
    const lng = parseDecimal(get('lng'));
    let coords: { lat: number | null; lng: number | null } = { lat: null, lng: null };
    let approximate = false;
    if (lat !== null && lng !== null && validLatLng(lat, lng)) coords = { lat, lng };
    else {
      const c = zipCentroid(zip, city, state);
      if (c) {
        coords = c;
        approximate = true;
      }
    }

    const licenseeRaw = cleanText(get('licensee'));
    const key = licenseeRaw ? operatorKey(licenseeRaw) : '';
    let operatorRef: string | null = null;
    if (key) {
      operatorRef = opRef(source, `op:${key}`);
      const op = operators.get(operatorRef) ?? {
        source,
        sourceId: `op:${key}`,
        name: '',
        rawNames: [],
        spellings: [],
        state,
        sourceKind: 'state' as const,
        sourceName,
        asOf,
      };
      op.spellings.push(licenseeRaw);
      if (asOf && (!op.asOf || asOf > op.asOf)) op.asOf = asOf;
      operators.set(operatorRef, op);
    }

    const careTypes = licensedCareTypes(type1, type2, name);
    const capacityNum = Number.isNaN(capacity) ? null : capacity;
    const licenceWords = [type1, type2].filter(Boolean).map((t) => titleCase(t)).join('; ');
    const description = sentences([
      `Licensed ${careTypes.includes('Memory Care') ? 'assisted living and memory care' : 'assisted living'} facility in ${city}, ${state}${capacityNum !== null ? ` licensed for ${capacityNum} residents` : ''}`,
    ]);
    const overview = sentences([
      `${name} is on ${sourceName}'s list of licensed facilities${licenceWords ? ` as "${licenceWords}"` : ''}`,
      address ? `Address: ${address}, ${city}, ${state}${zip ? ` ${zip}` : ''}${county ? ` (${county} County)` : ''}` : `Located in ${city}, ${state}${county ? ` (${county} County)` : ''}; the list gives no street address`,
      capacityNum !== null && `Licensed capacity: ${capacityNum}`,
      licenseeRaw && `Licensee: ${titleCase(licenseeRaw)}`,
      `As of ${asOf}`,
    ]);
    const matchKey = facilityMatchKey(name, address, city);
    communities.push({
      line: rec.line,
      source,
      // Identity within the agency's list: the facility id, else the licence (numbers repeat across
      // licence types: Tennessee), else name + address.
      sourceId: facilityId ? `id:${facilityId}` : licenseNumber ? `lic:${type1.toUpperCase()}|${licenseNumber}` : `key:${matchKey}`,
      sourceKind: 'state',
      sourceName,
      asOf,
      ...placeFields({ name, address, city, state, zip }, coords),
      county,
      locationApproximate: approximate,
      ...contactFields({ phone: get('phone'), email: get('email') }),
      description,
      overview,
      careTypes,
      communityType: 'Assisted Living',
      ownerType: ownerTypeOf(get('ownership')),
      score: null,
      capacity: capacityNum,
      healthcareServices: [],
      licenseNumber,
      licenseType: [type1, type2].filter(Boolean).join('; ') || null,
      licensee: licenseeRaw ? titleCase(licenseeRaw) : null,
      matchKey,
      operatorRef,
      cms: null,
    });
  }
  const ops = [...operators.values()].map(({ spellings, ...o }) => ({ ...o, name: operatorDisplayName(spellings), rawNames: [...new Set(spellings)] }));
  return { communities, operators: ops, rejections };
}
