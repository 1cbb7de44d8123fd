// SQL of saved prospect lists. Every statement is scoped to the signed-in user's own lists.
import type pg from 'pg';
import type { ListItemType } from '../../../contracts/lists';
import { listedOnly } from '../../lib/listing';

export interface ListRow {
  id: number;
  name: string;
  created_at: Date;
  communities: number;
  operators: number;
}

export async function selectLists(pool: pg.Pool, userId: number): Promise<ListRow[]> {
  const { rows } = await pool.query<ListRow>(
    `SELECT l.id, l.name, l.created_at,
            count(i.*) FILTER (WHERE i.item_type = 'community')::int AS communities,
            count(i.*) FILTER (WHERE i.item_type = 'operator')::int AS operators
       FROM prospect_lists l LEFT JOIN prospect_list_items i ON i.list_id = l.id
      WHERE l.user_id = $1 GROUP BY l.id ORDER BY l.created_at, l.id`,
    [userId],
  );
  return rows;
}

/** Creates a list; null when the user already has one of that name (case-insensitive). */
export async function insertList(pool: pg.Pool, userId: number, name: string): Promise<ListRow | null> {
  const { rows } = await pool.query<ListRow>(
    `INSERT INTO prospect_lists (user_id, name) VALUES ($1, $2) ON CONFLICT DO NOTHING
     RETURNING id, name, created_at, 0 AS communities, 0 AS operators`,
    [userId, name],
  );
  return rows[0] ?? null;
}

export async function deleteList(pool: pg.Pool, userId: number, id: number): Promise<boolean> {
  const { rowCount } = await pool.query('DELETE FROM prospect_lists WHERE id = $1 AND user_id = $2', [id, userId]);
  return (rowCount ?? 0) > 0;
}

export async function selectOwnList(pool: pg.Pool, userId: number, id: number): Promise<{ id: number; name: string; created_at: Date } | null> {
  const { rows } = await pool.query<{ id: number; name: string; created_at: Date }>(
    'SELECT id, name, created_at FROM prospect_lists WHERE id = $1 AND user_id = $2',
    [id, userId],
  );
  return rows[0] ?? null;
}

/** Adds an existing community or operator; false when it does not exist. Adding twice keeps one row. */
export async function insertItem(pool: pg.Pool, listId: number, type: ListItemType, itemId: number): Promise<boolean> {
  const table = type === 'community' ? 'communities' : 'operators';
  const { rows } = await pool.query<{ ok: boolean }>(
    `WITH target AS (SELECT id FROM ${table} WHERE id = $3),
          ins AS (INSERT INTO prospect_list_items (list_id, item_type, item_id) SELECT $1, $2, id FROM target ON CONFLICT DO NOTHING)
     SELECT EXISTS (SELECT 1 FROM target) AS ok`,
    [listId, type, itemId],
  );
  return rows[0]?.ok === true;
}

export async function deleteItem(pool: pg.Pool, listId: number, type: ListItemType, itemId: number): Promise<void> {
  await pool.query('DELETE FROM prospect_list_items WHERE list_id = $1 AND item_type = $2 AND item_id = $3', [listId, type, itemId]);
}

export interface ItemRow {
  type: ListItemType;
  id: number;
  name: string;
  phone: string | null;
  email: string | null;
  website: string | null;
  city: string | null;
  state: string | null;
  communities: number;
  added_at: Date;
}

/** The list's items with their contact details, in the order they were added. */
export async function selectItems(pool: pg.Pool, listId: number): Promise<ItemRow[]> {
  const { rows } = await pool.query<ItemRow>(
    `SELECT i.item_type AS type, i.item_id AS id, i.added_at,
            coalesce(c.name, o.name) AS name,
            coalesce(c.phone, o.phone) AS phone,
            coalesce(c.email, o.email) AS email,
            CASE WHEN i.item_type = 'community' THEN c.website ELSE o.webpage END AS website,
            coalesce(c.city, o.city) AS city,
            coalesce(c.state, o.state) AS state,
            CASE WHEN i.item_type = 'community' THEN 1
                 ELSE (SELECT count(*) FROM communities oc WHERE oc.operator_id = o.id AND ${listedOnly('oc')}) END::int AS communities
       FROM prospect_list_items i
       LEFT JOIN communities c ON i.item_type = 'community' AND c.id = i.item_id
       LEFT JOIN operators o ON i.item_type = 'operator' AND o.id = i.item_id
      WHERE i.list_id = $1 AND coalesce(c.id, o.id) IS NOT NULL
      ORDER BY i.added_at, i.item_type, i.item_id`,
    [listId],
  );
  return rows;
}
