// Checks shared by the source mappers: each returns a rejection reason or the clean value.
import {
  blankToEmpty,
  cleanText,
  normalizeState,
  normalizeZip,
  parseCount,
  parseDecimal,
  titleCase,
  validLatLng,
  zipCentroid,
} from '../normalize';
import type { MappedRow, RowGetter, RowResult } from '../types';

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
