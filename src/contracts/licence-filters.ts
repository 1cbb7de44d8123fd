// Filters of the real directory (issue 12): licence type and licensed-capacity band, on Search and on
// Community Insights. The maps are keyed by the contract's literal types (Record<…>), so a changed
// option fails the typecheck wherever it is drawn or turned into SQL.
import { z } from 'zod';

/**
 * The state's own licence words mapped to the product's types (the mapping of
 * src/server/db/import/care-types.ts, ADR 014): every licence on a state's assisted-living list is
 * assisted living; the licence words say dementia/memory care, a continuing care retirement community
 * or a nursing facility; a CMS-certified home is a nursing home.
 */
export const LICENCE_TYPES = ['assisted_living', 'memory_care', 'ccrc', 'nursing_home'] as const;
export type LicenceType = (typeof LICENCE_TYPES)[number];

export const LICENCE_TYPE_LABELS: Record<LicenceType, string> = {
  assisted_living: 'Assisted living (state licence)',
  memory_care: 'Dementia or memory care licence',
  ccrc: 'Continuing care retirement community',
  nursing_home: 'Nursing home (CMS certified or state licence)',
};

/** Licensed capacity (residents or beds), inclusive bounds; `max: null` = no upper bound. */
export const CAPACITY_BANDS = ['1_10', '11_25', '26_50', '51_100', '101_plus'] as const;
export type CapacityBand = (typeof CAPACITY_BANDS)[number];

export const CAPACITY_BAND_RANGES: Record<CapacityBand, { min: number; max: number | null; label: string }> = {
  '1_10': { min: 1, max: 10, label: '1–10 residents' },
  '11_25': { min: 11, max: 25, label: '11–25 residents' },
  '26_50': { min: 26, max: 50, label: '26–50 residents' },
  '51_100': { min: 51, max: 100, label: '51–100 residents' },
  '101_plus': { min: 101, max: null, label: '101 or more residents' },
};

/** What the filter says when a band is chosen: facilities whose capacity is not on record are not in any band. */
export const UNKNOWN_CAPACITY_NOTE = 'Facilities without a licensed capacity on record are left out when a capacity band is chosen.';

/** The query parameters (and client filter keys) of these filters. */
export const LICENCE_FILTER_KEYS = ['licenceType', 'capacity'] as const;
export type LicenceFilterKey = (typeof LICENCE_FILTER_KEYS)[number];

/** The dropdown options of each filter, in the contract's order. */
export const LICENCE_TYPE_OPTIONS = LICENCE_TYPES.map((value) => ({ value, label: LICENCE_TYPE_LABELS[value] }));
export const CAPACITY_BAND_OPTIONS = CAPACITY_BANDS.map((value) => ({ value, label: CAPACITY_BAND_RANGES[value].label }));

const unset = (v: unknown) => (typeof v === 'string' && (v.trim() === '' || v.trim().toLowerCase() === 'all') ? undefined : v);

/** `licenceType` and `capacity` query parameters ('' and 'all' mean no filter). */
export const licenceFilterShape = {
  licenceType: z.preprocess(unset, z.enum(LICENCE_TYPES, { message: `licenceType must be one of: ${LICENCE_TYPES.join(', ')}` }).optional()),
  capacity: z.preprocess(unset, z.enum(CAPACITY_BANDS, { message: `capacity must be one of: ${CAPACITY_BANDS.join(', ')}` }).optional()),
};
