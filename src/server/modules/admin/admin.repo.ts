// SQL of the care-advisor desk: the requests inbox, status changes with history, users and data counts.
import type pg from 'pg';
import type { AdminLead, AdminUser, ImportRecord, LeadEvent, LeadFilters } from '../../../contracts/admin';
import { LEAD_TRANSITIONS } from '../../../contracts/admin';
import { ADVISOR_RESPONSE_HOURS, type LeadStatus } from '../../../contracts/constants';
import type { LeadColumns, LeadCommunityColumns, UserColumns } from '../../db/rows';
import { containsPattern, type Queryable } from '../../db/sql';

export type LeadRow = Pick<
  LeadColumns,
  | 'id'
  | 'name'
  | 'email'
  | 'phone'
  | 'care_needs'
  | 'notes'
  | 'source'
  | 'status_changed_at'
  | 'community_id'
  | 'created_at'
  | 'notification_attempts'
  | 'notification_error'
  | 'notified_at'
  | 'consent_call'
  | 'consent_text'
  | 'withdrawn_at'
> &
  LeadCommunityColumns & {
    status: LeadStatus;
    changed_by_email: string | null;
    age_hours: number;
    overdue: boolean;
    notification_status: AdminLead['notification']['status'];
  };

const LEAD_SELECT = `
  SELECT l.id, l.name, l.email, l.phone, l.care_needs, l.notes, l.source, l.status, l.status_changed_at,
         cb.email AS changed_by_email,
         l.community_id, c.name AS community_name, c.city AS community_city, c.state AS community_state,
         c.email AS community_email, l.created_at,
         floor(extract(epoch FROM now() - l.created_at) / 3600)::int AS age_hours,
         (l.status = 'new' AND l.created_at < now() - make_interval(hours => $1::int)) AS overdue,
         l.notification_status, l.notification_attempts, l.notification_error, l.notified_at,
         l.consent_call, l.consent_text, l.withdrawn_at
    FROM leads l
    LEFT JOIN communities c ON c.id = l.community_id
    LEFT JOIN users cb ON cb.id = l.status_changed_by`;

export function toAdminLead(r: LeadRow): AdminLead {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    careNeeds: r.care_needs,
    notes: r.notes,
    source: r.source,
    status: r.status,
    statusChangedAt: r.status_changed_at?.toISOString() ?? null,
    statusChangedBy: r.changed_by_email,
    community:
      r.community_id !== null && r.community_name !== null
        ? { id: r.community_id, name: r.community_name, city: r.community_city, state: r.community_state, email: r.community_email }
        : null,
    createdAt: r.created_at.toISOString(),
    ageHours: Math.max(0, r.age_hours),
    dueAt: new Date(r.created_at.getTime() + ADVISOR_RESPONSE_HOURS * 3_600_000).toISOString(),
    overdue: r.overdue,
    nextStatuses: [...(LEAD_TRANSITIONS[r.status] ?? [])],
    consent: { call: r.consent_call, text: r.consent_text },
    withdrawnAt: r.withdrawn_at?.toISOString() ?? null,
    notification: {
      status: r.notification_status,
      attempts: r.notification_attempts,
      error: r.notification_error,
      at: r.notified_at?.toISOString() ?? null,
    },
  };
}

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */

/** WHERE clause of the inbox filters; $1 is always ADVISOR_RESPONSE_HOURS. */
function leadWhere(f: LeadFilters, params: unknown[]): string {
  const where: string[] = [];
  if (f.status === 'open') where.push(`l.status NOT IN ('closed', 'withdrawn')`);
  else if (f.status === 'overdue') where.push(`l.status = 'new' AND l.created_at < now() - make_interval(hours => $1::int)`);
  else if (f.status !== 'all') {
    params.push(f.status);
    where.push(`l.status = $${params.length}`);
  }
  if (f.state) {
    params.push(f.state);
    where.push(`c.state = $${params.length}`);
  }
  if (f.communityId !== undefined) {
    params.push(f.communityId);
    where.push(`l.community_id = $${params.length}`);
  }
  if (f.q) {
    params.push(containsPattern(f.q));
    where.push(`(l.name ILIKE $${params.length} ESCAPE '\\' OR l.email ILIKE $${params.length} ESCAPE '\\')`);
  }
  return where.length ? `WHERE ${where.join(' AND ')}` : '';
}

