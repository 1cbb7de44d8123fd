ALTER TABLE "communities" ADD COLUMN "source_kind" text DEFAULT 'demo' NOT NULL;--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "source_name" text DEFAULT 'Demo data' NOT NULL;--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "source_as_of" date;--> statement-breakpoint
ALTER TABLE "customer_reviews" ADD COLUMN "source_kind" text DEFAULT 'demo' NOT NULL;--> statement-breakpoint
ALTER TABLE "employee_reviews" ADD COLUMN "source_kind" text DEFAULT 'demo' NOT NULL;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "source_kind" text DEFAULT 'demo' NOT NULL;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "source_name" text DEFAULT 'Demo data' NOT NULL;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "source_as_of" date;--> statement-breakpoint
UPDATE "communities" SET "source_kind" = 'cms', "source_name" = 'Centers for Medicare & Medicaid Services' WHERE "source" = 'cms';--> statement-breakpoint
UPDATE "communities" SET "source_kind" = 'state', "source_name" = 'Florida Agency for Health Care Administration' WHERE "source" = 'fl';--> statement-breakpoint
UPDATE "communities" SET "source_kind" = 'state', "source_name" = 'Texas Health and Human Services Commission' WHERE "source" = 'tx';--> statement-breakpoint
UPDATE "operators" SET "source_kind" = 'cms', "source_name" = 'Centers for Medicare & Medicaid Services' WHERE "source" = 'cms';--> statement-breakpoint
UPDATE "operators" SET "source_kind" = 'state', "source_name" = 'Florida Agency for Health Care Administration' WHERE "source" = 'fl';--> statement-breakpoint
UPDATE "operators" SET "source_kind" = 'state', "source_name" = 'Texas Health and Human Services Commission' WHERE "source" = 'tx';
