// Community search (SPEC section 2 'Community search', section 7 GET /api/communities/search):
// the query, the page of results, the map points of the whole result and the map configuration.
import { z } from 'zod';
import { safeText } from './text';
import { ALL_FILTER_VALUE, CARE_TYPES, CARE_TYPE_KEYS, SEARCH_SORTS, careTypeFromParam, type CareType } from './constants';
import { communitySchema, coordinatesSchema } from './community';
import { licenceFilterShape, type CapacityBand, type LicenceType } from './licence-filters';
import { pagedTotalFields } from './paging';
import { sourceSchema } from './provenance';

export const SEARCH_DEFAULT_PAGE_SIZE = 12;
export const SEARCH_MAX_PAGE_SIZE = 100;
/** Deeper pages than this are refused (45,000 communities at page size 1 still fit). */
export const SEARCH_MAX_PAGE = 100_000;
export const SEARCH_MAX_LOCATION_LENGTH = 100;
export const SEARCH_MAX_PRICE = 1_000_000;
/** A ZIP search finds communities within this many miles of the ZIP's centre. */
export const ZIP_RADIUS_MILES = 50;
/**
 * The map's points endpoint answers with single points up to this many communities (the whole result,
 * or those in the requested view); above it, it groups them on the server into grid clusters by zoom
 * level (ADR 018), so no answer ships more than about this many rows whatever the result's size.
 */
export const MAP_POINTS_MAX = 1_000;
/** The server's cluster cell is this many screen pixels wide at the requested zoom (256-pixel tiles). */
export const MAP_CLUSTER_CELL_PX = 48;
/** A clustered answer has at most about this many grid cells in the requested area (the cell grows when needed). */
export const MAP_MAX_CELLS = 1_024;
export const MAP_MAX_ZOOM = 22;

/** '', whitespace and 'all' (any case) mean "no filter" for every filter parameter. */
const blankToUndefined = (v: unknown) =>
  typeof v === 'string' && (v.trim() === '' || v.trim().toLowerCase() === ALL_FILTER_VALUE) ? undefined : v;

const priceParam = z.preprocess(
  blankToUndefined,
  safeText()
    .trim()
    .regex(/^\d{1,9}$/, 'must be a whole number of dollars, zero or more')
    .transform(Number)
    .pipe(z.number().int().min(0).max(SEARCH_MAX_PRICE, `must be at most ${SEARCH_MAX_PRICE}`))
    .optional(),
);

const intParam = (name: string, min: number, max: number, fallback: number) =>
  z
    .preprocess(
      blankToUndefined,
      safeText()
        .trim()
        .regex(/^\d{1,9}$/, `${name} must be a whole number`)
        .transform(Number)
        .pipe(z.number().int().min(min).max(max))
        .optional(),
    )
    .transform((v) => v ?? fallback);

/** A comma-joined list ("Assisted Living,Memory Care") -> trimmed, de-duplicated, non-empty items. */
const listParam = (maxItems: number) =>
  safeText()
    .max(1000)
    .optional()
    .transform((v) => [...new Set((v ?? '').split(',').map((s) => s.trim()).filter(Boolean))])
    .transform((list) => (list.length === 1 && list[0]!.toLowerCase() === ALL_FILTER_VALUE ? [] : list))
    .pipe(z.array(safeText().max(100)).max(maxItems));

const locationParam = z.preprocess(
  blankToUndefined,
  safeText().trim().max(SEARCH_MAX_LOCATION_LENGTH, `must be at most ${SEARCH_MAX_LOCATION_LENGTH} characters`).optional(),
);

/** Care types by label ('Assisted Living') or key ('assisted'), any case; 'all' means no filter. */
const careTypesParam = listParam(CARE_TYPES.length)
  .refine((list) => list.every((c) => careTypeFromParam(c) !== undefined), {
    message: `care types must be among: ${CARE_TYPES.join(', ')} (or the keys ${Object.keys(CARE_TYPE_KEYS).join(', ')})`,
  })
  .transform((list) => [...new Set(list.map((c) => careTypeFromParam(c)!))]) as unknown as z.ZodType<CareType[], string | undefined>;

