ALTER TABLE "communities" ADD COLUMN "source_as_of_precision" text DEFAULT 'day' NOT NULL;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "source_as_of_precision" text DEFAULT 'day' NOT NULL;--> statement-breakpoint
-- The CMS 2025 ratings file knows only its year (ADR 025): rows loaded from it carry 2025-01-01 and no processing date.
UPDATE "communities" c SET "source_as_of_precision" = 'year'
 WHERE c."source" = 'cms' AND c."source_as_of" = DATE '2025-01-01'
   AND EXISTS (SELECT 1 FROM "cms_ratings" r WHERE r."community_id" = c."id" AND r."processing_date" IS NULL);--> statement-breakpoint
UPDATE "operators" SET "source_as_of_precision" = 'year' WHERE "source" = 'cms' AND "source_as_of" = DATE '2025-01-01';
