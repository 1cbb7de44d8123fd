// Planner of a generated community's monthly prices: per care type a [min, max] band around the
// national center, moved by the state's price level (calibration.ts), the community's premium and noise.
import type { CareType } from '../../../contracts/constants';
import { PRICE_FACTORS } from './calibration';
import { round10 } from './helpers';
import type { PricingRow } from './plan-types';
import type { Rng } from './rng';
import type { Kind } from './supply';

/**
 * National monthly medians (Genworth Cost of Care 2023): assisted living $5,350; nursing home
 * semi-private $8,670 / private $9,733 (the center of nursing-home prices; state levels in calibration.ts).
 * Independent living well below assisted, memory care well above. `width`: the band's width, uniform.
 */
export const PRICE_CENTER: Record<CareType, { center: number; width: [number, number] }> = {
  'Independent Living': { center: 3150, width: [300, 1400] },
  'Assisted Living': { center: 5350, width: [400, 2000] },
  'Memory Care': { center: 6950, width: [400, 2000] },
  'Skilled Nursing': { center: 9733, width: [1000, 2200] },
};

/** Communities that publish no prices. */
export const UNPRICED_SHARE = 0.06;
/** The lowest monthly price a band starts at. */
export const PRICE_FLOOR = 800;
/** Spread (log scale) of a community's premium and of each care type's price around it, and the pull of quality. */
const PREMIUM_SIGMA = 0.16;
const PREMIUM_PER_QUALITY = 0.05;
const CARE_TYPE_SIGMA = 0.05;

/** The price bands of a community (none for UNPRICED_SHARE of them). */
export function planPricing(rng: Rng, careTypes: readonly CareType[], kind: Kind, quality: number, state: string): PricingRow[] {
  const pricing: PricingRow[] = [];
  if (rng.chance(UNPRICED_SHARE)) return pricing;
  const premium = Math.exp(PREMIUM_SIGMA * rng.normal() + PREMIUM_PER_QUALITY * quality) * kind.priceFactor;
  for (const ct of careTypes) {
    const spec = PRICE_CENTER[ct];
    const center = spec.center * premium * (PRICE_FACTORS[ct][state] ?? 1) * Math.exp(CARE_TYPE_SIGMA * rng.normal());
    const width = rng.int(spec.width[0], spec.width[1]);
    const minPrice = Math.max(PRICE_FLOOR, round10(center - width / 2));
    pricing.push({ careType: ct, minPrice, maxPrice: minPrice + round10(width) });
  }
  return pricing;
}