/** 'true'/'1' or 'false'/'0' (absent = false). */
const flagParam = z
  .preprocess(blankToUndefined, z.enum(['true', 'false', '1', '0']).optional())
  .transform((v) => v === 'true' || v === '1');

const filterShape = {
  location: locationParam,
  careTypes: careTypesParam,
  amenities: listParam(20),
  priceMin: priceParam,
  priceMax: priceParam,
  /** With a price band: also list the communities that publish no price (for the chosen care types). */
  includeUnpriced: flagParam,
  /** Real-directory filters: licence type and licensed-capacity band (unknown capacity is in no band). */
  ...licenceFilterShape,
};

const priceOrder = {
  check: (q: { priceMin?: number | undefined; priceMax?: number | undefined }) =>
    q.priceMin === undefined || q.priceMax === undefined || q.priceMin <= q.priceMax,
  params: { message: 'priceMin must not be greater than priceMax', path: ['priceMin'] },
};

/** The filters shared by the result page and the map points (GET /api/communities/search/points). */
export const searchFilterSchema = z.object(filterShape).refine(priceOrder.check, priceOrder.params);
export type SearchFilters = z.infer<typeof searchFilterSchema>;

/** 'west,south,east,north' in degrees (no antimeridian crossing). */
const bboxParam = z.preprocess(
  blankToUndefined,
  safeText()
    .max(200)
    .transform((v, ctx) => {
      const n = v.split(',').map((x) => (x.trim() === '' ? NaN : Number(x)));
      const [west, south, east, north] = n as [number, number, number, number];
      const ok =
        n.length === 4 &&
        n.every(Number.isFinite) &&
        west >= -180 && east <= 180 && south >= -90 && north <= 90 && west < east && south < north;
      if (!ok) {
        ctx.addIssue({ code: 'custom', message: 'bbox must be west,south,east,north in degrees (west < east, south < north)' });
        return z.NEVER;
      }
      return { west, south, east, north };
    })
    .optional(),
);

/** GET /api/communities/search/points: the filters, plus the map's zoom level and (optionally) the area in view. */
export const mapPointsQuerySchema = z
  .object({
    ...filterShape,
    zoom: intParam('zoom', 0, MAP_MAX_ZOOM, 3),
    bbox: bboxParam,
  })
  .refine(priceOrder.check, priceOrder.params);
export type MapPointsQuery = z.infer<typeof mapPointsQuerySchema>;
export type MapBounds = { west: number; south: number; east: number; north: number };

/** GET /api/communities/search query string. */
export const searchQuerySchema = z
  .object({
    ...filterShape,
    page: intParam('page', 1, SEARCH_MAX_PAGE, 1),
    pageSize: intParam('pageSize', 1, SEARCH_MAX_PAGE_SIZE, SEARCH_DEFAULT_PAGE_SIZE),
    sort: z.preprocess(blankToUndefined, z.enum(SEARCH_SORTS).optional()).transform((v) => v ?? 'relevance'),
  })
  .refine(priceOrder.check, priceOrder.params);
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** What the client sends (all optional; lists are joined with commas by the fetcher). */
export interface SearchParams {
  location?: string;
  careTypes?: string[];
  amenities?: string[];
  priceMin?: number;
  priceMax?: number;
  includeUnpriced?: boolean;
  licenceType?: LicenceType;
  capacity?: CapacityBand;
  page?: number;
  pageSize?: number;
  sort?: (typeof SEARCH_SORTS)[number];
}

export interface ShownPrice {
  careType: string;
  minPrice: number;
}

/**
 * The price a search card shows (ADR 010): with care types, the lowest minimum price among those care
 * types' entries that overlap the price band (any bound optional); without care types, the lowest
 * minimum price of any care type (today's rule). The price sorts order by the same figure.
 */
