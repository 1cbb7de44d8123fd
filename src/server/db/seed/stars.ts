// The `score` of a generated community: nursing homes (and CCRCs' nursing units) get CMS-like overall
// stars (a quality-led latent value mapped through the CMS spread, NH_STAR_SHARES); other communities a
// quality-led 1-5 score.
import { NH_STAR_SHARES } from './calibration';
import { clamp } from './helpers';
import type { Rng } from './rng';

/** Standard normal CDF (Abramowitz-Stegun 7.1.26, |error| < 1.5e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return z >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}

const STAR_CUTS = NH_STAR_SHARES.reduce<number[]>((acc, p) => [...acc, (acc[acc.length - 1] ?? 0) + p], []);

/** A 1-5 star rating at quantile `u` of the CMS spread. */
export function starAt(u: number): number {
  for (let k = 0; k < 4; k++) if (u < (STAR_CUTS[k] as number)) return k + 1;
  return 5;
}

/** Weights of the community's quality and of noise in the latent star value, and their squares (written out: 0.8 * 0.8 is not 0.64 in floating point). */
const STAR_QUALITY_WEIGHT = 0.6;
const STAR_NOISE_WEIGHT = 0.8;
const STAR_QUALITY_WEIGHT_SQ = 0.36;
const STAR_NOISE_WEIGHT_SQ = 0.64;
/** Variance of an independent community's quality (its own 0.8 noise: 0.64) against an operator's community (about 1). */
const INDEPENDENT_QUALITY_VARIANCE = 0.64;
/** A non-nursing community's score: 3.4 + 0.9 quality + 0.5 noise, rounded into 1-5. */
const SCORE = { mean: 3.4, quality: 0.9, noise: 0.5 } as const;

/** The score of a community (`nursing`: it offers skilled nursing; `hasOperator`: an operator runs it). */
export function communityScore(rng: Rng, nursing: boolean, quality: number, hasOperator: boolean): number {
  return nursing
    ? starAt(normalCdf((STAR_QUALITY_WEIGHT * quality + STAR_NOISE_WEIGHT * rng.normal()) / Math.sqrt(STAR_QUALITY_WEIGHT_SQ * (hasOperator ? 1 : INDEPENDENT_QUALITY_VARIANCE) + STAR_NOISE_WEIGHT_SQ)))
    : clamp(Math.round(SCORE.mean + quality * SCORE.quality + rng.normal() * SCORE.noise), 1, 5);
}
