CREATE TABLE "compare_items" (
	"user_id" integer NOT NULL,
	"community_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compare_items_user_id_community_id_pk" PRIMARY KEY("user_id","community_id")
);
--> statement-breakpoint
CREATE TABLE "shortlist_collaborators" (
	"owner_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shortlist_collaborators_owner_id_user_id_pk" PRIMARY KEY("owner_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "shortlist_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"share_id" integer NOT NULL,
	"community_id" integer,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shortlist_shares" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"lookup" text NOT NULL,
	"secret_hash" text NOT NULL,
	"access" text NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "favorites" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "favorites" ADD COLUMN "note_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "favorites" ADD COLUMN "note_updated_by" integer;--> statement-breakpoint
ALTER TABLE "compare_items" ADD CONSTRAINT "compare_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compare_items" ADD CONSTRAINT "compare_items_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shortlist_collaborators" ADD CONSTRAINT "shortlist_collaborators_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shortlist_collaborators" ADD CONSTRAINT "shortlist_collaborators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shortlist_comments" ADD CONSTRAINT "shortlist_comments_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shortlist_comments" ADD CONSTRAINT "shortlist_comments_share_id_shortlist_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."shortlist_shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shortlist_comments" ADD CONSTRAINT "shortlist_comments_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shortlist_shares" ADD CONSTRAINT "shortlist_shares_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shortlist_collaborators_user_idx" ON "shortlist_collaborators" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "shortlist_comments_owner_idx" ON "shortlist_comments" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shortlist_shares_lookup_uq" ON "shortlist_shares" USING btree ("lookup");--> statement-breakpoint
CREATE INDEX "shortlist_shares_owner_idx" ON "shortlist_shares" USING btree ("owner_id");--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_note_updated_by_users_id_fk" FOREIGN KEY ("note_updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;