export function shownPrice(
  pricing: { careType: string; minPrice: number; maxPrice: number }[],
  careTypes: readonly string[],
  band: { priceMin?: number | undefined; priceMax?: number | undefined } = {},
): ShownPrice | null {
  let best: ShownPrice | null = null;
  for (const p of pricing) {
    if (careTypes.length) {
      if (!careTypes.includes(p.careType)) continue;
      if (band.priceMax !== undefined && p.minPrice > band.priceMax) continue;
      if (band.priceMin !== undefined && p.maxPrice < band.priceMin) continue;
    }
    if (!best || p.minPrice < best.minPrice || (p.minPrice === best.minPrice && p.careType < best.careType)) {
      best = { careType: p.careType, minPrice: p.minPrice };
    }
  }
  return best;
}

const shownPriceSchema = z
  .object({
    careType: z.string(),
    minPrice: z.number().int(),
    /** True when the search asked for care types: the price is that care type's. */
    forCareTypes: z.boolean(),
  })
  .nullable();

/** A community of the result: the spec's entity plus coordinates and operatorName (map card). */
export const searchCommunitySchema = communitySchema.extend({
  /** The card's "From $X/month" (see shownPrice); null = the community publishes no matching price. */
  shownPrice: shownPriceSchema,
  coordinates: coordinatesSchema.nullable(),
  operatorName: z.string().nullable(),
  /** Miles from the searched ZIP code's centre (ZIP searches only). */
  distanceMiles: z.number().nullable(),
});
export type SearchCommunity = z.infer<typeof searchCommunitySchema>;

export const searchResponseSchema = z.object({
  communities: z.array(searchCommunitySchema),
  ...pagedTotalFields,
  totalPages: z.number().int(),
  /**
   * With a price band: communities that match every other filter but publish no price (for the
   * chosen care types, or at all); they are in `communities`/`total` only with includeUnpriced. 0 without a band.
   */
  unpricedCount: z.number().int(),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

export const mapPointSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
  operatorName: z.string().nullable(),
  careTypes: z.array(z.string()),
  /** With care types: the lowest/highest price of the chosen care types' matching entries (see shownPrice). */
  minPrice: z.number().int().nullable(),
  maxPrice: z.number().int().nullable(),
  /** Provenance for the map card (ADR 008). */
  source: sourceSchema,
  /** The care type of minPrice when the search asked for care types; null otherwise. */
  priceCareType: z.string().nullable(),
  /** True when the point is a ZIP (or city) centre, not the building (ADR 014, 016). */
  approximate: z.boolean(),
});
export type MapPoint = z.infer<typeof mapPointSchema>;

/** Several communities of one grid cell, drawn as one marker that zooms in (server clustering, ADR 018). */
export const mapClusterSchema = z.object({
  /** The mean position of its communities. */
  lat: z.number(),
  lng: z.number(),
  count: z.number().int(),
  /** The box around its communities: [west, south, east, north]. */
  bounds: z.tuple([z.number(), z.number(), z.number(), z.number()]),
});
export type MapCluster = z.infer<typeof mapClusterSchema>;

export const mapPointsResponseSchema = z.object({
  /** Single communities (every one of the answer's area when `clustered` is false). */
  points: z.array(mapPointSchema),
  /** Grid clusters (empty unless `clustered`); their counts plus the points make `inView`. */
  clusters: z.array(mapClusterSchema),
  /** Communities in the result that have coordinates. */
  total: z.number().int(),
  /** Those of them in the requested area (`total` without bbox, or when `complete`). */
  inView: z.number().int(),
  clustered: z.boolean(),
  /** True when `points` is the whole result (no view needed: panning and zooming need no new request). */
  complete: z.boolean(),
});
export type MapPointsResponse = z.infer<typeof mapPointsResponseSchema>;

export const mapConfigSchema = z.object({
  /** Raster tile URL template ({z}/{x}/{y}) or null: the map then draws offline state shapes only. */
  tileUrl: z.string().nullable(),
  attribution: z.string().nullable(),
});
export type MapConfig = z.infer<typeof mapConfigSchema>;
