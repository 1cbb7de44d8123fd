// Column helpers shared by the schema's tables (src/server/db/schema.ts re-exports the tables).
import { sql } from 'drizzle-orm';
import { date, integer, real, smallint, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

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

/** An instant: every timestamp of the schema is a `timestamp with time zone`. */
export const instant = <N extends string>(name: N) => timestamp(name, { withTimezone: true });

/** When the row was written (or last changed): set by the database on insert. */
export const createdAt = () => instant('created_at').notNull().defaultNow();
export const updatedAt = () => instant('updated_at').notNull().defaultNow();

/** A required reference to the row this one belongs to: deleting the parent deletes this row (ON DELETE CASCADE). */
export const ownedBy = <N extends string>(name: N, parent: () => AnyPgColumn) =>
  integer(name).notNull().references(parent, { onDelete: 'cascade' });

/** An optional reference that is cleared when the referenced row goes (ON DELETE SET NULL). */
export const looseRef = <N extends string>(name: N, target: () => AnyPgColumn) =>
  integer(name).references(target, { onDelete: 'set null' });

/**
 * Review themes (ADR 021, src/server/modules/sentiment/themes.ts): bit i set = theme i of the table's list
 * (CUSTOMER_THEMES or EMPLOYEE_THEMES) is mentioned; theme_sentiment[i + 1] its sentiment in [0,1] (NULL
 * when not mentioned). NULL mask = not scored yet (the start-up backfill scores it).
 */
export const reviewThemes = {
  themeMask: smallint('theme_mask'),
  themeSentiment: real('theme_sentiment').array(),
};
