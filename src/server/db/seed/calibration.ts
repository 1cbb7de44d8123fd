// Published and real figures the generator is calibrated to. docs/data-calibration.md lists every
// figure with its source and year next to the generated figure (scripts/calibration-report.ts).
// Real counts (licensed assisted living, CMS nursing homes and star ratings) come from calibration.json,
// derived from the public data files by scripts/derive-seed-calibration.ts.
import { CARE_TYPES, type CareType } from '../../../contracts/constants';
import derived from './calibration.json' with { type: 'json' };
import { STATE_POPULATION, STATES } from './geo';

/** National monthly medians, Genworth Cost of Care Survey 2023: assisted living, nursing home private room. */
export const NATIONAL_MEDIAN = { assistedLiving: 5350, nursingHomePrivate: 9733, nursingHomeSemiPrivate: 8669 } as const;

/**
 * Assisted-living monthly median per state, Genworth Cost of Care Survey 2023. HI ($112,083 a year),
 * ME ($104,547), VT ($103,620) as the dearest and MS ($45,600), GA ($49,440), AL ($49,710) as the cheapest
 * are the published figures (divided by 12); the other states are approximate values of the same
 * survey, rounded to $100 (see docs/data-calibration.md).
 */
export const ASSISTED_LIVING_MEDIAN: Record<string, number> = {
  AK: 7500, AL: 4143, AR: 4300, AZ: 4950, CA: 6000, CO: 5700, CT: 7200, DC: 8000, DE: 7400, FL: 4800,
  GA: 4120, HI: 9340, IA: 5000, ID: 4800, IL: 5600, IN: 5300, KS: 5900, KY: 4500, LA: 4200, MA: 6900,
  MD: 6000, ME: 8712, MI: 5200, MN: 5300, MO: 4000, MS: 3800, MT: 5200, NC: 5200, ND: 4700, NE: 5300,
  NH: 7100, NJ: 7500, NM: 4800, NV: 4300, NY: 5900, OH: 5500, OK: 4400, OR: 6200, PA: 5100, RI: 6800,
  SC: 4600, SD: 4300, TN: 4800, TX: 5000, UT: 4200, VA: 6000, VT: 8635, WA: 6900, WI: 5400, WV: 5000,
  WY: 5300,
};

/**
 * Nursing-home private-room monthly median per state, Genworth Cost of Care Survey 2023, approximate
 * and rounded to $100. Shape: Alaska far above all, then CT, NY, MA, HI, MN; Texas, Missouri,
 * Louisiana and Oklahoma the cheapest (as in every recent survey).
 */
export const NURSING_HOME_MEDIAN: Record<string, number> = {
  AK: 36000, AL: 8000, AR: 6900, AZ: 8400, CA: 12000, CO: 10000, CT: 15800, DC: 12900, DE: 12600, FL: 10300,
  GA: 7700, HI: 13900, IA: 8800, ID: 9800, IL: 7900, IN: 8600, KS: 7300, KY: 8900, LA: 6300, MA: 14000,
  MD: 11300, ME: 12300, MI: 10500, MN: 13900, MO: 6300, MS: 7900, MT: 9000, NC: 9100, ND: 13000, NE: 8700,
  NH: 12500, NJ: 13000, NM: 8700, NV: 10000, NY: 14500, OH: 8900, OK: 6400, OR: 12800, PA: 11000, RI: 11600,
  SC: 8500, SD: 8400, TN: 8200, TX: 6100, UT: 8200, VA: 9500, VT: 12000, WA: 12000, WI: 11000, WV: 12000,
  WY: 9300,
};

/**
 * State price factor per care type (state median / national median). Assisted living and nursing home
 * from the tables above; independent living and memory care follow the state's assisted-living level
 * (no state survey of either; an assumption, stated in the docs).
 */
export function statePriceFactor(state: string, careType: CareType): number {
  if (careType === 'Skilled Nursing') return (NURSING_HOME_MEDIAN[state] ?? NATIONAL_MEDIAN.nursingHomePrivate) / NATIONAL_MEDIAN.nursingHomePrivate;
  return (ASSISTED_LIVING_MEDIAN[state] ?? NATIONAL_MEDIAN.assistedLiving) / NATIONAL_MEDIAN.assistedLiving;
}

export const PRICE_FACTORS: Record<CareType, Record<string, number>> = Object.fromEntries(
  CARE_TYPES.map((ct) => [ct, Object.fromEntries(STATES.map((st) => [st, statePriceFactor(st, ct)]))]),
) as Record<CareType, Record<string, number>>;

/** Licensed assisted-living facilities per state (2021 state licensing lists). */
export const ALF_FACILITIES: Record<string, number> = Object.fromEntries(
  STATES.map((st) => [st, derived.alf.byState[st as keyof typeof derived.alf.byState]?.facilities ?? 0]),
);

/**
 * Share of a state's assisted-living facilities with at most 16 beds (residential care homes). States
 * whose list has no capacity get SMALL_SHARE_UNKNOWN, a conservative assumption.
 */
export const SMALL_SHARE_UNKNOWN = 0.1;
export const ALF_SMALL_SHARE: Record<string, number> = Object.fromEntries(
  STATES.map((st) => [st, derived.alf.byState[st as keyof typeof derived.alf.byState]?.smallShare ?? SMALL_SHARE_UNKNOWN]),
);

/** CMS-certified nursing homes per state (2025). */
export const NURSING_HOMES: Record<string, number> = Object.fromEntries(
  STATES.map((st) => [st, (derived.nursingHomes.byState as Record<string, number>)[st] ?? 0]),
);

/** Shares of CMS overall star ratings 1..5 among rated nursing homes (2025). */
export const NH_STAR_SHARES: number[] = (() => {
  const counts = derived.nursingHomes.overallStars;
  const total = counts.reduce((s, n) => s + n, 0);
  return counts.map((n) => n / total);
})();

export const LARGEST_NH_CHAIN = derived.nursingHomes.largestChain;

/**
 * The largest US senior-living operator, Brookdale Senior Living, runs about 650-700 communities (its
 * annual reports of 2022-2024). The generator gives its largest operator this share of all communities
 * (680 of 45,247 at scale 1).
 */
export const LARGEST_OPERATOR = 680;

export const populationShare = (st: string) => (STATE_POPULATION[st] ?? 0) / STATES.reduce((s, x) => s + (STATE_POPULATION[x] ?? 0), 0);
