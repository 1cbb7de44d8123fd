// A community's licence and inspection records (ADR 014) for other modules (compare): this module's public
// interface to records.repo (issue 11: a module uses another module's service, never its repo).
import { findRecords, type RecordsRow } from './records.repo';

export type { RecordsRow };

/** The records row of one community, or null when it does not exist. */
export function loadCommunityRecords(db: Parameters<typeof findRecords>[0], id: number): Promise<RecordsRow | null> {
  return findRecords(db, id);
}
