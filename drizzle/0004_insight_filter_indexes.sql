CREATE INDEX "communities_owner_type_idx" ON "communities" USING btree ("owner_type");--> statement-breakpoint
CREATE INDEX "communities_score_idx" ON "communities" USING btree ("score");--> statement-breakpoint
CREATE INDEX "communities_prices_idx" ON "communities" USING btree ("min_price","max_price");