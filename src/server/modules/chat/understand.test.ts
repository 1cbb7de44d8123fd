import { describe, expect, it } from 'vitest';
import { understand } from './understand';

describe('understand(): budgets', () => {
  it.each([
    ['under $5,000', { priceMax: 5000 }],
    ['below 5k please', { priceMax: 5000 }],
    ['less than 4500 per month', { priceMax: 4500 }],
    ['max 6k', { priceMax: 6000 }],
    ['we can spend about $4,000', { priceMax: 4000 }],
    ['around 4k a month', { priceMin: 3400, priceMax: 4600 }],
    ['between 3000 and 5000 a month', { priceMin: 3000, priceMax: 5000 }],
    ['$3,000-$5,000', { priceMin: 3000, priceMax: 5000 }],
    ['at least $6,000 a month', { priceMin: 6000 }],
    ['our budget is 4500', { priceMax: 4500 }],
    ['$4,500 a month', { priceMax: 4500 }],
  ])('%s', (text, expected) => {
    const u = understand(text);
    expect({ priceMin: u.priceMin, priceMax: u.priceMax }).toEqual({ priceMin: undefined, priceMax: undefined, ...expected });
  });

  it.each(['a 2 bedroom apartment', 'only 3 stars or more', 'near 60540', 'in 10001'])('finds no budget in "%s"', (text) => {
    const u = understand(text);
    expect(u.priceMax).toBeUndefined();
    expect(u.priceMin).toBeUndefined();
  });
});

describe('understand(): care needs in everyday words', () => {
  it.each([
    ['memory care for my mom', ['Memory Care']],
    ['dad has dementia', ['Memory Care']],
    ["early Alzheimer's", ['Memory Care']],
    ['a nursing home', ['Skilled Nursing']],
    ['rehab after his hip surgery', ['Skilled Nursing']],
    ['she needs help with bathing and dressing', ['Assisted Living']],
    ['assisted living', ['Assisted Living']],
    ['a 55+ retirement community', ['Independent Living']],
    ['independent living apartments', ['Independent Living']],
  ])('%s', (text, care) => {
    expect(understand(text).careTypes).toEqual(care);
  });
});

describe('understand(): places', () => {
  it.each([
    ['assisted living in Naperville, IL', 'Naperville, IL'],
    ['memory care near 60540', '60540'],
    ['something in naperville for my dad', 'naperville'],
    ['looking around Sacremento', 'Sacremento'],
    ['anything in Texas?', 'Texas'],
    ['Ohio', 'OH'],
    ['nursing home Houston TX', 'TX'],
  ])('%s -> %s', (text, first) => {
    expect(understand(text).locationCandidates).toContain(first);
  });

  it('does not take everyday words for places', () => {
    expect(understand('help with bathing, around the clock care').locationCandidates).not.toContain('Bath');
    expect(understand('I want memory care for her').locationCandidates).toEqual([]);
    expect(understand('or maybe me').locationCandidates).toEqual([]);
  });
});

describe('understand(): follow-ups and amenities', () => {
  it.each([
    ['cheaper ones?', 'cheaper'],
    ['anything more affordable', 'cheaper'],
    ['show me the best rated', 'better_rated'],
    ['something more upscale', 'pricier'],
  ])('%s -> %s', (text, refine) => {
    expect(understand(text).refine).toBe(refine);
  });

  it('reads ordinals and amenities', () => {
    expect(understand('tell me more about the second one').ordinal).toBe(2);
    expect(understand('what about number 3?').ordinal).toBe(3);
    expect(understand('more about the last one').ordinal).toBe(-1);
    expect(understand('any with a pool? she loves to swim').amenities).toEqual(['Swimming Pool']);
    expect(understand('must allow pets, she has a cat').amenities).toEqual(['Pet Friendly']);
    expect(understand('hi there').smallTalk).toBe('greeting');
    expect(understand('thank you so much').smallTalk).toBe('thanks');
  });
});
