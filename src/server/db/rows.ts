// Raw-SQL row types derived from the Drizzle schema (issue 11, ADR 024): a repository picks the columns it
// selects from these instead of writing the row by hand.
import type { communities, users } from './schema';
import type { RowOf } from './sql';

export type CommunityColumns = RowOf<typeof communities.$inferSelect>;
export type UserColumns = RowOf<typeof users.$inferSelect>;
