ALTER TABLE "customer_reviews" ADD COLUMN "theme_mask" smallint;--> statement-breakpoint
ALTER TABLE "customer_reviews" ADD COLUMN "theme_sentiment" real[];--> statement-breakpoint
ALTER TABLE "employee_reviews" ADD COLUMN "theme_mask" smallint;--> statement-breakpoint
ALTER TABLE "employee_reviews" ADD COLUMN "theme_sentiment" real[];--> statement-breakpoint
CREATE INDEX "customer_reviews_unscored_idx" ON "customer_reviews" USING btree ("id") WHERE theme_mask IS NULL;--> statement-breakpoint
CREATE INDEX "employee_reviews_unscored_idx" ON "employee_reviews" USING btree ("id") WHERE theme_mask IS NULL;--> statement-breakpoint
CREATE TABLE "prospect_list_items" (
	"list_id" integer NOT NULL,
	"item_type" text NOT NULL,
	"item_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prospect_list_items_list_id_item_type_item_id_pk" PRIMARY KEY("list_id","item_type","item_id")
);
--> statement-breakpoint
CREATE TABLE "prospect_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prospect_list_items" ADD CONSTRAINT "prospect_list_items_list_id_prospect_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."prospect_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_lists" ADD CONSTRAINT "prospect_lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "prospect_lists_user_name_idx" ON "prospect_lists" USING btree ("user_id",lower("name"));