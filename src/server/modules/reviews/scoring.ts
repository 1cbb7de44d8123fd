// The write path's one scoring call for reviews written on this site: every new text and every edit goes
// through scoreFamilyReview before it is stored, so a later scorer (e.g. review themes) hooks in here.
import { scoreText } from '../sentiment/sentiment';

export interface ReviewScores {
  /** Text-derived sentiment in [0,1], scored like every other review (the review text, AFINN). */
  sentiment: number;
}

export function scoreFamilyReview(review: { title: string; content: string }): ReviewScores {
  return { sentiment: scoreText(review.content) };
}
