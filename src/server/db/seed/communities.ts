// Planner of the generated communities: for each slot (its operator and state) a place, a kind, care
// types, a name unique in its city, an address, coordinates, contacts, prices, options, a score, prose,
// photos and a creation date. All from one seeded stream, in a fixed order: the same seed gives the
// same communities (the pinned hash in generate.test.ts fails when the order or a draw changes).
import { CARE_TYPES } from '../../../contracts/constants';
import { communityPhotoPath } from '../../lib/media-paths';
import { fictionalPhone } from './contact';
import type { Place } from './geo';
import { createdAt, createdDaysAgo, kebab, slug } from './helpers';
import { BRAND_WORDS, PLACE_NOUNS, STREET_NAMES, STREET_TYPES, SURNAMES } from './names';
import { planOptions } from './options';
import { FULL_SCALE, type CommunityRow, type IdBase, type OperatorRow } from './plan-types';
import { planPricing } from './prices';
import { planProse } from './prose';
import { type Rng, WeightedTable } from './rng';
import { communityScore } from './stars';
import { pickKind, type Kind } from './supply';

/** Photos per community (weights of 0 to 5 photos; the generator's choice). */
const PHOTO_COUNTS = new WeightedTable([[0, 12], [1, 10], [2, 14], [3, 20], [4, 20], [5, 24]] as const);
/** Communities "new this week": 124 of the 45,247 at the product's scale. */
export const NEW_COMMUNITY_SHARE = 124 / FULL_SCALE.communities;
/** A community's quality: its operator's plus noise of this spread (0 for an independent one). */
const QUALITY_SIGMA = 0.8;
/** Coordinates: within +-0.02 degrees of latitude and +-0.025 of longitude of the place (a few km). */
const LAT_JITTER = 0.04;
const LNG_JITTER = 0.05;
/** Owner types: chains are mostly private; independents private, else non-profit, else public. */
const CHAIN_PRIVATE_P = 0.86;
const INDEPENDENT_PRIVATE_P = 0.62;
const INDEPENDENT_NONPROFIT_P = 0.72;
/** Tries for a name not yet used in the city before the street tells two homes apart. */
const NAME_ATTEMPTS = 8;

export interface CommunityPlan {
  communities: CommunityRow[];
  /** Community indexes per operator index. */
  communitiesByOperator: number[][];
  pricingCount: number;
}

interface Slot {
  op: OperatorRow | null;
  state: string;
  place: Place;
  kind: Kind;
}

/** Is the operator a chain (its communities carry its brand, website and e-mail domain)? */
const isChain = (op: OperatorRow | null): op is OperatorRow => op !== null && (op.tier === 'national' || op.tier === 'regional' || op.tier === 'mid');

/** One community name: a chain's brand with the place, else a place, family or brand word with a kind's suffix. */
function makeName(rng: Rng, s: Slot): string {
  const { op, place, kind } = s;
  if (isChain(op)) {
    const pattern = rng.int(0, 4);
    return pattern === 0 ? `${op.brand} of ${place.city}` :
      pattern === 1 ? `${op.brand} at ${rng.pick(STREET_NAMES)} ${rng.pick(PLACE_NOUNS)}` :
      pattern === 2 ? `${op.brand} ${place.city}` :
      pattern === 3 ? `The ${op.brand} at ${place.city}` :
      `${op.brand} ${rng.pick(PLACE_NOUNS)} ${rng.pick(kind.nameSuffixes) || 'Senior Living'}`;
  }
  const a = rng.chance(0.25) ? place.city : rng.chance(0.3) ? rng.pick(SURNAMES) : rng.pick(BRAND_WORDS);
  const suffix = rng.pick(kind.nameSuffixes);
  return `${a} ${rng.pick(PLACE_NOUNS)}${suffix ? ` ${suffix}` : ''}`;
}

/** A name unique within the city: retry, then tell two homes apart by their street. Records it in `used`. */
export function uniqueName(rng: Rng, s: Slot, used: Set<string>): string {
  const nameKey = (nm: string) => `${s.state}|${s.place.city}|${nm.toLowerCase()}`;
  let name = makeName(rng, s);
  for (let attempt = 0; attempt < NAME_ATTEMPTS && used.has(nameKey(name)); attempt++) name = makeName(rng, s);
  for (let k = 0; used.has(nameKey(name)); k++) name = `${name.replace(/ on .+$/, '')} on ${STREET_NAMES[k % STREET_NAMES.length]} ${STREET_TYPES[Math.floor(k / STREET_NAMES.length) % STREET_TYPES.length]}`;
  used.add(nameKey(name));
  return name;
}

