// Geography of the generated dataset: real US ZIP codes, cities and coordinates (the `zipcodes`
// package), state population (2020 census). State price levels are in calibration.ts.
import { createRequire } from 'node:module';
import type { ZipInfo } from 'zipcodes';

type ZipEntry = ZipInfo;

/** 2020 census resident population, thousands (50 states and DC). */
export const STATE_POPULATION: Record<string, number> = {
  AL: 5024, AK: 733, AZ: 7152, AR: 3012, CA: 39538, CO: 5774, CT: 3606, DE: 990, DC: 690, FL: 21538,
  GA: 10712, HI: 1455, ID: 1839, IL: 12813, IN: 6786, IA: 3190, KS: 2938, KY: 4506, LA: 4658, ME: 1362,
  MD: 6177, MA: 7030, MI: 10077, MN: 5706, MS: 2961, MO: 6155, MT: 1084, NE: 1962, NV: 3105, NH: 1378,
  NJ: 9289, NM: 2118, NY: 20201, NC: 10439, ND: 779, OH: 11799, OK: 3959, OR: 4237, PA: 13003, RI: 1097,
  SC: 5118, SD: 887, TN: 6911, TX: 29146, UT: 3272, VT: 643, VA: 8631, WA: 7705, WV: 1794, WI: 5894,
  WY: 577,
};

export const STATES = Object.keys(STATE_POPULATION).sort();

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
