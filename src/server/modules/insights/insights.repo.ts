// SQL of Community Insights (Operator Intelligence: operators.repo.ts). Every value is a bind parameter; column and
// ORDER BY fragments come only from the constant maps below (allow-lists), never from the request.
import { Params, containsPattern, lowerChangesOnlyAscii, type Queryable } from '../../db/sql';
import { capacityCondition, licenceTypeCondition } from '../../lib/licence-filters';
import { listedOnly } from '../../lib/listing';
import { sourceColumns, type SourceColumns } from '../../lib/provenance';
import type pg from 'pg';
import { readIndexRows } from '../../db/client';
import { OPERATOR_OPTIONS_CAP } from '../../../contracts/constants';
import {
  INSIGHT_SORT_FIELDS,
  SORT_DIRECTIONS,
  type InsightFilters,
  type InsightSortField,
  type PricingRange,
  type ScoreRange,
  type SortDirection,
} from '../../../contracts/insights';

// ------------------------------------------------------------------ communities

const PRICING_RANGES: Record<PricingRange, { from: number; to: number | null }> = {
  '0-2000': { from: 0, to: 2000 },
  '2000-4000': { from: 2000, to: 4000 },
  '4000-6000': { from: 4000, to: 6000 },
  '6000+': { from: 6000, to: null },
};

const SCORE_RANGES: Record<ScoreRange, { from: number; to: number }> = {
  '1-2': { from: 1, to: 2 },
  '3-4': { from: 3, to: 4 },
  '5': { from: 5, to: 5 },
};

/** Array columns behind the multi-valued filters: value must be one of the row's entries. */
const ARRAY_FILTER_COLUMNS = {
  roomAmenities: 'c.room_amenities',
  communityAmenities: 'c.community_amenities',
  healthCareServices: 'c.healthcare_services',
  diningServices: 'c.dining_services',
  roomTypes: 'c.room_types',
} as const satisfies Partial<Record<keyof InsightFilters, string>>;

function communityWhere(f: InsightFilters, p: Params): string {
  // Delisted facilities are left out of every insight (ADR 016).
  const clauses: string[] = [listedOnly('c')];
  if (f.searchQuery) {
    const q = p.add(containsPattern(f.searchQuery));
    // A UNION of three index-backed lookups (trigram indexes on name, city and operator name).
    clauses.push(`c.id IN (SELECT id FROM communities WHERE name ILIKE ${q}
                           UNION SELECT id FROM communities WHERE city ILIKE ${q}
                           UNION SELECT cc.id FROM communities cc JOIN operators oo ON oo.id = cc.operator_id
                                  WHERE oo.name ILIKE ${q})`);
  }
  if (f.zipCode) clauses.push(`c.zip_code LIKE ${p.add(`${f.zipCode.replace(/[\\%_]/g, '')}%`)}`);
  if (f.state) clauses.push(`c.state = ${p.add(f.state.toUpperCase())}`);
  if (f.city) clauses.push(`c.city = ${p.add(f.city)}`);
  if (f.operatorName) clauses.push(`c.operator_id IN (SELECT id FROM operators WHERE name = ${p.add(f.operatorName)})`);
  if (f.owner) clauses.push(`c.owner_type = ${p.add(f.owner)}`);
  if (f.reviewTopic) {
    const q = p.add(containsPattern(f.reviewTopic));
    clauses.push(`EXISTS (SELECT 1 FROM customer_reviews r WHERE r.community_id = c.id
                           AND (r.content ILIKE ${q} OR r.title ILIKE ${q}))`);
  }
  if (f.communityType) clauses.push(`c.community_type = ${p.add(f.communityType)}`);
  for (const [key, column] of Object.entries(ARRAY_FILTER_COLUMNS) as [keyof typeof ARRAY_FILTER_COLUMNS, string][]) {
    const value = f[key];
    if (value) clauses.push(`${column} @> ARRAY[${p.add(value)}::text]`);
  }
  if (f.pricingRange) {
    const range = PRICING_RANGES[f.pricingRange];
    if (range) {
      // Overlap of the community's [min_price, max_price] with the band [from, to).
      const lo = 'coalesce(c.min_price, c.max_price)';
      const hi = 'coalesce(c.max_price, c.min_price)';
      clauses.push(range.to === null ? `${hi} >= ${p.add(range.from)}` : `${lo} < ${p.add(range.to)} AND ${hi} >= ${p.add(range.from)}`);
    }
  }
  if (f.communityScore) {
    const range = SCORE_RANGES[f.communityScore];
    if (range) clauses.push(`c.score BETWEEN ${p.add(range.from)} AND ${p.add(range.to)}`);
  }
  if (f.licenceType) clauses.push(licenceTypeCondition('c', f.licenceType));
  if (f.capacity) clauses.push(capacityCondition('c', f.capacity));
  return `WHERE ${clauses.join(' AND ')}`;
}

