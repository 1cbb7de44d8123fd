// Planner of a generated community's options: amenities (one vocabulary for search and Community
// Insights), room types, healthcare and dining services, room and community amenities.
import {
  AMENITIES_WITH_ICONS,
  AMENITY_OPTIONS,
  DINING_OPTIONS,
  ROOM_AMENITY_OPTIONS,
  ROOM_TYPE_OPTIONS,
  type CareType,
} from '../../../contracts/constants';
import type { Rng } from './rng';
import type { Kind } from './supply';

const EXTRA_AMENITIES = ['Beauty Salon', 'Library', 'Chapel', 'Wi-Fi', 'Outdoor Patio', 'Walking Paths'];
/**
 * The one amenity vocabulary of a generated community: its `amenities` (search filter, detail page)
 * are drawn from this list once, and the Community Insights lists are derived from them
 * (AMENITY_EQUIVALENTS), so a community matches an amenity in both places or in neither.
 * 'Transportation Services' is left out: it would be a second name for 'Transportation'.
 */
export const ALL_AMENITIES = [...new Set<string>([...AMENITY_OPTIONS, ...AMENITIES_WITH_ICONS, ...EXTRA_AMENITIES])].filter((a) => a !== 'Transportation Services');
/** Search amenity -> the value of a Community Insights list that means the same thing. */
export const AMENITY_EQUIVALENTS = [
  { amenity: 'Fitness Center', list: 'communityAmenities', value: 'Fitness Center' },
  { amenity: 'Swimming Pool', list: 'communityAmenities', value: 'Pool' },
  { amenity: 'Library', list: 'communityAmenities', value: 'Library' },
  { amenity: 'Fine Dining Restaurant', list: 'diningServices', value: 'Fine Dining' },
] as const satisfies ReadonlyArray<{ amenity: string; list: 'communityAmenities' | 'diningServices'; value: string }>;
const amenityOrder = new Map(ALL_AMENITIES.map((a, i) => [a, i]));
/** How often a community has each amenity (the generator's choice); DEFAULT_AMENITY_P for one not listed. */
const AMENITY_P: Record<string, number> = {
  'Pet Friendly': 0.38, 'Fitness Center': 0.45, 'Swimming Pool': 0.2, Transportation: 0.6, 'Dining Services': 0.85,
  Housekeeping: 0.8, 'Laundry Services': 0.7, '24/7 Care': 0.55, 'Fine Dining Restaurant': 0.14,
  'Transportation Services': 0.2, 'Garden Areas': 0.5, 'Social Activities': 0.75, 'Beauty Salon': 0.4,
  Library: 0.35, Chapel: 0.2, 'Wi-Fi': 0.5, 'Outdoor Patio': 0.4, 'Walking Paths': 0.3,
};
const DEFAULT_AMENITY_P = 0.3;
/** Round-the-clock care is 1.5 times as likely outside independent living. */
const CARE_24_7_BOOST = 1.5;
/** Room types: the first (studio) with 0.8, the k-th with 0.6 - 0.15 k. */
const FIRST_ROOM_TYPE_P = 0.8;
const ROOM_TYPE_P = { base: 0.6, step: 0.15 } as const;
/** Without skilled nursing: on-site 24/7 nursing and physical therapy with these probabilities. */
const NURSING_24_7_P = 0.3;
const PHYSICAL_THERAPY_P = 0.45;
/** Room amenities in ROOM_AMENITY_OPTIONS order (0.3 for any further one). */
const ROOM_AMENITY_P = [0.75, 0.35, 0.25];
const DEFAULT_ROOM_AMENITY_P = 0.3;

export interface CommunityOptions {
  amenities: string[];
  roomTypes: string[];
  healthcareServices: string[];
  diningServices: string[];
  roomAmenities: string[];
  communityAmenities: string[];
}

export function planOptions(rng: Rng, kind: Kind, careTypes: readonly CareType[]): CommunityOptions {
  const amenities = ALL_AMENITIES.filter((a) => rng.chance((AMENITY_P[a] ?? DEFAULT_AMENITY_P) * (a === '24/7 Care' && kind.key !== 'il' ? CARE_24_7_BOOST : 1)));
  const roomTypes = kind.key === 'rch' || kind.key === 'snf' ? ['Studio'] : ROOM_TYPE_OPTIONS.filter((_, k) => k === 0 ? rng.chance(FIRST_ROOM_TYPE_P) : rng.chance(ROOM_TYPE_P.base - k * ROOM_TYPE_P.step));
  if (roomTypes.length === 0) roomTypes.push('One Bedroom');
  const healthcareServices: string[] = [];
  if (careTypes.includes('Skilled Nursing') || rng.chance(NURSING_24_7_P)) healthcareServices.push('24/7 Nursing');
  if (careTypes.includes('Skilled Nursing') || rng.chance(PHYSICAL_THERAPY_P)) healthcareServices.push('Physical Therapy');
  if (careTypes.includes('Memory Care')) healthcareServices.push('Memory Care');
  // Round-the-clock nursing is round-the-clock care; fine dining is a dining service.
  if (healthcareServices.includes('24/7 Nursing') && !amenities.includes('24/7 Care')) amenities.push('24/7 Care');
  if (amenities.includes('Fine Dining Restaurant') && !amenities.includes('Dining Services')) amenities.push('Dining Services');
  amenities.sort((x, y) => (amenityOrder.get(x) as number) - (amenityOrder.get(y) as number));
  // Dining styles only with Dining Services; 'Fine Dining' exactly when the Fine Dining Restaurant amenity is there.
  const diningServices: string[] = [];
  if (amenities.includes('Dining Services')) {
    const fine = amenities.includes('Fine Dining Restaurant');
    diningServices.push(...rng.subset(DINING_OPTIONS.filter((d) => d !== 'Fine Dining'), fine ? rng.int(0, 1) : 1));
    if (fine) diningServices.push('Fine Dining');
  }
  const roomAmenities = ROOM_AMENITY_OPTIONS.filter((_, k) => rng.chance(ROOM_AMENITY_P[k] ?? DEFAULT_ROOM_AMENITY_P));
  const communityAmenities: string[] = AMENITY_EQUIVALENTS.filter((e) => e.list === 'communityAmenities' && amenities.includes(e.amenity)).map((e) => e.value);
  return { amenities, roomTypes, healthcareServices, diningServices, roomAmenities, communityAmenities };
}
