-- Operator Intelligence (issue 13, ADR 027). Every field its text search looks in (name, city, state, the
-- revenue digits and the revenue as formatRevenue() writes it), joined by U+001F in one stored column with
-- a trigram index: a search text without U+001F is contained in one of the fields exactly when it is
-- contained in the joined text. The revenue text is built with round()::text, not to_char() (only STABLE,
-- so not allowed in a generated column): the same characters.
CREATE OR REPLACE FUNCTION operator_search_text(name text, city text, state text, revenue bigint) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN coalesce(name, '') || E'\x1f' || coalesce(city, '') || E'\x1f' || coalesce(state, '') || E'\x1f'
    || coalesce(revenue::text, '') || E'\x1f'
    || CASE
         WHEN revenue IS NULL THEN ''
         WHEN abs(revenue) >= 1000000000 THEN '$' || round(revenue / 1000000000.0, 1)::text || 'B'
         WHEN abs(revenue) >= 1000000 THEN '$' || round(revenue / 1000000.0, 1)::text || 'M'
         WHEN abs(revenue) >= 1000 THEN '$' || round(revenue / 1000.0, 1)::text || 'K'
         ELSE '$' || revenue::text
       END;--> statement-breakpoint
CREATE INDEX "communities_operator_listed_idx" ON "communities" USING btree ("operator_id") WHERE listing_status = 'listed';--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "search_text" text GENERATED ALWAYS AS (operator_search_text(name, city, state, revenue)) STORED;--> statement-breakpoint
CREATE INDEX "operators_search_trgm_idx" ON "operators" USING gin ("search_text" gin_trgm_ops);
