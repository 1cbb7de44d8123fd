// The options planner: one amenity vocabulary, consistent services and amenities, kind-specific rooms.
import { describe, expect, it } from 'vitest';
import { ALL_AMENITIES, AMENITY_EQUIVALENTS, planOptions } from './options';
import { Rng } from './rng';
import { KIND, KINDS } from './supply';

describe('planOptions', () => {
  const rng = new Rng(8, 'options');
  const runs = KINDS.flatMap((kind) => Array.from({ length: 300 }, () => ({ kind, o: planOptions(rng, kind, kind.base) })));

  it('draws amenities from the one vocabulary, in its order', () => {
    for (const { o } of runs) {
      const idx = o.amenities.map((a) => ALL_AMENITIES.indexOf(a));
      expect(idx.every((i) => i >= 0)).toBe(true);
      expect(idx).toEqual([...idx].sort((a, b) => a - b));
    }
  });

  it('keeps services and amenities consistent', () => {
    for (const { kind, o } of runs) {
      if (o.healthcareServices.includes('24/7 Nursing')) expect(o.amenities).toContain('24/7 Care');
      if (kind.base.includes('Skilled Nursing')) expect(o.healthcareServices).toEqual(expect.arrayContaining(['24/7 Nursing', 'Physical Therapy']));
      expect(o.healthcareServices.includes('Memory Care')).toBe(kind.base.includes('Memory Care'));
      expect(o.diningServices.length > 0).toBe(o.amenities.includes('Dining Services'));
      expect(o.diningServices.includes('Fine Dining')).toBe(o.amenities.includes('Fine Dining Restaurant'));
      for (const e of AMENITY_EQUIVALENTS) expect(o[e.list].includes(e.value)).toBe(o.amenities.includes(e.amenity));
      expect(o.roomTypes.length).toBeGreaterThan(0);
      if (kind === KIND.snf || kind === KIND.rch) expect(o.roomTypes).toEqual(['Studio']);
    }
  });

  it('is the same for the same stream', () => {
    expect(planOptions(new Rng(2, 'o'), KIND.ccrc, KIND.ccrc.base)).toEqual(planOptions(new Rng(2, 'o'), KIND.ccrc, KIND.ccrc.base));
  });
});