export async function listLeads(pool: pg.Pool, f: LeadFilters, page: number, pageSize: number) {
  const params: unknown[] = [ADVISOR_RESPONSE_HOURS];
  const where = leadWhere(f, params);
  const countParams = [...params];
  params.push(pageSize, (page - 1) * pageSize);
  const [rows, count, overdue, states, communities] = await Promise.all([
    pool.query<LeadRow>(
      `${LEAD_SELECT} ${where}
        ORDER BY (l.status = 'new' AND l.created_at < now() - make_interval(hours => $1::int)) DESC, l.created_at DESC, l.id DESC
        LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    ),
    pool.query<{ n: number }>(
      // $1 (the response hours) is only used by some filters; the cross join gives it a type.
      `SELECT count(*)::int AS n FROM leads l LEFT JOIN communities c ON c.id = l.community_id CROSS JOIN (SELECT $1::int AS h) p ${where}`,
      countParams,
    ),
    pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM leads WHERE status = 'new' AND created_at < now() - make_interval(hours => $1::int)`,
      [ADVISOR_RESPONSE_HOURS],
    ),
    pool.query<{ state: string }>(
      `SELECT DISTINCT c.state FROM leads l JOIN communities c ON c.id = l.community_id WHERE c.state IS NOT NULL ORDER BY c.state`,
    ),
    pool.query<{ id: number; name: string; state: string | null }>(
      `SELECT DISTINCT c.id, c.name, c.state FROM leads l JOIN communities c ON c.id = l.community_id ORDER BY c.name, c.id LIMIT 500`,
    ),
  ]);
  return {
    leads: rows.rows.map(toAdminLead),
    total: count.rows[0]?.n ?? 0,
    overdueCount: overdue.rows[0]?.n ?? 0,
    facets: { states: states.rows.map((r) => r.state), communities: communities.rows },
  };
}

/** Leads for the CSV export in batches (keyset on id, newest first). */
export async function* leadBatches(pool: pg.Pool, f: LeadFilters, batch = 500): AsyncGenerator<LeadRow[]> {
  let lastId = 2_147_483_647;
  for (;;) {
    const params: unknown[] = [ADVISOR_RESPONSE_HOURS];
    const where = leadWhere(f, params);
    params.push(lastId, batch);
    const { rows } = await pool.query<LeadRow>(
      `${LEAD_SELECT} ${where ? `${where} AND` : 'WHERE'} l.id < $${params.length - 1}
        ORDER BY l.id DESC LIMIT $${params.length}`,
      params,
    );
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batch) return;
    lastId = rows[rows.length - 1]!.id;
  }
}

export async function findLead(db: Queryable, id: number): Promise<LeadRow | null> {
  const { rows } = await db.query<LeadRow>(`${LEAD_SELECT} WHERE l.id = $2`, [ADVISOR_RESPONSE_HOURS, id]);
  return rows[0] ?? null;
}

export async function leadEvents(db: Queryable, leadId: number): Promise<LeadEvent[]> {
  const { rows } = await db.query<{
    id: number;
    from_status: LeadStatus | null;
    to_status: LeadStatus;
    changed_by: string | null;
    note: string | null;
    created_at: Date;
  }>(
    `SELECT e.id, e.from_status, e.to_status, u.email AS changed_by, e.note, e.created_at
       FROM lead_events e LEFT JOIN users u ON u.id = e.changed_by
      WHERE e.lead_id = $1
      ORDER BY e.created_at, e.id`,
    [leadId],
  );
  return rows.map((r) => ({
    id: r.id,
    fromStatus: r.from_status,
    toStatus: r.to_status,
    changedBy: r.changed_by,
    note: r.note,
    createdAt: r.created_at.toISOString(),
  }));
}

/** Moves a lead only if it still has `from` (race-safe); false when someone else moved it first. */
export async function moveLead(client: pg.PoolClient, id: number, from: LeadStatus, to: LeadStatus, userId: number, note: string | null): Promise<boolean> {
  const res = await client.query(
    `UPDATE leads SET status = $3, status_changed_at = now(), status_changed_by = $4 WHERE id = $1 AND status = $2`,
    [id, from, to, userId],
  );
  if (res.rowCount !== 1) return false;
  await client.query(`INSERT INTO lead_events (lead_id, from_status, to_status, changed_by, note) VALUES ($1, $2, $3, $4, $5)`, [
    id,
    from,
    to,
    userId,
    note,
  ]);
  return true;
}

type UserRow = Pick<UserColumns, 'id' | 'email' | 'first_name' | 'last_name' | 'role' | 'plan' | 'trial_ends_at' | 'created_at'>;

const USER_COLS = 'id, email, first_name, last_name, role, plan, trial_ends_at, created_at';

export function toAdminUser(r: UserRow): AdminUser {
  return {
    id: r.id,
    email: r.email,
    firstName: r.first_name,
    lastName: r.last_name,
    role: r.role,
    plan: r.plan,
    trialEndsAt: r.trial_ends_at?.toISOString() ?? null,
    isPro: r.plan === 'pro' || (r.trial_ends_at !== null && r.trial_ends_at.getTime() > Date.now()),
    createdAt: r.created_at.toISOString(),
  };
}

