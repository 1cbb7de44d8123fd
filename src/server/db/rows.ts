// Raw-SQL row types derived from the Drizzle schema (issue 11, ADR 024): a repository picks the columns it
// selects from these instead of writing the row by hand.
import type { communities, leads, users } from './schema';
import type { RowOf } from './sql';

export type CommunityColumns = RowOf<typeof communities.$inferSelect>;
export type UserColumns = RowOf<typeof users.$inferSelect>;
export type LeadColumns = RowOf<typeof leads.$inferSelect>;

/** The community of a request, as the request's SELECTs join it in (`c.name AS community_name`, …). */
export interface LeadCommunityColumns {
  community_name: string | null;
  community_city: string | null;
  community_state: string | null;
  community_email: string | null;
}
