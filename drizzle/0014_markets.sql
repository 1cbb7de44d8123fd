CREATE TABLE "county_population" (
	"fips" text PRIMARY KEY NOT NULL,
	"county" text NOT NULL,
	"state" text NOT NULL,
	"population_65" integer,
	"percent_85" real,
	"population_2010" integer,
	"lat" double precision,
	"lng" double precision
);
--> statement-breakpoint
ALTER TABLE "communities" ADD COLUMN "county_fips" text;--> statement-breakpoint
CREATE INDEX "county_population_state_idx" ON "county_population" USING btree ("state");--> statement-breakpoint
CREATE INDEX "communities_county_fips_idx" ON "communities" USING btree ("county_fips");