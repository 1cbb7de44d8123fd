CREATE TABLE "community_review_summary" (
	"community_id" integer PRIMARY KEY NOT NULL,
	"reviews" integer NOT NULL,
	"sentiment_sum" double precision NOT NULL,
	"scored" integer NOT NULL,
	"first_date" date,
	"last_date" date,
	"demo" boolean NOT NULL
);--> statement-breakpoint
CREATE TABLE "community_theme_examples" (
	"community_id" integer NOT NULL,
	"theme" smallint NOT NULL,
	"best_review_id" integer NOT NULL,
	"best_s" real,
	"best_date" date NOT NULL,
	"worst_review_id" integer NOT NULL,
	"worst_s" real,
	"worst_date" date NOT NULL,
	CONSTRAINT "community_theme_examples_community_id_theme_pk" PRIMARY KEY("community_id","theme")
);--> statement-breakpoint
CREATE TABLE "community_theme_quarters" (
	"community_id" integer NOT NULL,
	"theme" smallint NOT NULL,
	"quarter" text NOT NULL,
	"mentions" integer NOT NULL,
	"sentiment_sum" double precision NOT NULL,
	"positive" integer NOT NULL,
	"negative" integer NOT NULL,
	CONSTRAINT "community_theme_quarters_community_id_theme_quarter_pk" PRIMARY KEY("community_id","theme","quarter")
);--> statement-breakpoint
ALTER TABLE "community_review_summary" ADD CONSTRAINT "community_review_summary_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_theme_examples" ADD CONSTRAINT "community_theme_examples_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_theme_quarters" ADD CONSTRAINT "community_theme_quarters_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;