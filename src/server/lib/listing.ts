// Facilities a newer complete list of their agency no longer has (listing_status 'delisted', ADR 014)
// stay in the tables and keep their community page, but search, the map, Community Insights, Operator
// Intelligence, the assistant and every aggregate (the dashboard, Pricing Analytics, Sentiment Analysis,
// the city index) leave them out by default (ADR 016). Every such query uses these predicates.

/** SQL condition: the community under alias `a` is listed (not delisted). */
export function listedOnly(a: string): string {
  return `${a}.listing_status = 'listed'`;
}

/**
 * SQL condition on a row that belongs to a community through `column` (a review's or a price's
 * community_id, NOT NULL): the community is listed. A hashed NOT IN over the (few) delisted ids, so a
 * whole-table aggregate over 1.6M reviews stays one scan instead of a join.
 */
export function ofListedCommunity(column: string): string {
  return `${column} NOT IN (SELECT dl.id FROM communities dl WHERE dl.listing_status <> 'listed')`;
}
