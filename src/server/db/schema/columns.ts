// Column helpers shared by the schema's tables (src/server/db/schema.ts re-exports the tables).
import { sql } from 'drizzle-orm';
import { date, text } from 'drizzle-orm/pg-core';

export const textArray = (name: string) =>
  text(name)
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);

/**
 * Where a row came from (issue 9, docs/decisions/008-provenance.md).
 * - `source`: the loader that wrote it and the key of `sourceId`: 'generated' (the demo dataset) or an
 *   importer ('cms', 'fl', 'tx', ...). Unique with `sourceId`.
 * - `sourceKind`: what a person is told: 'demo' (fictional), 'cms' (Centers for Medicare & Medicaid
 *   Services), 'state' (a state licensing agency) or 'user' (written on this site).
 * - `sourceName`: the agency (or 'Demo data') in words, shown as "Source: {name}, as of {date}".
 * - `sourceAsOf`: the date the source's data describes (a file's processing date); null when unknown.
 * - `sourceAsOfPrecision`: how much of that date the source knows: 'day', 'month' or 'year' (the CMS
 *   2025 ratings file knows only its year: stored as 2025-01-01 for ordering, shown as "2025"; ADR 025).
 */
export const provenance = {
  source: text('source').notNull().default('generated'),
  sourceId: text('source_id').notNull(),
  sourceKind: text('source_kind').notNull().default('demo'),
  sourceName: text('source_name').notNull().default('Demo data'),
  sourceAsOf: date('source_as_of', { mode: 'string' }),
  sourceAsOfPrecision: text('source_as_of_precision').notNull().default('day'),
};
