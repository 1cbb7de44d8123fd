CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "communities" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip_code" text DEFAULT '' NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"phone" text,
	"email" text,
	"website" text,
	"description" text,
	"rating" real DEFAULT 0 NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"care_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"amenities" text[] DEFAULT '{}'::text[] NOT NULL,
	"photos" text[] DEFAULT '{}'::text[] NOT NULL,
	"community_type" text,
	"owner_type" text,
	"score" smallint,
	"capacity" integer,
	"room_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"dining_services" text[] DEFAULT '{}'::text[] NOT NULL,
	"healthcare_services" text[] DEFAULT '{}'::text[] NOT NULL,
	"room_amenities" text[] DEFAULT '{}'::text[] NOT NULL,
	"community_amenities" text[] DEFAULT '{}'::text[] NOT NULL,
	"overview" text,
	"operator_id" integer,
	"min_price" integer,
	"max_price" integer,
	"source" text DEFAULT 'generated' NOT NULL,
	"source_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "community_pricing" (
	"id" serial PRIMARY KEY NOT NULL,
	"community_id" integer NOT NULL,
	"care_type" text NOT NULL,
	"min_price" integer NOT NULL,
	"max_price" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"community_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"author" text NOT NULL,
	"title" text,
	"content" text NOT NULL,
	"review_date" date NOT NULL,
	"source" text NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"sentiment" real NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employee_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"title" text,
	"content" text NOT NULL,
	"review_date" date NOT NULL,
	"job_title" text NOT NULL,
	"employment_status" text NOT NULL,
	"location" text,
	"source" text NOT NULL,
	"sentiment" real NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favorites" (
	"user_id" integer NOT NULL,
	"community_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_user_id_community_id_pk" PRIMARY KEY("user_id","community_id")
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"status" text NOT NULL,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"inserted" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"rejections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lead_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"changed_by" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"community_id" integer,
	"user_id" integer,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"care_needs" text[] DEFAULT '{}'::text[] NOT NULL,
	"notes" text,
	"source" text DEFAULT 'website' NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"status_changed_at" timestamp with time zone,
	"status_changed_by" integer,
	"notification_status" text DEFAULT 'pending' NOT NULL,
	"notification_attempts" integer DEFAULT 0 NOT NULL,
	"notification_error" text,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"city" text,
	"state" text,
	"postal_code" text,
	"webpage" text,
	"revenue" bigint,
	"employees" integer,
	"phone" text,
	"email" text,
	"indeed_url" text,
	"glassdoor_url" text,
	"community_count" integer DEFAULT 0 NOT NULL,
	"source" text DEFAULT 'generated' NOT NULL,
	"source_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"first_name" text,
	"last_name" text,
	"profile_image_url" text,
	"role" text DEFAULT 'user' NOT NULL,
	"plan" text DEFAULT 'basic' NOT NULL,
	"trial_ends_at" timestamp with time zone,
	"oidc_subject" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "communities" ADD CONSTRAINT "communities_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_pricing" ADD CONSTRAINT "community_pricing_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_reviews" ADD CONSTRAINT "customer_reviews_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_reviews" ADD CONSTRAINT "employee_reviews_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_status_changed_by_users_id_fk" FOREIGN KEY ("status_changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "communities_source_uq" ON "communities" USING btree ("source","source_id");--> statement-breakpoint
CREATE INDEX "communities_name_idx" ON "communities" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "communities_name_trgm_idx" ON "communities" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "communities_city_trgm_idx" ON "communities" USING gin ("city" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "communities_state_city_idx" ON "communities" USING btree ("state","city");--> statement-breakpoint
CREATE INDEX "communities_zip_idx" ON "communities" USING btree ("zip_code");--> statement-breakpoint
CREATE INDEX "communities_operator_idx" ON "communities" USING btree ("operator_id");--> statement-breakpoint
CREATE INDEX "communities_rating_idx" ON "communities" USING btree ("rating","review_count","id");--> statement-breakpoint
CREATE INDEX "communities_min_price_idx" ON "communities" USING btree ("min_price","id");--> statement-breakpoint
CREATE INDEX "communities_max_price_idx" ON "communities" USING btree ("max_price","id");--> statement-breakpoint
CREATE INDEX "communities_care_types_idx" ON "communities" USING gin ("care_types");--> statement-breakpoint
CREATE INDEX "communities_amenities_idx" ON "communities" USING gin ("amenities");--> statement-breakpoint
CREATE INDEX "communities_lat_lng_idx" ON "communities" USING btree ("lat","lng");--> statement-breakpoint
CREATE INDEX "communities_created_idx" ON "communities" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "community_pricing_community_idx" ON "community_pricing" USING btree ("community_id");--> statement-breakpoint
CREATE INDEX "community_pricing_care_type_idx" ON "community_pricing" USING btree ("care_type","min_price");--> statement-breakpoint
CREATE INDEX "customer_reviews_community_date_idx" ON "customer_reviews" USING btree ("community_id","review_date","id");--> statement-breakpoint
CREATE INDEX "customer_reviews_date_idx" ON "customer_reviews" USING btree ("review_date");--> statement-breakpoint
CREATE INDEX "employee_reviews_operator_date_idx" ON "employee_reviews" USING btree ("operator_id","review_date","id");--> statement-breakpoint
CREATE INDEX "lead_events_lead_idx" ON "lead_events" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_status_created_idx" ON "leads" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "leads_community_idx" ON "leads" USING btree ("community_id");--> statement-breakpoint
CREATE INDEX "leads_created_idx" ON "leads" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "operators_source_uq" ON "operators" USING btree ("source","source_id");--> statement-breakpoint
CREATE INDEX "operators_name_idx" ON "operators" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "operators_name_trgm_idx" ON "operators" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "operators_state_city_idx" ON "operators" USING btree ("state","city");--> statement-breakpoint
CREATE INDEX "operators_revenue_idx" ON "operators" USING btree ("revenue");--> statement-breakpoint
CREATE INDEX "operators_community_count_idx" ON "operators" USING btree ("community_count");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_oidc_subject_uq" ON "users" USING btree ("oidc_subject");