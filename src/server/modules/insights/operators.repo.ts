// SQL of Operator Intelligence (split from insights.repo.ts, issue 11). Every value is a bind parameter;
// column and ORDER BY fragments come only from the constant maps below (allow-lists), never from the request.
import type pg from 'pg';
import { readIndexRows } from '../../db/client';
import { Params, containsPattern, type Queryable } from '../../db/sql';
import { listedOnly } from '../../lib/listing';
import { sourceColumns, type SourceColumns } from '../../lib/provenance';
import {
  OPERATOR_SORT_FIELDS,
  SORT_DIRECTIONS,
  type OperatorCommunityRange,
  type OperatorFilters,
  type OperatorRevenueRange,
  type OperatorSortField,
  type SortDirection,
} from '../../../contracts/insights';
import { CITY_OPTIONS_CAP, groupCities, indexRankAndChoiceColumns, sortOrder, type SortColumn } from './insights.repo';

/** The revenue text of formatRevenue() (src/contracts/insights.ts), computed in SQL so search can match it. */
export const REVENUE_TEXT = `CASE
  WHEN o.revenue IS NULL THEN ''
  WHEN abs(o.revenue) >= 1000000000 THEN '$' || to_char(round(o.revenue / 1000000000.0, 1), 'FM999999999990.0') || 'B'
  WHEN abs(o.revenue) >= 1000000 THEN '$' || to_char(round(o.revenue / 1000000.0, 1), 'FM999999999990.0') || 'M'
  WHEN abs(o.revenue) >= 1000 THEN '$' || to_char(round(o.revenue / 1000.0, 1), 'FM999999999990.0') || 'K'
  ELSE '$' || o.revenue::text END`;

const REVENUE_RANGES: Record<OperatorRevenueRange, string> = {
  under_10m: 'o.revenue < 10000000',
  '10m_100m': 'o.revenue >= 10000000 AND o.revenue < 100000000',
  over_100m: 'o.revenue >= 100000000',
};

const COMMUNITY_COUNT_RANGES: Record<OperatorCommunityRange, string> = {
  '1_5': 'o.community_count BETWEEN 1 AND 5',
  '6_20': 'o.community_count BETWEEN 6 AND 20',
  '21_50': 'o.community_count BETWEEN 21 AND 50',
  over_50: 'o.community_count > 50',
};

/** Joins the searched fields in operators.search_text (migration 0019); no search text may contain it. */
const SEARCH_SEPARATOR = '\u001f';

/**
 * WHERE of the operator filters. The text search matches a field (name, city, state, the revenue as
 * formatRevenue() writes it, the revenue digits) that contains the text. operators.search_text joins those
 * fields with SEARCH_SEPARATOR, so a text without it is contained in one field exactly when it is contained
 * in search_text: one trigram-indexed condition instead of five per row. `reference` (and a text holding the
 * separator) keeps the per-field conditions: the plain statement the equivalence test compares with.
 */
function operatorWhere(f: OperatorFilters, p: Params, reference = false): string {
  const clauses: string[] = [];
  if (f.searchQuery) {
    const q = p.add(containsPattern(f.searchQuery));
    clauses.push(
      reference || f.searchQuery.includes(SEARCH_SEPARATOR)
        ? `(o.name ILIKE ${q} OR o.city ILIKE ${q} OR o.state ILIKE ${q}
            OR (${REVENUE_TEXT}) ILIKE ${q} OR o.revenue::text LIKE ${q})`
        : `o.search_text ILIKE ${q}`,
    );
  }
  if (f.operatorState) clauses.push(`o.state = ${p.add(f.operatorState.toUpperCase())}`);
  if (f.operatorCity) clauses.push(`o.city = ${p.add(f.operatorCity)}`);
  if (f.operatorRevenue) {
    const c = REVENUE_RANGES[f.operatorRevenue];
    if (c) clauses.push(c);
  }
  if (f.operatorTotalCommunities) {
    const c = COMMUNITY_COUNT_RANGES[f.operatorTotalCommunities];
    if (c) clauses.push(c);
  }
  return clauses.length ? `WHERE ${clauses.join(' AND ')}` : '';
}

const OPERATOR_SORT: Record<OperatorSortField, SortColumn> = {
  operatorName: { expr: 'o.name', nullable: false },
  revenue: { expr: 'o.revenue', nullable: true },
  communities: { expr: 'o.community_count', nullable: false },
  employees: { expr: 'o.employees', nullable: true },
  city: { expr: 'o.city', nullable: true },
  state: { expr: 'o.state', nullable: true },
};

const operatorOrder = (field: OperatorSortField, dir: SortDirection) => sortOrder(OPERATOR_SORT[field], dir, 'o.id');

