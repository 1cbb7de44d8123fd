// SQL of compare (issue 16, ADR 022). A user's list is changed under a lock on the user's row, so two
// requests at once cannot pass the 4-item limit together.
import type pg from 'pg';
import { COMPARE_LIMIT } from '../../../contracts/compare';
import { sourceColumns, type SourceColumns } from '../../lib/provenance';
import { rollback, type Queryable } from '../../db/sql';

export async function listCompare(pool: pg.Pool, userId: number): Promise<number[]> {
  const { rows } = await pool.query<{ community_id: number }>(
    'SELECT community_id FROM compare_items WHERE user_id = $1 ORDER BY created_at, community_id',
    [userId],
  );
  return rows.map((r) => r.community_id);
}

async function inUserLock<T>(pool: pg.Pool, userId: number, work: (client: pg.PoolClient, current: number[]) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    await client.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
    const { rows } = await client.query<{ community_id: number }>(
      'SELECT community_id FROM compare_items WHERE user_id = $1 ORDER BY created_at, community_id',
      [userId],
    );
    const result = await work(
      client,
      rows.map((r) => r.community_id),
    );
    await client.query('COMMIT');
    return result;
  } catch (err) {
    broken = await rollback(client);
    throw err;
  } finally {
    client.release(broken);
  }
}

/** Which of `ids` exist. */
async function existing(db: Queryable, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const { rows } = await db.query<{ id: number }>('SELECT id FROM communities WHERE id = ANY($1::int[])', [ids]);
  return new Set(rows.map((r) => r.id));
}

/** Inserts one at a time so created_at keeps the order (clock_timestamp, not the transaction's now()). */
async function insertAll(client: pg.PoolClient, userId: number, ids: number[]): Promise<void> {
  for (const id of ids) {
    await client.query(
      'INSERT INTO compare_items (user_id, community_id, created_at) VALUES ($1, $2, clock_timestamp()) ON CONFLICT DO NOTHING',
      [userId, id],
    );
  }
}

export type AddResult = { kind: 'ok'; ids: number[] } | { kind: 'full' } | { kind: 'missing' };

export function addCompare(pool: pg.Pool, userId: number, communityId: number): Promise<AddResult> {
  return inUserLock(pool, userId, async (client, current): Promise<AddResult> => {
    if (current.includes(communityId)) return { kind: 'ok', ids: current };
    if (!(await existing(client, [communityId])).has(communityId)) return { kind: 'missing' };
    if (current.length >= COMPARE_LIMIT) return { kind: 'full' };
    await insertAll(client, userId, [communityId]);
    return { kind: 'ok', ids: [...current, communityId] };
  });
}

/** Replaces the list with `ids` (already deduplicated and at most COMPARE_LIMIT); unknown ids are left out. */
export function replaceCompare(pool: pg.Pool, userId: number, ids: number[]): Promise<number[]> {
  return inUserLock(pool, userId, async (client) => {
    const found = await existing(client, ids);
    const keep = ids.filter((id) => found.has(id));
    await client.query('DELETE FROM compare_items WHERE user_id = $1', [userId]);
    await insertAll(client, userId, keep);
    return keep;
  });
}

/** Adds the browser's list after the account's own while there is room; reports what did not fit. */
export function mergeCompare(pool: pg.Pool, userId: number, ids: number[]): Promise<{ ids: number[]; dropped: number[] }> {
  return inUserLock(pool, userId, async (client, current) => {
    const found = await existing(client, ids);
    const list = [...current];
    const added: number[] = [];
    const dropped: number[] = [];
    for (const id of ids) {
      if (list.includes(id)) continue;
      if (!found.has(id) || list.length >= COMPARE_LIMIT) {
        dropped.push(id);
        continue;
      }
      list.push(id);
      added.push(id);
    }
    await insertAll(client, userId, added);
    return { ids: list, dropped };
  });
}

export async function removeCompare(pool: pg.Pool, userId: number, communityId: number): Promise<number[]> {
  await pool.query('DELETE FROM compare_items WHERE user_id = $1 AND community_id = $2', [userId, communityId]);
  return listCompare(pool, userId);
}

export interface CompareRow extends SourceColumns {
  id: number;
  name: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  rating: number;
  review_count: number;
  care_types: string[];
  amenities: string[];
  capacity: number | null;
  lat: number | null;
  lng: number | null;
  location_approximate: boolean;
  pricing: { careType: string; minPrice: number; maxPrice: number }[];
}

export async function loadCompareRows(pool: pg.Pool, ids: number[]): Promise<Map<number, CompareRow>> {
  if (ids.length === 0) return new Map();
  const { rows } = await pool.query<CompareRow>(
    `SELECT c.id, c.name, c.address, c.city, c.state, c.zip_code, c.rating, c.review_count, c.care_types,
            ARRAY(SELECT DISTINCT a FROM unnest(c.amenities || c.community_amenities) a ORDER BY a) AS amenities,
            c.capacity, c.lat, c.lng, c.location_approximate, ${sourceColumns('c')},
            coalesce((SELECT json_agg(json_build_object('careType', p.care_type, 'minPrice', p.min_price, 'maxPrice', p.max_price)
                                      ORDER BY p.min_price, p.care_type, p.id)
                        FROM community_pricing p WHERE p.community_id = c.id), '[]'::json) AS pricing
       FROM communities c
      WHERE c.id = ANY($1::int[])`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/** The centre of a city as the directory places it (mean of its communities' points), for cities the ZIP table lacks. */
export async function cityCentre(pool: pg.Pool, city: string, state: string): Promise<{ lat: number; lng: number } | null> {
  const { rows } = await pool.query<{ lat: number | null; lng: number | null }>(
    'SELECT avg(lat) AS lat, avg(lng) AS lng FROM communities WHERE state = $1 AND lower(city) = lower($2) AND lat IS NOT NULL AND lng IS NOT NULL',
    [state, city],
  );
  const r = rows[0];
  return r && r.lat !== null && r.lng !== null ? { lat: Number(r.lat), lng: Number(r.lng) } : null;
}
