-- Change notifications for the in-memory search index (ADR 026). Every statement that writes the rows
-- the index holds (communities: cards, ratings and review counts kept by the aggregates, listing status,
-- licence facts; their prices; operator names) sends NOTIFY search_index with the table's name; each app
-- node LISTENs and rebuilds its index. Statement-level, so a bulk load sends one notification per
-- statement, not one per row; PostgreSQL delivers them at commit and folds duplicates of a transaction.
CREATE OR REPLACE FUNCTION "search_index_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('search_index', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "communities_search_index" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "communities"
  FOR EACH STATEMENT EXECUTE FUNCTION "search_index_changed"();
--> statement-breakpoint
CREATE TRIGGER "community_pricing_search_index" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "community_pricing"
  FOR EACH STATEMENT EXECUTE FUNCTION "search_index_changed"();
--> statement-breakpoint
CREATE TRIGGER "operators_search_index" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "operators"
  FOR EACH STATEMENT EXECUTE FUNCTION "search_index_changed"();
