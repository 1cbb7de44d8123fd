CREATE TABLE "family_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"community_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"relationship" text NOT NULL,
	"stay_from" date,
	"stay_to" date,
	"sentiment" real NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"moderation_reason" text,
	"moderated_by" integer,
	"moderated_at" timestamp with time zone,
	"customer_review_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "consent_call" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "consent_text" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "status_token_hash" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "family_reviews" ADD CONSTRAINT "family_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_reviews" ADD CONSTRAINT "family_reviews_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_reviews" ADD CONSTRAINT "family_reviews_moderated_by_users_id_fk" FOREIGN KEY ("moderated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_reviews" ADD CONSTRAINT "family_reviews_customer_review_id_customer_reviews_id_fk" FOREIGN KEY ("customer_review_id") REFERENCES "public"."customer_reviews"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "family_reviews_user_community_uq" ON "family_reviews" USING btree ("user_id","community_id");--> statement-breakpoint
CREATE INDEX "family_reviews_status_idx" ON "family_reviews" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "family_reviews_community_idx" ON "family_reviews" USING btree ("community_id");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_status_token_idx" ON "leads" USING btree ("status_token_hash");--> statement-breakpoint
CREATE INDEX "leads_user_idx" ON "leads" USING btree ("user_id","created_at");