export interface CommunityContext {
  operators: OperatorRow[];
  /** Operator index of each community slot (-1: independent). */
  slots: number[];
  /** State of each community slot. */
  states: string[];
  places: Map<string, Place[]>;
  idBase: IdBase;
  nowMs: number;
}

/** Plans every community of `ctx.slots` with `rng` (the stream that also placed them; see locations.ts). */
export function planCommunities(ctx: CommunityContext, rng: Rng): CommunityPlan {
  const communities: CommunityRow[] = [];
  const communitiesByOperator: number[][] = ctx.operators.map(() => []);
  let pricingCount = 0;
  const usedNames = new Set<string>();
  for (let ci = 0; ci < ctx.slots.length; ci++) {
    const opIdx = ctx.slots[ci] as number;
    const c = planCommunity(rng, ctx, ci, usedNames);
    pricingCount += c.pricing.length;
    communities.push(c);
    if (opIdx >= 0) (communitiesByOperator[opIdx] as number[]).push(ci);
  }
  return { communities, communitiesByOperator, pricingCount };
}

function planCommunity(rng: Rng, ctx: CommunityContext, ci: number, usedNames: Set<string>): CommunityRow {
  const opIdx = ctx.slots[ci] as number;
  const op = opIdx >= 0 ? (ctx.operators[opIdx] as OperatorRow) : null;
  const state = ctx.states[ci] as string;
  const place = rng.pick(ctx.places.get(state) as Place[]);
  const kind = pickKind(state, rng);
  const quality = (op ? op.quality : 0) + rng.normal() * QUALITY_SIGMA;
  const careTypes = CARE_TYPES.filter((ct) => kind.base.includes(ct) || kind.optional.some(([o, p]) => o === ct && rng.chance(p)));
  const id = ctx.idBase.communities + ci + 1;
  const chain = isChain(op);
  const name = uniqueName(rng, { op, state, place, kind }, usedNames);
  const address = `${rng.int(1, 40) * (rng.chance(0.5) ? 100 : 10) + rng.int(0, 99)} ${rng.pick(STREET_NAMES)} ${rng.pick(STREET_TYPES)}`;
  const lat = Math.round((place.lat + (rng.next() - 0.5) * LAT_JITTER) * 1e6) / 1e6;
  const lng = Math.round((place.lng + (rng.next() - 0.5) * LNG_JITTER) * 1e6) / 1e6;
  const capacity = rng.int(kind.capacity[0], kind.capacity[1]);
  const communitySlug = slug(name);
  const website = chain ? `https://www.${op.domain}/communities/${kebab(place.city)}-${id}` : `https://${communitySlug}.example.org`;
  const email = chain ? `${kebab(place.city)}@${op.domain}` : `info@${communitySlug}.example.com`;
  const pricing = planPricing(rng, careTypes, kind, quality, state);
  const options = planOptions(rng, kind, careTypes);
  const ownerType = chain
    ? rng.chance(CHAIN_PRIVATE_P) ? 'Private' : 'Non-Profit'
    : rng.chance(INDEPENDENT_PRIVATE_P) ? 'Private' : rng.chance(INDEPENDENT_NONPROFIT_P) ? 'Non-Profit' : 'Public';
  const score = communityScore(rng, careTypes.includes('Skilled Nursing'), quality, op !== null);
  const { description, overview } = planProse(rng, { ...options, name, city: place.city, state, kind, careTypes, capacity });
  const photoCount = PHOTO_COUNTS.pick(rng);
  const photos = Array.from({ length: photoCount }, (_, k) => communityPhotoPath(id, k + 1));
  const daysAgo = createdDaysAgo(rng, NEW_COMMUNITY_SHARE);
  const minPrice = pricing.length ? Math.min(...pricing.map((p) => p.minPrice)) : null;
  const maxPrice = pricing.length ? Math.max(...pricing.map((p) => p.maxPrice)) : null;
  return {
    id, name, address, city: place.city, state, zipCode: place.zip, lat, lng, phone: fictionalPhone(rng, state), email, website,
    description, overview, rating: 0, reviewCount: 0, careTypes, amenities: options.amenities, photos, communityType: kind.communityType,
    ownerType, score, capacity, roomTypes: options.roomTypes, diningServices: options.diningServices, healthcareServices: options.healthcareServices,
    roomAmenities: options.roomAmenities, communityAmenities: options.communityAmenities,
    operatorId: op ? op.id : null, minPrice, maxPrice, pricing, sourceId: `gen-c-${String(ci + 1).padStart(6, '0')}`,
    createdAt: createdAt(ctx.nowMs, daysAgo), reviewStart: 0, quality,
  };
}
