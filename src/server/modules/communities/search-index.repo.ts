// SQL of the in-memory search index's build (search-index.ts, ADR 026): every listed community with its
// card and the facts the index filters and sorts on, in one read-only snapshot.
import type pg from 'pg';
import { LICENCE_TYPES, type LicenceType } from '../../../contracts/licence-filters';
import { readIndexRows } from '../../db/client';
import { lowerChangesOnlyAscii, type Queryable } from '../../db/sql';
import { licenceTypeCondition } from '../../lib/licence-filters';
import { listedOnly } from '../../lib/listing';
import { mapSteps, paced } from '../../lib/pace';
import { CARD_COLUMNS, type CommunityRow } from './search.repo';

/** One listed community as the in-memory search index reads it (search-index.ts). */
export interface IndexRow {
  row: CommunityRow;
  min_price: number | null;
  max_price: number | null;
  location_approximate: boolean;
  capacity: number | null;
  /** lower(name) as the database lower-cases (its LC_CTYPE). */
  lower_name: string;
  /** 0-based ranks in the ORDER BYs of the rating and name sorts, as PostgreSQL orders (its collation). */
  rating_rank: number;
  name_rank: number;
  licence: Record<LicenceType, boolean>;
}

/**
 * Every listed community with its card, the filter facts the SQL conditions decide (licence types by the
 * same SQL as licenceTypeCondition) and its rank in each fixed sort order, by id, in one statement; and
 * whether the database's lower() changes only ASCII letters (LC_CTYPE C, as the embedded server is made).
 * Read through readIndexRows: without the request statement timeout (seconds at scale 10, and under load).
 */
export async function loadIndexRows(pool: pg.Pool): Promise<{ rows: IndexRow[]; asciiLower: boolean }> {
  const [read, asciiLower] = await readIndexRows(pool, listedIndexRows, lowerChangesOnlyAscii);
  // In slices between requests (lib/pace.ts), after the snapshot's transaction: at scale 10 this mapping held the
  // event loop about a second.
  return { rows: await paced(mapSteps(read, indexRow)), asciiLower };
}

async function listedIndexRows(db: Queryable): Promise<(CommunityRow & Record<string, unknown>)[]> {
  const licence = LICENCE_TYPES.map((t) => `(${licenceTypeCondition('c', t)}) IS TRUE AS "lic_${t}"`).join(', ');
  const { rows } = await db.query<CommunityRow & Record<string, unknown>>(
    `SELECT ${CARD_COLUMNS}, c.min_price AS idx_min_price, c.max_price AS idx_max_price, c.location_approximate AS idx_approximate,
            c.capacity AS idx_capacity, lower(c.name) AS idx_lower_name,
            (row_number() OVER (ORDER BY c.rating_score DESC, c.review_count DESC, c.id DESC) - 1)::int AS idx_rating_rank,
            (row_number() OVER (ORDER BY c.name ASC, c.id ASC) - 1)::int AS idx_name_rank,
            ${licence}
       FROM communities c
       LEFT JOIN operators o ON o.id = c.operator_id
      WHERE ${listedOnly('c')}
      ORDER BY c.id`,
  );
  return rows;
}

/** A row of listedIndexRows' statement as the index reads it. */
function indexRow(r: CommunityRow & Record<string, unknown>): IndexRow {
  return {
    row: r,
    min_price: r.idx_min_price as number | null,
    max_price: r.idx_max_price as number | null,
    location_approximate: r.idx_approximate as boolean,
    capacity: r.idx_capacity as number | null,
    lower_name: r.idx_lower_name as string,
    rating_rank: r.idx_rating_rank as number,
    name_rank: r.idx_name_rank as number,
    licence: Object.fromEntries(LICENCE_TYPES.map((t) => [t, r[`lic_${t}`] === true])) as Record<LicenceType, boolean>,
  };
}
