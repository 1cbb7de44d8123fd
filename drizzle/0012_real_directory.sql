CREATE TABLE "cms_ratings" (
	"community_id" integer PRIMARY KEY NOT NULL,
	"ccn" text NOT NULL,
	"overall_rating" smallint,
	"health_rating" smallint,
	"staffing_rating" smallint,
	"quality_rating" smallint,
	"certified_beds" integer,
	"avg_residents" real,
	"health_deficiencies" integer,
	"fines_count" integer,
	"fines_total" double precision,
	"payment_denials" integer,
	"abuse_icon" boolean,
	"special_focus" text,
	"ownership_type" text,
	"legal_name" text,
	"chain_name" text,
	"chain_id" text,
	"nurse_turnover" real,
	"processing_date" date,
	"address_as_of" date
);
--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "county" text;--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "license_number" text;--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "license_type" text;--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "licensee" text;--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "listing_status" text DEFAULT 'listed' NOT NULL;--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "delisted_as_of" date;--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "location_approximate" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "match_key" text;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "raw_names" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "cms_ratings" ADD CONSTRAINT "cms_ratings_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "communities_source_license_idx" ON "communities" USING btree ("source","license_number");--> statement-breakpoint
CREATE INDEX "communities_source_match_idx" ON "communities" USING btree ("source","match_key");