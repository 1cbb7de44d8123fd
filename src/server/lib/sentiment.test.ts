import { describe, expect, it } from 'vitest';
import { classifySentiment } from '../../contracts/constants';
import { lexiconCounts, scoreText, sentimentFromCounts } from './sentiment';

describe('scoreText', () => {
  it('scores clearly positive review text as Positive', () => {
    const s = scoreText('The staff are wonderful and caring, and the food is delicious. We love it here!');
    expect(s).toBeGreaterThan(0.8);
    expect(classifySentiment(s)).toBe('Positive');
  });

  it('scores clearly negative review text as Negative', () => {
    const s = scoreText('Terrible care. The staff were rude, the rooms were dirty and my father was neglected.');
    expect(s).toBeLessThan(0.2);
    expect(classifySentiment(s)).toBe('Negative');
  });

  it('scores factual text as Neutral (0.5)', () => {
    expect(scoreText('We toured the building on Tuesday and met the director.')).toBe(0.5);
    expect(classifySentiment(scoreText('The community has 80 apartments.'))).toBe('Neutral');
    expect(scoreText('')).toBe(0.5);
  });

  it('handles negation ("not good" is negative)', () => {
    expect(scoreText('The food was not good.')).toBeLessThan(0.4);
  });

  it('stays within [0, 1] and is deterministic', () => {
    const text = 'love love love amazing wonderful excellent '.repeat(20);
    expect(scoreText(text)).toBeLessThanOrEqual(1);
    expect(scoreText('awful horrible terrible '.repeat(20))).toBeGreaterThanOrEqual(0);
    expect(scoreText('Good staff, bad food.')).toBe(scoreText('Good staff, bad food.'));
  });

  it('is additive: counts of sentences combine to the score of the whole text', () => {
    const a = 'The aides are patient and kind.';
    const b = 'Meals were terrible and cold.';
    const ca = lexiconCounts(a);
    const cb = lexiconCounts(b);
    expect(sentimentFromCounts(ca.score + cb.score, ca.tokens + cb.tokens)).toBeCloseTo(scoreText(`${a} ${b}`), 12);
  });
});
