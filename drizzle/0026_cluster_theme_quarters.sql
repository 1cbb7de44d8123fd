-- Theme quarters stored in key order (ADR 029, addendum of 2026-11-25 afternoon). Written by a grouped INSERT in
-- hash order, a community's ~70 rows lay on ~70 different pages: a report over one community read one page per
-- row, a city or an operator of 800 communities tens of thousands (most of them not cached under load). The full
-- rebuild now inserts them in key order (review-summary.ts); this rewrites an existing table once in that order.
-- A one-community refresh writes that community's rows together, so they stay on a page or two.
CLUSTER "community_theme_quarters" USING "community_theme_quarters_community_id_theme_quarter_pk";
--> statement-breakpoint
-- The planner's statistics of the rewritten table (without them it scanned the whole table for a large operator).
ANALYZE "community_theme_quarters";
