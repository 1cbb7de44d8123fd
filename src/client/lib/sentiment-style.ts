import { SENTIMENT_NEUTRAL_FROM, SENTIMENT_POSITIVE_ABOVE, type SentimentClass } from '../../contracts/constants';

/** Chart colours (SPEC section 9): positive green, neutral amber, negative red. */
export const SENTIMENT_COLORS: Record<SentimentClass, string> = {
  Positive: '#16a34a',
  Neutral: '#f59e0b',
  Negative: '#dc2626',
};

/** Score text colour (SPEC section 4): green above 0.6, yellow at 0.4 or more, otherwise red (AA on white). */
export function scoreTextClass(score: number): string {
  if (score > SENTIMENT_POSITIVE_ABOVE) return 'text-green-700';
  if (score >= SENTIMENT_NEUTRAL_FROM) return 'text-yellow-700';
  return 'text-red-700';
}

/** Badge colours per classification (green / yellow / red, AA text). */
export const CLASS_BADGE: Record<SentimentClass, string> = {
  Positive: 'border-transparent bg-green-100 text-green-800',
  Neutral: 'border-transparent bg-yellow-100 text-yellow-900',
  Negative: 'border-transparent bg-red-100 text-red-800',
};
