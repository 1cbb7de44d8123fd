// Rules of compare (issue 16, ADR 022): the side-by-side view of up to COMPARE_LIMIT communities and the
// distance from a place the family types (a ZIP code centre or a city centre, never guessed).
import type { ThemeReport } from '../../../contracts/themes';
import type { ThemeService } from '../themes/themes.service';
import type pg from 'pg';
import zipcodes from 'zipcodes';
import type { ComparePlace, CompareView } from '../../../contracts/compare';
import { badRequest } from '../../lib/errors';
import { toSource } from '../../lib/provenance';
import { loadCommunityRecords } from '../communities/records.service';
import { toRecords } from '../communities/records.routes';
import type { SearchService } from '../communities/search.service';
import { cityCentre, listCompare, loadCompareRows } from './compare.repo';
import { communityAddress } from '../../lib/community-address';

/** A signed-in user's compare list as GET /api/compare answers it (the server-rendered pages start with it, modules/seo). */
export async function compareListOf(pool: pg.Pool, userId: number): Promise<{ communityIds: number[] }> {
  return { communityIds: await listCompare(pool, userId) };
}

const EARTH_RADIUS_MILES = 3958.8;
const rad = (d: number) => (d * Math.PI) / 180;

/** Great-circle (straight-line) miles between two points. */
export function haversineMiles(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

export const PLACE_NOT_FOUND = (text: string) => `We could not find "${text}". Type a city ("Austin, TX") or a ZIP code.`;

/** The point of a typed place through the search's own location rules: a ZIP centre, or a city's centre. */
export async function resolvePlace(pool: pg.Pool, search: Pick<SearchService, 'locate'>, text: string): Promise<ComparePlace> {
  const where = await search.locate(text);
  if (where.kind === 'near') return { label: text, lat: where.lat, lng: where.lng, basis: 'zip' };
  if (where.kind === 'city') {
    const best = where.cities[0];
    if (best) {
      const label = `${best.city}, ${best.state}`;
      const known = zipcodes.lookupByName(best.city, best.state)[0];
      if (known && Number.isFinite(known.latitude) && Number.isFinite(known.longitude)) {
        return { label, lat: known.latitude, lng: known.longitude, basis: 'city' };
      }
      const centre = await cityCentre(pool, best.city, best.state);
      if (centre) return { label, ...centre, basis: 'city' };
    }
  }
  throw badRequest(PLACE_NOT_FOUND(text));
}

const TOP_THEMES = 3;

/** The 3 most mentioned themes of a community's reviews, each with how people speak of it; null without scored reviews. */
export function summarizeThemes(report: ThemeReport): string[] | null {
  const top = report.themes.filter((t) => t.mentions > 0).slice(0, TOP_THEMES);
  if (report.reviews === 0 || top.length === 0) return null;
  return top.map((t) => {
    const tone = t.positive > t.negative ? 'praised' : t.negative > t.positive ? 'criticized' : t.positive === 0 ? 'mentioned' : 'mixed';
    return `${t.label} (${tone})`;
  });
}

export async function compareView(
  pool: pg.Pool,
  search: Pick<SearchService, 'locate'>,
  ids: number[],
  near: string | undefined,
  themes?: Pick<ThemeService, 'community'>,
): Promise<CompareView> {
  const place = near ? await resolvePlace(pool, search, near) : null;
  const rows = await loadCompareRows(pool, ids);
  const [records, topThemes] = await Promise.all([
    Promise.all(ids.map((id) => (rows.has(id) ? loadCommunityRecords(pool, id) : Promise.resolve(null)))),
    Promise.all(ids.map((id) => (rows.has(id) && themes ? themes.community(id).then(summarizeThemes) : Promise.resolve(null)))),
  ]);
  const communities: CompareView['communities'] = [];
  const missing: number[] = [];
  ids.forEach((id, i) => {
    const r = rows.get(id);
    if (!r) {
      missing.push(id);
      return;
    }
    const rec = records[i] ? toRecords(records[i]) : { licence: null, cms: null };
    const distance = place && r.lat !== null && r.lng !== null ? haversineMiles(place, { lat: r.lat, lng: r.lng }) : null;
    communities.push({
      ...communityAddress(r),
      rating: Number(r.rating),
      reviewCount: r.review_count,
      careTypes: r.care_types,
      pricing: r.pricing,
      amenities: r.amenities,
      capacity: r.capacity ?? rec.licence?.capacity ?? rec.cms?.certifiedBeds ?? null,
      licence: rec.licence,
      cms: rec.cms,
      distanceMiles: distance === null ? null : Math.round(distance * 10) / 10,
      locationApproximate: r.location_approximate,
      themes: topThemes[i] ?? null,
      source: toSource(r),
    });
  });
  return { communities, missing, place };
}
