import { describe, expect, it } from 'vitest';
import { classifySentiment, SENTIMENT_NEUTRAL_FROM, SENTIMENT_POSITIVE_ABOVE } from './constants';

describe('classifySentiment (SPEC section 4 thresholds)', () => {
  it('uses 0.6 and 0.4 as the edges', () => {
    expect(SENTIMENT_POSITIVE_ABOVE).toBe(0.6);
    expect(SENTIMENT_NEUTRAL_FROM).toBe(0.4);
  });
  it.each([
    [1, 'Positive'],
    [0.6000001, 'Positive'],
    [0.6, 'Neutral'],
    [0.5, 'Neutral'],
    [0.4, 'Neutral'],
    [0.3999999, 'Negative'],
    [0, 'Negative'],
  ] as const)('classifies %s as %s', (score, expected) => {
    expect(classifySentiment(score)).toBe(expected);
  });
});