export async function listUsers(pool: pg.Pool, q: string | undefined, page: number, pageSize: number) {
  const params: unknown[] = [];
  let where = '';
  if (q) {
    params.push(containsPattern(q));
    where = `WHERE email ILIKE $1 ESCAPE '\\' OR first_name ILIKE $1 ESCAPE '\\' OR last_name ILIKE $1 ESCAPE '\\'
             OR (coalesce(first_name, '') || ' ' || coalesce(last_name, '')) ILIKE $1 ESCAPE '\\'`;
  }
  const [rows, count, admins] = await Promise.all([
    pool.query<UserRow>(
      `SELECT ${USER_COLS} FROM users ${where} ORDER BY created_at DESC, id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, pageSize, (page - 1) * pageSize],
    ),
    pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM users ${where}`, params),
    pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE role = 'admin'`),
  ]);
  return { users: rows.rows.map(toAdminUser), total: count.rows[0]?.n ?? 0, adminCount: admins.rows[0]?.n ?? 0 };
}

export async function findUser(db: Queryable, id: number): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(`SELECT ${USER_COLS} FROM users WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/** Locks every admin row (so two demotions cannot both pass the last-admin check) and returns their ids. */
export async function lockAdmins(client: pg.PoolClient): Promise<number[]> {
  const { rows } = await client.query<{ id: number }>(`SELECT id FROM users WHERE role = 'admin' ORDER BY id FOR UPDATE`);
  return rows.map((r) => r.id);
}

export async function updateUser(
  client: pg.PoolClient,
  id: number,
  patch: { role?: 'user' | 'admin'; plan?: 'basic' | 'pro'; trialEndsAt?: Date | null },
): Promise<UserRow | null> {
  const { rows } = await client.query<UserRow>(
    `UPDATE users
        SET role = coalesce($2, role),
            plan = coalesce($3, plan),
            trial_ends_at = CASE WHEN $4::boolean THEN $5::timestamptz ELSE trial_ends_at END
      WHERE id = $1
      RETURNING ${USER_COLS}`,
    [id, patch.role ?? null, patch.plan ?? null, patch.trialEndsAt !== undefined, patch.trialEndsAt ?? null],
  );
  return rows[0] ?? null;
}

/** Tables shown on the Data tab (a fixed allow-list; names are never taken from input). */
export const COUNTED_TABLES = [
  'communities',
  'community_pricing',
  'operators',
  'customer_reviews',
  'employee_reviews',
  'users',
  'sessions',
  'favorites',
  'leads',
  'lead_events',
  'imports',
] as const;

export async function dataOverview(pool: pg.Pool) {
  const counts = await pool.query<Record<string, number>>(
    `SELECT ${COUNTED_TABLES.map((t) => `(SELECT count(*) FROM ${t})::int AS ${t}`).join(', ')}`,
  );
  const sources = await pool.query<{ table: 'communities' | 'operators'; source: string; rows: number }>(
    `SELECT 'communities' AS table, source, count(*)::int AS rows FROM communities GROUP BY source
     UNION ALL
     SELECT 'operators' AS table, source, count(*)::int AS rows FROM operators GROUP BY source
     ORDER BY 1, 3 DESC, 2`,
  );
  const imports = await pool.query<{
    id: number;
    kind: string;
    file_name: string;
    status: string;
    rows_read: number;
    inserted: number;
    updated: number;
    rejected: number;
    rejections: { line: number; reason: string }[];
    error: string | null;
    started_at: Date;
    finished_at: Date | null;
  }>(
    `SELECT id, kind, file_name, status, rows_read, inserted, updated, rejected,
            (SELECT coalesce(jsonb_agg(x.value ORDER BY x.ord), '[]'::jsonb)
               FROM jsonb_array_elements(rejections) WITH ORDINALITY AS x(value, ord) WHERE x.ord <= 20) AS rejections,
            error, started_at, finished_at
       FROM imports ORDER BY started_at DESC, id DESC LIMIT 20`,
  );
  const row = counts.rows[0] ?? {};
  return {
    tables: COUNTED_TABLES.map((t) => ({ table: t, rows: Number(row[t] ?? 0) })),
    sources: sources.rows,
    imports: imports.rows.map(
      (r): ImportRecord => ({
        id: r.id,
        kind: r.kind,
        fileName: r.file_name,
        status: r.status,
        rowsRead: r.rows_read,
        inserted: r.inserted,
        updated: r.updated,
        rejected: r.rejected,
        rejections: Array.isArray(r.rejections) ? r.rejections : [],
        error: r.error,
        startedAt: r.started_at.toISOString(),
        finishedAt: r.finished_at?.toISOString() ?? null,
      }),
    ),
  };
}