export interface OperatorRecord extends SourceColumns {
  id: number;
  name: string;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  webpage: string | null;
  revenue: number | null;
  employees: number | null;
  phone: string | null;
  email: string | null;
  indeed_url: string | null;
  glassdoor_url: string | null;
  /** Counted live, so it always equals the length of the operator's communities list. */
  communities: number;
  employee_reviews: number;
}

const OPERATOR_COLUMNS = `o.id, o.name, o.city, o.state, o.postal_code, o.webpage, o.revenue::float8 AS revenue, o.employees,
  o.phone, o.email, o.indeed_url, o.glassdoor_url, ${sourceColumns('o')},
  (SELECT count(*)::int FROM communities c WHERE c.operator_id = o.id AND ${listedOnly('c')}) AS communities,
  (SELECT count(*)::int FROM employee_reviews r WHERE r.operator_id = o.id) AS employee_reviews`;

export async function operatorStats(
  db: Queryable,
  f: OperatorFilters,
  reference = false,
): Promise<{ n: number; avg_revenue: number | null; avg_communities: number | null }> {
  const p = new Params();
  const { rows } = await db.query<{ n: number; avg_revenue: number | null; avg_communities: number | null }>(
    `SELECT count(*)::int AS n, round(avg(o.revenue))::float8 AS avg_revenue,
            round(avg(o.community_count), 1)::float8 AS avg_communities
       FROM operators o ${operatorWhere(f, p, reference)}`,
    p.values,
  );
  return rows[0] ?? { n: 0, avg_revenue: null, avg_communities: null };
}

export async function countAllOperators(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM operators');
  return rows[0]?.n ?? 0;
}

/**
 * One page of operators. The page's ids are chosen on the operators table alone (filter, order, LIMIT and
 * OFFSET), and the per-operator counts are taken for those rows only: with the counts in the same SELECT,
 * PostgreSQL computed them for every row OFFSET skips too (page 8 of 100 counted for 800 operators).
 * `reference`: the plain statement instead (counts in the same SELECT, no search index), the equivalence
 * test's reference, as in operatorStats.
 */
export async function findOperatorPage(
  db: Queryable,
  f: OperatorFilters,
  sortField: OperatorSortField,
  sortDirection: SortDirection,
  limit: number,
  offset: number,
  reference = false,
): Promise<OperatorRecord[]> {
  const p = new Params();
  const where = operatorWhere(f, p, reference);
  const order = operatorOrder(sortField, sortDirection);
  const { rows } = await db.query<OperatorRecord>(
    reference
      ? `SELECT ${OPERATOR_COLUMNS} FROM operators o ${where} ${order}
      LIMIT ${p.add(limit)} OFFSET ${p.add(offset)}`
      : `SELECT ${OPERATOR_COLUMNS}
       FROM operators o
      WHERE o.id = ANY (ARRAY(SELECT o.id FROM operators o ${where} ${order} LIMIT ${p.add(limit)} OFFSET ${p.add(offset)}))
      ${order}`,
    p.values,
  );
  return rows;
}

export async function findOperatorIds(
  db: Queryable,
  f: OperatorFilters,
  sortField: OperatorSortField,
  sortDirection: SortDirection,
): Promise<number[]> {
  const p = new Params();
  const { rows } = await db.query<{ id: number }>(
    `SELECT o.id FROM operators o ${operatorWhere(f, p)} ${operatorOrder(sortField, sortDirection)}`,
    p.values,
  );
  return rows.map((r) => r.id);
}

export async function findOperatorsByIds(db: Queryable, ids: number[]): Promise<OperatorRecord[]> {
  const { rows } = await db.query<OperatorRecord>(`SELECT ${OPERATOR_COLUMNS} FROM operators o WHERE o.id = ANY($1::int[])`, [ids]);
  return rows;
}

export async function operatorStates(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ state: string }>(
    `SELECT DISTINCT state FROM operators WHERE state IS NOT NULL AND state <> '' ORDER BY state`,
  );
  return rows.map((r) => r.state);
}

export async function operatorCities(db: Queryable, state: string | undefined, cap: number): Promise<string[]> {
  const { rows } = state
    ? await db.query<{ city: string }>(
        `SELECT city FROM operators WHERE state = $1 AND city IS NOT NULL AND city <> '' GROUP BY city ORDER BY city LIMIT $2`,
        [state.toUpperCase(), cap],
      )
    : await db.query<{ city: string }>(
        `SELECT city FROM (SELECT city, count(*) AS n FROM operators WHERE city IS NOT NULL AND city <> ''
                            GROUP BY city ORDER BY n DESC, city LIMIT $1) t ORDER BY city`,
        [cap],
      );
  return rows.map((r) => r.city);
}

