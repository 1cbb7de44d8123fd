// Value clean-up shared by every importer: whitespace, casing of ALL-CAPS names, states, ZIPs, phones.
import zipcodes from 'zipcodes';
import { US_STATES } from '../../../contracts/constants';

/** Trims and collapses runs of whitespace (the sources have double spaces inside names). */
export function cleanText(value: string | undefined | null): string {
  return (value ?? '').replace(/\s+/g, ' ').trim();
}

/** Blank, '.', 'N/A'-style placeholders become ''. */
export function blankToEmpty(value: string | undefined | null): string {
  const v = cleanText(value);
  return /^(\.|-|n\/?a|none|null)$/i.test(v) ? '' : v;
}

// Corporate suffixes, roman numerals and common acronyms stay upper case.
const KEEP_UPPER = new Set([
  'LLC', 'INC', 'LP', 'LLP', 'LLLP', 'PLLC', 'PC', 'DBA', 'II', 'III', 'IV', 'VI', 'VII', 'VIII', 'IX',
  'XI', 'XII', 'ALF', 'SNF', 'LTC', 'CCRC', 'USA', 'US', 'NW', 'NE', 'SW', 'SE', 'PO', 'YMCA', 'YWCA', 'RN',
]);
// Vowel-less words are kept as acronyms (NHS, BKD, HCR) except these abbreviations.
const ABBREVIATIONS = new Set(['ST', 'MT', 'FT', 'DR', 'MR', 'MRS', 'MS', 'JR', 'SR', 'BLVD', 'HWY', 'PKWY', 'CT', 'LN', 'RD', 'PL']);
const ROMAN = /^(XL|L?X{0,3})(IX|IV|V?I{0,3})$/;
const SMALL = new Set(['OF', 'AND', 'AT', 'THE', 'ON', 'IN', 'FOR', 'BY', 'TO', 'OR']);

function capitalize(w: string): string {
  return w.charAt(0).toUpperCase() + w.slice(1).toLowerCase();
}

function caseWord(w: string, first: boolean, last: boolean): string {
  const upper = w.toUpperCase();
  const bare = upper.replace(/'/g, '');
  if (KEEP_UPPER.has(bare)) return upper;
  if (/^\d+(ST|ND|RD|TH)$/.test(upper)) return upper.toLowerCase();
  if (/\d/.test(w)) return upper;
  if (!first && !last && SMALL.has(upper)) return upper.toLowerCase();
  if (ABBREVIATIONS.has(bare)) return capitalize(w);
  if (/^[IVXL]{2,}$/.test(bare) && ROMAN.test(bare) && !['LI', 'LIV', 'LIVI'].includes(bare)) return upper;
  if (bare.length >= 2 && (!/[AEIOUY]/.test(bare) || /^(.)\1+$/.test(bare))) return upper;
  if (/^MC[A-Z]{2,}$/.test(upper)) return 'Mc' + capitalize(w.slice(2));
  if (/^[A-Z]'[A-Z]{2,}$/.test(upper)) return upper.slice(0, 2) + capitalize(w.slice(2));
  return capitalize(w);
}

/**
 * Title-cases a value written in ALL CAPS ("BURNS NURSING HOME, INC." -> "Burns Nursing Home, INC.");
 * values that already contain lower-case letters keep their casing. Whitespace is always normalised.
 */
export function titleCase(value: string | undefined | null): string {
  const v = cleanText(value);
  if (/[a-z]/.test(v) || !/[A-Z]/.test(v)) return v;
  const words = [...v.matchAll(/[A-Za-z0-9']+/g)];
  let i = 0;
  return v.replace(/[A-Za-z0-9']+/g, (w) => {
    const out = caseWord(w, i === 0, i === words.length - 1);
    i += 1;
    return out;
  });
}

/** A stable key for an operator name: upper case, punctuation dropped, single spaces. */
export function nameKey(value: string): string {
  return cleanText(value.toUpperCase().replace(/[.,'"]/g, ' ').replace(/&/g, ' AND '));
}

const STATE_BY_NAME = new Map(Object.entries(US_STATES).map(([code, name]) => [name.toUpperCase(), code]));

/** 'tx' / 'TX' / 'Texas' / 'TEXAS' -> 'TX'; null when not one of the 50 states or DC. */
export function normalizeState(value: string): string | null {
  const v = cleanText(value).toUpperCase().replace(/\./g, '');
  if (v.length === 2) return US_STATES[v] ? v : null;
  return STATE_BY_NAME.get(v) ?? null;
}

/** '33165-4361' / '331654361' -> '33165'; a 4-digit ZIP that lost its leading zero is padded. */
export function normalizeZip(value: string): string | null {
  const v = cleanText(value);
  let m = /^(\d{5})(?:-?\d{4})?$/.exec(v);
  if (m) return m[1];
  m = /^(\d{4})$/.exec(v);
  if (m) return `0${m[1]}`;
  return null;
}

/** Ten digits (a leading country code 1 is dropped) -> '(256) 332-4110'; otherwise null. */
export function formatPhone(value: string): string | null {
  let d = cleanText(value).replace(/\D/g, '');
  if (d.length === 11 && d.startsWith('1')) d = d.slice(1);
  if (d.length !== 10) return null;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** Parses a non-negative integer ('57', '57.0', '1,200'); '' -> null; anything else -> NaN. */
export function parseCount(value: string): number | null {
  const v = blankToEmpty(value).replace(/,/g, '');
  if (!v) return null;
  if (!/^\d+(\.0+)?$/.test(v)) return Number.NaN;
  return Number.parseInt(v, 10);
}

/** Parses a decimal; '' -> null; anything else -> NaN. */
export function parseDecimal(value: string): number | null {
  const v = blankToEmpty(value);
  if (!v) return null;
  if (!/^-?\d+(\.\d+)?$|^-?\.\d+$/.test(v)) return Number.NaN;
  return Number(v);
}

export function validLatLng(lat: number, lng: number): boolean {
  return Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180 && !(lat === 0 && lng === 0);
}

/**
 * The ZIP centroid from the `zipcodes` package; for a retired ZIP, the centroid of the first ZIP
 * listed for the city; null when neither is known.
 */
export function zipCentroid(zip: string, city?: string, state?: string): { lat: number; lng: number } | null {
  const usable = (z: { latitude: number; longitude: number } | undefined) =>
    z && Number.isFinite(z.latitude) && Number.isFinite(z.longitude) ? { lat: z.latitude, lng: z.longitude } : null;
  const hit = usable(zipcodes.lookup(zip));
  if (hit || !city || !state) return hit;
  return usable(zipcodes.lookupByName(city, state)[0]);
}

/** 'www.example.com' -> 'http://www.example.com'; blank -> null. */
export function normalizeWebsite(value: string): string | null {
  const v = blankToEmpty(value).replace(/\s/g, '');
  if (!v || !/\.[a-z]{2,}/i.test(v)) return null;
  return /^https?:\/\//i.test(v) ? v : `http://${v}`;
}

export function normalizeEmail(value: string): string | null {
  const v = blankToEmpty(value).toLowerCase();
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v) ? v : null;
}

/** Joins sentences, never doubling the final period ("INC." + "."). */
export function sentences(parts: (string | null | undefined | false)[]): string {
  return parts
    .filter((p): p is string => typeof p === 'string' && p.trim() !== '')
    .map((p) => (/[.!?]$/.test(p.trim()) ? p.trim() : `${p.trim()}.`))
    .join(' ');
}
