// The write path's one scoring call for reviews written on this site: every new text and every edit goes
// through scoreFamilyReview before it is stored, so a later scorer (e.g. review themes) hooks in here.
import { ThemeScorer, themeSentimentLiteral } from '../../lib/themes';
import { scoreText } from '../sentiment/sentiment';

export interface ReviewScores {
  /** Text-derived sentiment in [0,1], scored like every other review (the review text, AFINN). */
  sentiment: number;
}

export function scoreFamilyReview(review: { title: string; content: string }): ReviewScores {
  return { sentiment: scoreText(review.content) };
}

/** The review-theme columns (ADR 021) of a published review's text: its theme mask and per-theme sentiment. */
export function scoreReviewThemes(content: string): { themeMask: number; themeSentiment: string } {
  const counts = new ThemeScorer('customer').counts(content);
  return { themeMask: counts.mask, themeSentiment: themeSentimentLiteral(counts) };
}
