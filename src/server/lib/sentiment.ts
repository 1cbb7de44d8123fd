// Text-derived review sentiment: the AFINN lexicon scorer of the `sentiment` package, mapped to [0,1].
// Classification (constants.ts classifySentiment): > 0.6 Positive, 0.4..0.6 Neutral, < 0.4 Negative.
import Sentiment from 'sentiment';

const analyzer = new Sentiment();

/** Steepness of the mapping from AFINN's comparative score (score per token) to [0,1]. */
const STEEPNESS = 3;

export interface LexiconCounts {
  /** Sum of the AFINN values of the tokens (negations applied). */
  score: number;
  /** Number of tokens the scorer saw (the denominator of the comparative score). */
  tokens: number;
}

/** Raw additive figures of a text: AFINN score and token count. */
export function lexiconCounts(text: string): LexiconCounts {
  const r = analyzer.analyze(text);
  return { score: r.score, tokens: r.tokens.length };
}

/**
 * Maps additive figures to [0,1]: 0.5 + 0.5 * tanh(3 * score / tokens). Neutral text (no scored
 * words) is 0.5; a couple of clearly positive words in a sentence land well above 0.6.
 */
export function sentimentFromCounts(score: number, tokens: number): number {
  if (tokens <= 0) return 0.5;
  const v = 0.5 + 0.5 * Math.tanh((STEEPNESS * score) / tokens);
  return Math.min(1, Math.max(0, v));
}

/** Sentiment of a text in [0,1]. Deterministic. */
export function scoreText(text: string): number {
  const { score, tokens } = lexiconCounts(text);
  return sentimentFromCounts(score, tokens);
}
