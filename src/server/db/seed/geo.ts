// Geography of the generated dataset: real US ZIP codes, cities and coordinates (the `zipcodes`
// package), state population weights (2020 census) and state price levels.
import { createRequire } from 'node:module';

interface ZipEntry {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}

/** 2020 census resident population, thousands (50 states and DC). */
export const STATE_POPULATION: Record<string, number> = {
  AL: 5024, AK: 733, AZ: 7152, AR: 3012, CA: 39538, CO: 5774, CT: 3606, DE: 990, DC: 690, FL: 21538,
  GA: 10712, HI: 1455, ID: 1839, IL: 12813, IN: 6786, IA: 3190, KS: 2938, KY: 4506, LA: 4658, ME: 1362,
  MD: 6177, MA: 7030, MI: 10077, MN: 5706, MS: 2961, MO: 6155, MT: 1084, NE: 1962, NV: 3105, NH: 1378,
  NJ: 9289, NM: 2118, NY: 20201, NC: 10439, ND: 779, OH: 11799, OK: 3959, OR: 4237, PA: 13003, RI: 1097,
  SC: 5118, SD: 887, TN: 6911, TX: 29146, UT: 3272, VT: 643, VA: 8631, WA: 7705, WV: 1794, WI: 5894,
  WY: 577,
};

/**
 * Price level of each state relative to the national median (before normalisation): about 0.7x in
 * the cheapest states to 1.6x in Alaska, DC and the Northeast (shape of Genworth 2023 state figures).
 */
const RAW_PRICE_FACTOR: Record<string, number> = {
  AK: 1.6, DC: 1.55, MA: 1.45, NJ: 1.42, CT: 1.4, NY: 1.38, NH: 1.35, HI: 1.35, VT: 1.3, RI: 1.3,
  ME: 1.25, DE: 1.25, CA: 1.25, MD: 1.2, WA: 1.2, OR: 1.12, MN: 1.12, CO: 1.1, PA: 1.05, VA: 1.05,
  WI: 1.02, IL: 1.0, MI: 0.98, NV: 0.95, AZ: 0.95, OH: 0.95, ND: 0.95, FL: 0.95, NC: 0.93, NM: 0.92,
  MT: 0.92, IN: 0.92, UT: 0.9, ID: 0.9, WY: 0.9, IA: 0.9, NE: 0.88, KS: 0.88, TX: 0.88, SC: 0.88,
  WV: 0.88, SD: 0.85, GA: 0.85, TN: 0.85, KY: 0.85, OK: 0.78, LA: 0.76, AR: 0.75, AL: 0.74, MO: 0.74,
  MS: 0.7,
};

export const STATES = Object.keys(STATE_POPULATION).sort();

// Normalised so that the population-weighted mean factor is 1 (national prices stay near the medians).
const weightedMean =
  STATES.reduce((s, st) => s + (RAW_PRICE_FACTOR[st] ?? 1) * (STATE_POPULATION[st] ?? 0), 0) /
  STATES.reduce((s, st) => s + (STATE_POPULATION[st] ?? 0), 0);
export const STATE_PRICE_FACTOR: Record<string, number> = Object.fromEntries(
  STATES.map((st) => [st, (RAW_PRICE_FACTOR[st] ?? 1) / weightedMean]),
);

export interface Place {
  zip: string;
  city: string;
  state: string;
  lat: number;
  lng: number;
}

let cache: Map<string, Place[]> | null = null;

/** ZIP codes with a city and coordinates, per state (sorted by ZIP so the order is stable). */
export function placesByState(): Map<string, Place[]> {
  if (cache) return cache;
  const require = createRequire(import.meta.url);
  const zipcodes = require('zipcodes') as { codes: Record<string, ZipEntry> };
  const byState = new Map<string, Place[]>(STATES.map((s) => [s, []]));
  for (const entry of Object.values(zipcodes.codes)) {
    if (entry.country !== 'US' || !entry.city || !entry.latitude || !entry.longitude) continue;
    const list = byState.get(entry.state);
    if (!list) continue;
    list.push({ zip: entry.zip, city: entry.city, state: entry.state, lat: entry.latitude, lng: entry.longitude });
  }
  for (const list of byState.values()) list.sort((a, b) => (a.zip < b.zip ? -1 : a.zip > b.zip ? 1 : 0));
  cache = byState;
  return byState;
}
