ALTER TABLE "customer_reviews" ADD COLUMN "theme_mask" smallint;--> statement-breakpoint
ALTER TABLE "customer_reviews" ADD COLUMN "theme_sentiment" real[];--> statement-breakpoint
ALTER TABLE "employee_reviews" ADD COLUMN "theme_mask" smallint;--> statement-breakpoint
ALTER TABLE "employee_reviews" ADD COLUMN "theme_sentiment" real[];--> statement-breakpoint
CREATE INDEX "customer_reviews_unscored_idx" ON "customer_reviews" USING btree ("id") WHERE theme_mask IS NULL;--> statement-breakpoint
CREATE INDEX "employee_reviews_unscored_idx" ON "employee_reviews" USING btree ("id") WHERE theme_mask IS NULL;