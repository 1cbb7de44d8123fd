-- Change notifications for the in-memory operators index (ADR 027, "Operator insights on an index"). The
-- operator's row, its listed communities (count and listing status) and its stored size already notify
-- search_index (migration 0024's triggers on operators and communities). The page also shows each operator's
-- employee-review count: a statement that adds or removes employee reviews, or moves them to another operator,
-- sends NOTIFY operators_index. Its own channel, so that review imports rebuild only the operators index
-- (search and Community Insights do not read employee reviews); UPDATE OF operator_id only, so the sentiment
-- backfill's updates of other columns send nothing. Statement-level, as in 0024.
CREATE OR REPLACE FUNCTION "operators_index_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('operators_index', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "employee_reviews_operators_index" AFTER INSERT OR UPDATE OF "operator_id" OR DELETE OR TRUNCATE ON "employee_reviews"
  FOR EACH STATEMENT EXECUTE FUNCTION "operators_index_changed"();
