-- A city's customer theme report selects the listed communities of a state whose lower(city) is the city's
-- (scopeMarket in themes.repo.ts): without this index it filtered every community of the state (2,728 wide rows
-- for Texas, ~60 ms under load for Houston's report). ADR 029, addendum of 2026-11-25 afternoon.
CREATE INDEX "communities_state_lower_city_listed_idx" ON "communities" USING btree ("state",lower("city")) WHERE listing_status = 'listed';
