-- Each theme example's review rating and snippet (the sentence a report shows), written when the summaries are
-- refreshed (refreshReviewSummaries), so a community's theme report reads no review text per request (issue 15;
-- ADR 029, addendum of 2026-11-26 evening). Rows of an older database are filled at the next start.
ALTER TABLE "community_theme_examples" ADD COLUMN "best_rating" smallint;--> statement-breakpoint
ALTER TABLE "community_theme_examples" ADD COLUMN "best_snippet" text;--> statement-breakpoint
ALTER TABLE "community_theme_examples" ADD COLUMN "worst_rating" smallint;--> statement-breakpoint
ALTER TABLE "community_theme_examples" ADD COLUMN "worst_snippet" text;