DROP INDEX "customer_reviews_date_idx";--> statement-breakpoint
CREATE INDEX "employee_reviews_date_idx" ON "employee_reviews" USING btree ("review_date","id");--> statement-breakpoint
CREATE INDEX "customer_reviews_date_idx" ON "customer_reviews" USING btree ("review_date","id");