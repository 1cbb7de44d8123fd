// Facilities a newer complete list of their agency no longer has (listing_status 'delisted', ADR 014)
// stay in the tables and keep their community page, but search, the map, Community Insights, Operator
// Intelligence and the assistant leave them out by default (ADR 016). Every such query uses this predicate.

/** SQL condition: the community under alias `a` is listed (not delisted). */
export function listedOnly(a: string): string {
  return `${a}.listing_status = 'listed'`;
}