/** The operator's communities by name; null when the operator does not exist (one round trip). */
export async function findOperatorCommunities(
  db: Queryable,
  operatorId: number,
): Promise<{ id: number; name: string; city: string; state: string; address: string }[] | null> {
  const { rows } = await db.query<{ id: number | null; name: string | null; city: string | null; state: string | null; address: string | null }>(
    `SELECT c.id, c.name, c.city, c.state, c.address
       FROM operators o LEFT JOIN communities c ON c.operator_id = o.id AND ${listedOnly('c')}
      WHERE o.id = $1
      ORDER BY c.name, c.id`,
    [operatorId],
  );
  if (rows.length === 0) return null;
  return rows
    .filter((r) => r.id !== null)
    .map((r) => ({ id: r.id!, name: r.name ?? '', city: r.city ?? '', state: r.state ?? '', address: r.address ?? '' }));
}

// ------------------------------------------------------------------ the in-memory index (operators-index.ts)

/** Every sort of the page (6 fields × 2 directions), in the order of OperatorIndexRow.ranks. */
export const OPERATOR_ORDERS = OPERATOR_SORT_FIELDS.flatMap((field) => SORT_DIRECTIONS.map((dir) => ({ field, dir })));

/** The fixed filter choices (revenue and size ranges), in the order of OperatorIndexRow.choices. */
export const OPERATOR_CHOICES = [
  ...Object.keys(REVENUE_RANGES).map((value) => ({ key: 'operatorRevenue' as const, value: value as OperatorRevenueRange })),
  ...Object.keys(COMMUNITY_COUNT_RANGES).map((value) => ({ key: 'operatorTotalCommunities' as const, value: value as OperatorCommunityRange })),
];

export interface OperatorIndexRow extends OperatorRecord {
  /** The stored size the filter and the mean use (not the live count shown). */
  community_count: number;
  /** The revenue's digits (bigint; summed exactly for the mean). */
  revenue_digits: string | null;
  /** lower(search_text), as ILIKE compares it. */
  lower_search: string;
  /** Position of the row in each of OPERATOR_ORDERS (0-based), as PostgreSQL orders the table. */
  ranks: number[];
  /** One '1' or '0' per OPERATOR_CHOICES entry: does operatorWhere({ [key]: value }) keep this row? */
  choices: string;
}

/**
 * One read-only snapshot of every operator for the index: the page's own columns (OPERATOR_COLUMNS, live counts
 * included), the rank in every sort by the page's own ORDER BY, and the fixed choices by the filter's own WHERE.
 * `asciiLower`: lower() folds A–Z to a–z (so an ASCII search text lower-cases the same in memory).
 */
/** Operator Intelligence's filter options beside every page: states, the most common cities, each state's cities. */
export interface OperatorOptionLists {
  states: string[];
  cities: string[];
  citiesByState: Map<string, string[]>;
}

/** Cities of each state (each list as operatorCities gives it for the state, capped), keyed by the stored state. */
export async function operatorCitiesByState(db: Queryable, cap: number): Promise<Map<string, string[]>> {
  const { rows } = await db.query<{ state: string; city: string }>(
    `SELECT state, city FROM (
       SELECT state, city, row_number() OVER (PARTITION BY state ORDER BY city) AS k
         FROM operators WHERE state IS NOT NULL AND city IS NOT NULL AND city <> '' GROUP BY state, city) t
      WHERE k <= $1 ORDER BY state, k`,
    [cap],
  );
  return groupCities(rows);
}

export async function loadOperatorOptionLists(db: Queryable, cap: number): Promise<OperatorOptionLists> {
  return { states: await operatorStates(db), cities: await operatorCities(db, undefined, cap), citiesByState: await operatorCitiesByState(db, cap) };
}

export async function loadOperatorIndexRows(pool: pg.Pool): Promise<{ rows: OperatorIndexRow[]; asciiLower: boolean; lists: OperatorOptionLists }> {
  const read = async (db: Queryable) => {
    const p = new Params();
    const { rows } = await db.query<OperatorIndexRow>(
      `SELECT ${OPERATOR_COLUMNS}, o.community_count, o.revenue::text AS revenue_digits, lower(o.search_text) AS lower_search,
              ${indexRankAndChoiceColumns(OPERATOR_ORDERS, operatorOrder, OPERATOR_CHOICES, operatorWhere, p)}
         FROM operators o
        ORDER BY o.id`,
      p.values,
    );
    return rows;
  };
  const foldsAscii = async (db: Queryable) => {
    const { rows } = await db.query<{ ascii: boolean }>(
      `SELECT lower('ABCDEFGHIJKLMNOPQRSTUVWXYZ') = 'abcdefghijklmnopqrstuvwxyz' AND upper('abcdefghijklmnopqrstuvwxyz') = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ' AS ascii`,
    );
    return rows[0]?.ascii ?? false;
  };
  const lists = (db: Queryable) => loadOperatorOptionLists(db, CITY_OPTIONS_CAP);
  const [rows, asciiLower, optionLists] = await readIndexRows(pool, read, foldsAscii, lists);
  return { rows, asciiLower, lists: optionLists };
}
