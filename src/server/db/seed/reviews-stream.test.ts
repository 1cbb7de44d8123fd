// The streamed review rows (customer-reviews.ts, employee-reviews.ts): one row per planned review, ids
// after the id base, references into the plan, the planned ratings, demo provenance, chunked output.
import { describe, expect, it } from 'vitest';
import { ChunkWriter, customerReviewChunks } from './customer-reviews';
import { DEMO_REVIEW_SOURCE, employeeReviewLines } from './employee-reviews';
import { buildPlan } from './generate';

const plan = buildPlan({ scale: 0.002, seed: 31, now: new Date('2026-11-20T12:00:00Z'), idBase: { customerReviews: 1000, employeeReviews: 50 } });
const rowsOf = (chunks: Iterable<Buffer | string>) => Array.from(chunks, (c) => c.toString()).join('').split('\n').filter(Boolean).map((l) => l.split('\t'));

describe('customerReviewChunks', () => {
  const rows = rowsOf(customerReviewChunks(plan, 4096));

  it('writes every planned review with its community and rating, ids after the id base', () => {
    expect(rows).toHaveLength(plan.counts.customerReviews);
    const expected = plan.communities.flatMap((c) => Array.from({ length: c.reviewCount }, (_, j) => [String(c.id), String(plan.ratings[c.reviewStart + j])]));
    expect(rows.map((r) => [r[1], r[2]])).toEqual(expected);
    expect(rows.map((r) => Number(r[0]))).toEqual(rows.map((_, i) => 1001 + i));
  });

  it('has 13 columns, demo provenance and a date of the plan', () => {
    const days = new Set(plan.days);
    for (const r of rows) {
      expect(r).toHaveLength(13);
      expect(r.slice(7, 10)).toEqual([DEMO_REVIEW_SOURCE, 'f', 'demo']);
      expect(days.has(r[6]!)).toBe(true);
    }
  });

  it('hands over chunks of about the asked size', () => {
    const chunks = Array.from(customerReviewChunks(plan, 4096));
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks.slice(0, -1)) {
      expect(c.length).toBeGreaterThanOrEqual(4096);
      expect(c.length).toBeLessThan(4096 + 8192);
    }
  });
});

describe('employeeReviewLines', () => {
  const rows = rowsOf(employeeReviewLines(plan, 2048));

  it("writes each operator's planned count, ids after the id base, at one of its communities' cities", () => {
    expect(rows).toHaveLength(plan.counts.employeeReviews);
    expect(rows.map((r) => Number(r[0]))).toEqual(rows.map((_, i) => 51 + i));
    const perOperator = new Map<number, number>();
    for (const r of rows) perOperator.set(Number(r[1]), (perOperator.get(Number(r[1])) ?? 0) + 1);
    plan.operators.forEach((op, i) => expect(perOperator.get(op.id) ?? 0).toBe(plan.employeeReviewCounts[i]));
    for (const r of rows) {
      expect(r).toHaveLength(14);
      const oi = plan.operators.findIndex((o) => o.id === Number(r[1]));
      const cities = plan.communitiesByOperator[oi]!.map((ci) => `${plan.communities[ci]!.city}, ${plan.communities[ci]!.state}`);
      expect(cities).toContain(r[8]);
      expect(['current', 'former']).toContain(r[7]);
      expect(Number(r[2])).toBeGreaterThanOrEqual(1);
      expect(Number(r[2])).toBeLessThanOrEqual(5);
      expect(r.slice(9, 11)).toEqual([DEMO_REVIEW_SOURCE, 'demo']);
    }
  });
});

describe('ChunkWriter', () => {
  it('writes numbers and bytes and reports full at its size', () => {
    const w = new ChunkWriter(8);
    w.uint(7);
    w.byte(9);
    w.uint(1234);
    w.bytes(Buffer.from('ab'));
    expect(w.full).toBe(true);
    expect(w.take().toString()).toBe('7\t1234ab');
    expect(w.pos).toBe(0);
  });
});