/** A sort's column, and whether it may be null. NOT NULL columns keep the default NULLS placement so the btree serves both directions. */
export interface SortColumn {
  expr: string;
  nullable: boolean;
}

const DIRECTION: Record<SortDirection, string> = { asc: 'ASC', desc: 'DESC' };

/** The ORDER BY of a sort (Community Insights and Operator Intelligence): the column, nulls last when it may be null, then the id in the same direction. */
export function sortOrder(s: SortColumn, dir: SortDirection, id: string): string {
  const d = DIRECTION[dir];
  return `ORDER BY ${s.expr} ${d}${s.nullable ? ' NULLS LAST' : ''}, ${id} ${d}`;
}

/**
 * What an in-memory index reads beside a row's columns, by the SQL path's own clauses: `ranks`, the row's 0-based
 * place in the ORDER BY of each sort, and `choices`, one '1' or '0' per fixed filter choice: does the WHERE of that
 * one choice keep the row?
 */
export function indexRankAndChoiceColumns<F, S extends string>(
  orders: readonly { field: S; dir: SortDirection }[],
  order: (field: S, dir: SortDirection) => string,
  choices: readonly { key: keyof F; value: string }[],
  where: (f: F, p: Params) => string,
  p: Params,
): string {
  const ranks = orders.map(({ field, dir }) => `(row_number() OVER (${order(field, dir)}) - 1)::int`).join(', ');
  const flags = choices.length ? choices.map((c) => `CASE WHEN (${choiceCondition(c, where, p)}) THEN '1' ELSE '0' END`).join(' || ') : `''`;
  return `ARRAY[${ranks}] AS ranks, ${flags} AS choices`;
}

/** The condition of one filter choice alone (its WHERE without the keyword). */
function choiceCondition<F>({ key, value }: { key: keyof F; value: string }, where: (f: F, p: Params) => string, p: Params): string {
  return where({ [key]: value } as F, p).replace(/^WHERE /, '');
}

/** The column of each sort. */
const COMMUNITY_SORT: Record<InsightSortField, SortColumn> = {
  name: { expr: 'c.name', nullable: false },
  city: { expr: 'c.city', nullable: false },
  state: { expr: 'c.state', nullable: false },
  communityType: { expr: 'c.community_type', nullable: true },
  communityScore: { expr: 'c.score', nullable: true },
  pricing: { expr: 'c.min_price', nullable: true },
  rating: { expr: 'c.rating', nullable: false },
  operatorName: { expr: 'o.name', nullable: true },
};

const communityOrder = (field: InsightSortField, dir: SortDirection) => sortOrder(COMMUNITY_SORT[field], dir, 'c.id');

export interface CommunityInsightRecord extends SourceColumns {
  id: number;
  name: string;
  min_price: number | null;
  max_price: number | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  community_type: string | null;
  care_types: string[];
  owner_type: string | null;
  overview: string | null;
  description: string | null;
  community_amenities: string[];
  amenities: string[];
  score: number | null;
  rating: number;
  review_count: number;
  room_types: string[];
  dining_services: string[];
  healthcare_services: string[];
  room_amenities: string[];
  capacity: number | null;
  operator_name: string | null;
}

