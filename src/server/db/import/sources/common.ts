// Checks shared by the source mappers: each returns a rejection reason or the clean value.
import {
  blankToEmpty,
  cleanText,
  formatPhone,
  normalizeEmail,
  normalizeState,
  normalizeWebsite,
  normalizeZip,
  parseCount,
  parseDecimal,
  titleCase,
  validLatLng,
  zipCentroid,
} from '../normalize';
import type { CommunityFields, CommunityRecord, MappedRow, OperatorRecord, RowGetter, RowResult } from '../types';

export class RowRejected extends Error {}

export function reject(reason: string): never {
  throw new RowRejected(reason);
}

export function required(value: string, label: string): string {
  const v = blankToEmpty(value);
  if (!v) reject(`missing ${label}`);
  return v;
}

export function requiredName(value: string, label: string): string {
  return titleCase(required(value, label));
}

export function stateOf(value: string, label: string): string {
  const raw = required(value, label);
  const state = normalizeState(raw);
  if (!state) reject(`${label} '${raw}' is not one of the 50 US states or DC`);
  return state;
}

export function zipOf(value: string, label: string): string {
  const raw = required(value, label);
  const zip = normalizeZip(raw);
  if (!zip) reject(`${label} '${cleanText(raw)}' is not a 5-digit ZIP code`);
  return zip;
}

export function countOf(value: string, label: string): number | null {
  const n = parseCount(value);
  if (Number.isNaN(n)) reject(`${label} '${cleanText(value)}' is not a whole number`);
  return n;
}

/** Coordinates from the file when present (both must be valid), else the ZIP (or city) centroid, or null. */
export function coordinatesOf(
  lat: number | null,
  lng: number | null,
  place: { zip: string; city: string; state: string },
  label: string,
): { lat: number | null; lng: number | null } {
  if (lat !== null || lng !== null) {
    if (lat === null || lng === null || !validLatLng(lat, lng)) reject(`${label} is not a valid latitude/longitude`);
    return { lat, lng };
  }
  const c = zipCentroid(place.zip, place.city, place.state);
  return c ?? { lat: null, lng: null };
}

/** A facility as the source places it: its name, its address and its ZIP code. */
export interface FacilityPlace {
  name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
}

/** The community fields of where a facility is: the source's name and address, and the coordinates found for it. */
export function placeFields(
  place: FacilityPlace,
  coords: { lat: number | null; lng: number | null },
): Pick<CommunityFields, 'name' | 'address' | 'city' | 'state' | 'zipCode' | 'lat' | 'lng'> {
  return { name: place.name, address: place.address, city: place.city, state: place.state, zipCode: place.zip, lat: coords.lat, lng: coords.lng };
}

/**
 * The community's contact fields from the source's columns, each cleaned the same way in every mapper: a
 * phone of 10 digits, an e-mail address, a website; null where the column is missing, empty or not one.
 */
export function contactFields(columns: { phone: string; email?: string; website?: string }): Pick<CommunityFields, 'phone' | 'email' | 'website'> {
  return {
    phone: formatPhone(columns.phone),
    email: columns.email === undefined ? null : normalizeEmail(columns.email),
    website: columns.website === undefined ? null : normalizeWebsite(columns.website),
  };
}

export function decimalOf(value: string, label: string): number | null {
  const n = parseDecimal(value);
  if (Number.isNaN(n)) reject(`${label} '${cleanText(value)}' is not a number`);
  return n;
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

/** Runs a row mapper, turning a `reject()` into a rejection result. */
export function guard(map: (get: RowGetter) => MappedRow): (get: RowGetter) => RowResult {
  return (get) => {
    try {
      return { ok: true, value: map(get) };
    } catch (e) {
      if (e instanceof RowRejected) return { ok: false, reason: e.message };
      throw e;
    }
  };
}

/** 'YYYY-MM-DD' when the text is a real calendar date in that form (e.g. CMS 'Processing Date'), else null. */
export function isoDate(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return `${m[1]}-${m[2]}-${m[3]}`;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * The date a file name states, as the fallback as-of of files without one inside (ADR 008):
 * 'x_2021-08-01.csv' or 'x_20210801.csv' -> that day; 'NH_ProviderInfo_Aug2021.csv' -> the 1st of
 * that month. Null when the name states no date.
 */
export function asOfFromFileName(fileName: string): string | null {
  const base = fileName.replace(/^.*[\\/]/, '');
  const full = /(?:^|[^0-9])(\d{4})-?(\d{2})-?(\d{2})(?![0-9])/.exec(base);
  if (full) {
    const d = isoDate(`${full[1]}-${full[2]}-${full[3]}`);
    if (d) return d;
  }
  const month = /(?:^|[^a-z])(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*[_ -]?((?:19|20)\d{2})(?![0-9])/i.exec(base);
  if (month) {
    const mo = MONTHS.indexOf(month[1]!.toLowerCase()) + 1;
    return `${month[2]}-${String(mo).padStart(2, '0')}-01`;
  }
  return null;
}

/**
 * A row of a state assisted-living directory (Florida AHCA, Texas HHSC): an assisted-living community with
 * no score or healthcare services, under its operator when the row names one. The directory exports carry no
 * extract date: the importer's --as-of or the file name's date applies.
 */
export function directoryRow(
  community: Omit<CommunityRecord, 'communityType' | 'score' | 'healthcareServices' | 'operatorKey' | 'asOf'>,
  operator: OperatorRecord | null,
): MappedRow {
  return {
    community: { ...community, communityType: 'Assisted Living', score: null, healthcareServices: [], operatorKey: operator?.sourceId ?? null, asOf: null },
    operator,
  };
}
