// Keeps the in-memory search index (search-index.ts) in step with PostgreSQL, the source of truth
// (ADR 026): triggers of migration 0013 send NOTIFY search_index on every statement that changes
// communities, their prices or operators; src/server/lib/live-index.ts listens, debounces, rebuilds in the
// background and swaps the new index in at once. Until the first build the search answers from SQL.
import type pg from 'pg';
import { BUILD_PRIORITY, LiveIndex, type LiveIndexOptions } from '../../lib/live-index';
import { SearchIndex } from './search-index';

/** The channel the triggers of migration 0013 notify. */
export const SEARCH_INDEX_CHANNEL = 'search_index';

export type LiveSearchIndexOptions = LiveIndexOptions;

export class LiveSearchIndex extends LiveIndex<SearchIndex> {
  constructor(pool: pg.Pool, options: LiveSearchIndexOptions = {}) {
    super(pool, {
      name: 'search index',
      priority: BUILD_PRIORITY.search,
      channel: SEARCH_INDEX_CHANNEL,
      build: SearchIndex.build,
      warmUp: (index) => index.warmUp(),
      describe: ({ stats: s }) => `${s.communities} communities, ${s.prices} prices in ${Math.round(s.buildMs)} ms (read ${Math.round(s.loadMs)} ms)`,
      ...options,
    });
  }
}