const COMMUNITY_COLUMNS = `c.id, c.name, c.min_price, c.max_price, c.phone, c.email, c.website, c.address, c.city,
  c.state, c.zip_code, c.community_type, c.care_types, c.owner_type, c.overview, c.description,
  c.community_amenities, c.amenities, c.score, c.rating, c.review_count, c.room_types, c.dining_services,
  c.healthcare_services, c.room_amenities, c.capacity, o.name AS operator_name, ${sourceColumns('c')}`;

export async function countCommunities(db: Queryable, f: InsightFilters): Promise<number> {
  const p = new Params();
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM communities c ${communityWhere(f, p)}`, p.values);
  return rows[0]?.n ?? 0;
}

export async function findCommunityPage(
  db: Queryable,
  f: InsightFilters,
  sortField: InsightSortField,
  sortDirection: SortDirection,
  limit: number,
  offset: number,
): Promise<CommunityInsightRecord[]> {
  const p = new Params();
  const where = communityWhere(f, p);
  const { rows } = await db.query<CommunityInsightRecord>(
    `SELECT ${COMMUNITY_COLUMNS}
       FROM communities c LEFT JOIN operators o ON o.id = c.operator_id
       ${where}
       ${communityOrder(sortField, sortDirection)}
      LIMIT ${p.add(limit)} OFFSET ${p.add(offset)}`,
    p.values,
  );
  return rows;
}

/** Every matching id in display order (for the streamed export). */
export async function findCommunityIds(
  db: Queryable,
  f: InsightFilters,
  sortField: InsightSortField,
  sortDirection: SortDirection,
): Promise<number[]> {
  const p = new Params();
  const { rows } = await db.query<{ id: number }>(
    `SELECT c.id FROM communities c LEFT JOIN operators o ON o.id = c.operator_id
      ${communityWhere(f, p)} ${communityOrder(sortField, sortDirection)}`,
    p.values,
  );
  return rows.map((r) => r.id);
}

const BY_IDS_SQL = `SELECT ${COMMUNITY_COLUMNS} FROM communities c LEFT JOIN operators o ON o.id = c.operator_id
      WHERE c.id = ANY($1::int[])`;

export async function findCommunitiesByIds(db: Queryable, ids: number[]): Promise<CommunityInsightRecord[]> {
  // A named (prepared) statement: each connection plans it once. Planning this join over the wide table costs
  // more than running it for a page of ids (1.3 ms against 0.9 ms for 50 ids on the full dataset).
  const { rows } = await db.query<CommunityInsightRecord>({ name: 'insights-communities-by-ids', text: BY_IDS_SQL, values: [ids] });
  return rows;
}

export async function communityTotals(db: Queryable): Promise<{ total: number; csat: number | null }> {
  const { rows } = await db.query<{ total: number; csat: number | null }>(
    `SELECT count(*)::int AS total,
            round((sum(rating::numeric * review_count) / nullif(sum(review_count), 0)), 1)::float8 AS csat
       FROM communities c WHERE ${listedOnly('c')}`,
  );
  return rows[0] ?? { total: 0, csat: null };
}

/** At most this many cities in the Community Insights and Operator Intelligence city filters. */
export const CITY_OPTIONS_CAP = 300;

/** Cities of each state (each list as communityCities gives it for the state, capped), keyed by the stored state. */
export async function communityCitiesByState(db: Queryable, cap: number): Promise<Map<string, string[]>> {
  const { rows } = await db.query<{ state: string; city: string }>(
    `SELECT state, city FROM (
       SELECT state, city, row_number() OVER (PARTITION BY state ORDER BY city) AS k
         FROM communities c WHERE city <> '' AND ${listedOnly('c')} GROUP BY state, city) t
      WHERE k <= $1 ORDER BY state, k`,
    [cap],
  );
  return groupCities(rows);
}

/** (state, city) rows in each state's order -> each state's cities. */
export function groupCities(rows: readonly { state: string; city: string }[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const r of rows) {
    const list = out.get(r.state);
    if (list) list.push(r.city);
    else out.set(r.state, [r.city]);
  }
  return out;
}

/**
 * Option lists as an index keeps them: every list frozen (also each in a map), since the same list goes into many
 * answers and the response serializer writes a frozen list's text once (lib/json-serializer.ts).
 */
export function frozenLists<T extends object>(lists: T): T {
  const freeze = (v: unknown): unknown =>
    Array.isArray(v) ? Object.freeze(v) : v instanceof Map ? new Map([...v].map(([k, x]) => [k, freeze(x)])) : v;
  return Object.fromEntries(Object.entries(lists).map(([k, v]) => [k, freeze(v)])) as T;
}

/** What the Community Insights screen lists beside every page (its filter options and totals), read at once. */
export interface InsightOptionLists {
  totals: { total: number; csat: number | null };
  states: string[];
  /** The most common cities (communityCities without a state). */
  cities: string[];
  citiesByState: Map<string, string[]>;
  types: string[];
  /** The first operators by name (communityOperatorNames without a search). */
  operators: string[];
}

export async function loadInsightOptionLists(db: Queryable, cityCap: number, operatorCap: number): Promise<InsightOptionLists> {
  return {
    totals: await communityTotals(db),
    states: await communityStates(db),
    cities: await communityCities(db, undefined, cityCap),
    citiesByState: await communityCitiesByState(db, cityCap),
    types: await communityTypes(db),
    operators: await communityOperatorNames(db, undefined, operatorCap),
  };
}

export async function communityStates(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ state: string }>(`SELECT DISTINCT state FROM communities c WHERE state <> '' AND ${listedOnly('c')} ORDER BY state`);
  return rows.map((r) => r.state);
}

/** Cities of one state (capped), or the most common cities overall (capped), alphabetically. */
export async function communityCities(db: Queryable, state: string | undefined, cap: number): Promise<string[]> {
  const { rows } = state
    ? await db.query<{ city: string }>(
        `SELECT city FROM communities c WHERE state = $1 AND city <> '' AND ${listedOnly('c')} GROUP BY city ORDER BY city LIMIT $2`,
        [state.toUpperCase(), cap],
      )
    : await db.query<{ city: string }>(
        `SELECT city FROM (SELECT city, count(*) AS n FROM communities c WHERE city <> '' AND ${listedOnly('c')} GROUP BY city
                            ORDER BY n DESC, city LIMIT $1) t ORDER BY city`,
        [cap],
      );
  return rows.map((r) => r.city);
}

export async function communityTypes(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ t: string }>(
    `SELECT DISTINCT community_type AS t FROM communities c WHERE community_type IS NOT NULL AND community_type <> '' AND ${listedOnly('c')} ORDER BY 1`,
  );
  return rows.map((r) => r.t);
}

/** Operator names that have at least one community, by name; optionally only those containing `search`. */
export async function communityOperatorNames(db: Queryable, search: string | undefined, cap: number): Promise<string[]> {
  const p = new Params();
  const filter = search ? `AND o.name ILIKE ${p.add(containsPattern(search))}` : '';
  const { rows } = await db.query<{ name: string }>(
    `SELECT DISTINCT o.name FROM operators o
      WHERE EXISTS (SELECT 1 FROM communities c WHERE c.operator_id = o.id AND ${listedOnly('c')}) ${filter}
      ORDER BY o.name LIMIT ${p.add(cap)}`,
    p.values,
  );
  return rows.map((r) => r.name);
}

// ------------------------------------------------------------------ the in-memory index (insights-index.ts)

/** Every sort of the table with its direction, in a fixed order (the index's rank columns). */
export const INSIGHT_ORDERS = INSIGHT_SORT_FIELDS.flatMap((field) => SORT_DIRECTIONS.map((dir) => ({ field, dir })));

export interface InsightIndexRow extends CommunityInsightRecord {
  /** lower() of name, city and operator name, as ILIKE compares them. */
  lower_name: string;
  lower_city: string;
  lower_operator: string | null;
  /** Position of the row in each of INSIGHT_ORDERS (0-based), as PostgreSQL orders the table. */
  ranks: number[];
  /** One '1' or '0' per choice: does communityWhere({ [key]: value }) keep this row? */
  choices: string;
}

/**
 * The listed communities with their table rows and what the in-memory index filters and sorts on, in one
 * read-only snapshot.
 * The sort ranks come from the same ORDER BY as the pages (communityOrder) and the fixed choices from the
 * same WHERE as the counts (communityWhere), so the index cannot drift from the SQL.
 */
export async function loadInsightIndexRows(
  pool: pg.Pool,
  choices: readonly { key: keyof InsightFilters; value: string }[],
): Promise<{ rows: InsightIndexRow[]; asciiLower: boolean; lists: InsightOptionLists }> {
  const read = async (db: Queryable) => {
    const p = new Params();
    const { rows } = await db.query<InsightIndexRow>(
      `SELECT ${COMMUNITY_COLUMNS},
              lower(c.name) AS lower_name, lower(c.city) AS lower_city, lower(o.name) AS lower_operator,
              ${indexRankAndChoiceColumns(INSIGHT_ORDERS, communityOrder, choices, communityWhere, p)}
         FROM communities c LEFT JOIN operators o ON o.id = c.operator_id
        WHERE ${listedOnly('c')}
        ORDER BY c.id`,
      p.values,
    );
    return rows;
  };
  // The option lists in the same snapshot as the rows (per state, the SQL path's statement took up to seconds at scale 10).
  const lists = (db: Queryable) => loadInsightOptionLists(db, CITY_OPTIONS_CAP, OPERATOR_OPTIONS_CAP);
  const [rows, asciiLower, optionLists] = await readIndexRows(pool, read, lowerChangesOnlyAscii, lists);
  return { rows, asciiLower, lists: optionLists };
}

// ------------------------------------------------------------------ warm-up (bulk counts)

/**
 * The filtered count of every single-valued filter choice, computed in a few whole-table passes
 * (one FILTER aggregate for the fixed option lists, GROUP BYs for the data-driven ones). Each
 * clause comes from communityWhere(), so the numbers are exactly those of countCommunities().
 */
export async function singleFilterCounts(
  db: Queryable,
  choices: { key: keyof InsightFilters; value: string }[],
): Promise<{ fixed: number[]; byState: Map<string, number>; byCity: Map<string, number>; byType: Map<string, number>; byOperator: Map<string, number> }> {
  const p = new Params();
  const columns = choices.map((choice, i) => `count(*) FILTER (WHERE ${choiceCondition(choice, communityWhere, p)})::int AS f${i}`);
  const fixedSql = columns.length ? `SELECT ${columns.join(', ')} FROM communities c` : 'SELECT 1';
  const [fixed, places, types, ops] = await Promise.all([
    db.query<Record<string, number>>(fixedSql, p.values),
    db.query<{ state: string; city: string; n: number }>(`SELECT state, city, count(*)::int AS n FROM communities c WHERE ${listedOnly('c')} GROUP BY state, city`),
    db.query<{ t: string; n: number }>(`SELECT community_type AS t, count(*)::int AS n FROM communities c WHERE community_type IS NOT NULL AND ${listedOnly('c')} GROUP BY 1`),
    db.query<{ name: string; n: number }>(
      `SELECT o.name, count(*)::int AS n FROM communities c JOIN operators o ON o.id = c.operator_id WHERE ${listedOnly('c')} GROUP BY o.name`,
    ),
  ]);
  const byState = new Map<string, number>();
  const byCity = new Map<string, number>();
  for (const r of places.rows) {
    byState.set(r.state, (byState.get(r.state) ?? 0) + r.n);
    byCity.set(r.city, (byCity.get(r.city) ?? 0) + r.n);
  }
  const row = fixed.rows[0] ?? {};
  return {
    fixed: choices.map((_, i) => row[`f${i}`] ?? 0),
    byState,
    byCity,
    byType: new Map(types.rows.map((r) => [r.t, r.n])),
    byOperator: new Map(ops.rows.map((r) => [r.name, r.n])),
  };
}
