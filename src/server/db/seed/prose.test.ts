// The prose planner: descriptions and overviews filled with the community's own facts.
import { describe, expect, it } from 'vitest';
import { planOptions } from './options';
import { planProse, withArticle } from './prose';
import { Rng } from './rng';
import { KIND } from './supply';

describe('planProse', () => {
  const rng = new Rng(13, 'prose');
  const texts = Array.from({ length: 300 }, () => {
    const options = planOptions(rng, KIND.snf, KIND.snf.base);
    return planProse(rng, { ...options, name: 'Oak Grove', city: 'Austin', state: 'TX', kind: KIND.snf, careTypes: KIND.snf.base, capacity: 120 });
  });

  it('names the community and its city, leaves no placeholder and uses the right article', () => {
    for (const { description, overview } of texts) {
      expect(description).toContain('Oak Grove');
      expect(description).toContain('Austin');
      expect(`${description} ${overview}`).not.toMatch(/[{}]/);
      expect(description).not.toMatch(/\ban nursing\b/);
      const sentences = overview.split(/(?<=\.) /).length;
      expect(sentences).toBeGreaterThanOrEqual(3);
      expect(sentences).toBeLessThanOrEqual(5);
    }
    expect(texts.some((t) => t.description.includes('is a nursing home'))).toBe(true);
    expect(texts.some((t) => t.overview.includes('120 residences'))).toBe(true);
    expect(withArticle('memory care community')).toBe('a memory care community');
  });
});
