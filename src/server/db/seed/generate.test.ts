// Pins the generated dataset: a small plan and its streamed review rows hash to the figures below. A
// change to a planner, the sentence bank, the sentiment or theme scorers, or the order of the seeded
// draws changes them. When that change is meant, bump DATASET_VERSION (dataset.ts) so that existing
// databases regenerate, and update the figures here; the hashes were taken before the planners were
// split out of buildPlan and stayed the same after (issue 11).
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildPlan, customerReviewChunks, employeeReviewLines, type Plan } from './generate';

const NOW = new Date('2026-11-20T12:00:00Z');
const plan = (): Plan =>
  buildPlan({ scale: 0.01, seed: 7, now: NOW, idBase: { operators: 5, communities: 17, pricing: 3, customerReviews: 100, employeeReviews: 9 } });

const sha256 = (parts: Iterable<string | Buffer>) => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest('hex');
};
/** The plan as JSON, typed arrays as plain arrays. */
const planJson = (p: Plan) => JSON.stringify(p, (_k, v: unknown) => (ArrayBuffer.isView(v) ? Array.from(v as Uint8Array) : v));

describe('the generated dataset for seed 7 at scale 0.01', () => {
  const p = plan();

  it('keeps its key figures', () => {
    expect(p.counts).toEqual({ communities: 452, operators: 73, customerReviews: 16_200, employeeReviews: 1040 });
    expect(p.pricingCount).toBe(640);
    expect(p.days).toHaveLength(2880);
    expect(p.operators[0]!.name).toBe('Landmark Hill Living');
    expect(p.communities[0]!.name).toBe('Landmark Pointe Palm Beach Gardens');
    expect(p.communities[0]!.rating).toBe(4.03);
  });

  it('keeps the plan byte for byte', () => {
    expect(sha256([planJson(p)])).toBe('bc163424cafb4a64182284bff528a3df44740587c3a3e1aef0aed6601821f29b');
  });

  it('keeps the customer and employee review rows byte for byte', () => {
    expect(sha256(customerReviewChunks(p))).toBe('0bc14667cfec04c5bf828d674d4a47bbeb6db019e9ded94025b9c4724ee57f7b');
    expect(sha256(employeeReviewLines(p))).toBe('ffc8681e8ba6da368fe0f387c906884589fcdcce06a86b99edc0082cbc2e1c55');
  });

  it('does not depend on the chunk sizes of the streams', () => {
    expect(sha256(customerReviewChunks(p, 1000))).toBe(sha256(customerReviewChunks(p)));
    expect(sha256(employeeReviewLines(p, 500))).toBe(sha256(employeeReviewLines(p)));
  });

  it('is built again the same, and differs for another seed', () => {
    expect(planJson(plan())).toBe(planJson(p));
    expect(planJson(buildPlan({ scale: 0.002, seed: 8, now: NOW }))).not.toBe(planJson(buildPlan({ scale: 0.002, seed: 7, now: NOW })));
  });
});
