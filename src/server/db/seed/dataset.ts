// The generated dataset: built deterministically (seeded) at the product's scale on the first start and
// loaded with COPY in ONE transaction (an interrupted run leaves nothing half done), then marked in
// app_meta ('dataset'). Later starts see the marker and skip. Rows from importers (source <> 'generated')
// are never touched.
import type pg from 'pg';
import { refreshAggregates } from '../aggregates';
import { batched, copyArray, copyInto, copyNum, copyText } from './copy';
import { buildPlan, customerReviewChunks, employeeReviewLines, type CommunityRow, type Counts, type Plan } from './generate';
import { rollback, type Queryable } from '../sql';

export interface DatasetOptions {
  scale: number;
  seed: number;
  log?: (msg: string) => void;
  /** Regenerate even when a dataset is already marked as done (scripts/seed.ts --force). */
  force?: boolean;
  /** Reference time of the data (created_at, review dates); now by default. Tests pin it. */
  now?: Date;
}

export interface DatasetResult {
  generated: boolean;
  ms: number;
}

export interface DatasetMarker {
  /** Generator version that built the rows (absent on markers of the first generator). */
  version?: number;
  scale: number;
  seed: number;
  counts: Counts & { pricing: number };
  generatedAt: string;
  ms: number;
}

const MARKER_KEY = 'dataset';
/**
 * Version of the generator's output. Bump it when the generated rows change meaning (not just the
 * seed): a database whose marker carries another version regenerates its generated rows on the next
 * start (importer rows stay). 2: fictional-only contacts, 'Demo' reviews, coherent text, one amenity
 * vocabulary, calibrated supply, prices, chains and star ratings (issue 9).
 */
export const DATASET_VERSION = 2;
/** Serializes concurrent generators (two app processes starting on one empty database). */
const LOCK_ID = 0x5e1d_da7a;

export async function readDatasetMarker(db: Queryable): Promise<DatasetMarker | null> {
  const { rows } = await db.query<{ value: DatasetMarker }>('SELECT value FROM app_meta WHERE key = $1', [MARKER_KEY]);
  return rows[0]?.value ?? null;
}

export async function ensureDataset(pool: pg.Pool, opts: DatasetOptions): Promise<DatasetResult> {
  const started = performance.now();
  const log = opts.log ?? (() => {});
  const elapsed = () => performance.now() - started;
  if (!opts.force) {
    const marker = await readDatasetMarker(pool);
    if (marker && marker.version === DATASET_VERSION) {
      if (marker.scale !== opts.scale || marker.seed !== opts.seed) {
        log(`dataset present (scale ${marker.scale}, seed ${marker.seed}); kept (regenerate with scripts/seed.ts --force)`);
      }
      return { generated: false, ms: elapsed() };
    }
    if (marker) log(`dataset built by generator version ${marker.version ?? 1}; regenerating with version ${DATASET_VERSION}`);
  }

  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [LOCK_ID]);
    if (!opts.force && (await readDatasetMarker(client))?.version === DATASET_VERSION) {
      await client.query('ROLLBACK');
      return { generated: false, ms: elapsed() };
    }
    log(`generating the dataset (scale ${opts.scale}, seed ${opts.seed})...`);
    await client.query("SET LOCAL maintenance_work_mem = '256MB'");
    // The one place commits may be lazy: this bulk load is all-or-nothing and re-runs after a crash
    // (no marker, no dataset), so waiting for its WAL flush buys nothing. SET LOCAL: this transaction
    // only; every other write of the app commits durably (docs/decisions/011).
    await client.query('SET LOCAL synchronous_commit = off');
    await client.query('SET LOCAL statement_timeout = 0');
    const truncate = await truncatableTables(client);
    const fresh = truncate !== null;
    let replica = false;
    if (fresh) {
      // The rows are consistent by construction (ids assigned here); skip per-row FK trigger checks when
      // allowed (superuser). Falls back silently otherwise. Done before TRUNCATE so that COPY FREEZE
      // runs in the same (sub)transaction as the TRUNCATE.
      await client.query('SAVEPOINT replica_role');
      try {
        await client.query('SET LOCAL session_replication_role = replica');
        replica = true;
      } catch {
        await client.query('ROLLBACK TO SAVEPOINT replica_role');
      }
      await client.query('RELEASE SAVEPOINT replica_role');
      await client.query(`TRUNCATE ${truncate.join(', ')} RESTART IDENTITY`);
    } else {
      await deleteGenerated(client);
    }
    const idBase = fresh
      ? { operators: 0, communities: 0, pricing: 0, customerReviews: 0, employeeReviews: 0 }
      : await currentMaxIds(client);
    const plan = buildPlan({ scale: opts.scale, seed: opts.seed, now: opts.now ?? new Date(), idBase });
    log(`plan ready in ${(elapsed() / 1000).toFixed(1)} s; loading with COPY`);
    // On the fast path the (empty) tables' secondary indexes are dropped and rebuilt after COPY with
    // their exact definitions, inside this transaction: one sorted bulk build instead of 1.7M inserts.
    const rebuild = fresh ? await dropSecondaryIndexes(client, BULK_TABLES) : [];
    await load(client, plan, fresh, log, elapsed);
    for (const def of rebuild) await client.query(def);
    if (rebuild.length) log(`  ${rebuild.length} indexes rebuilt (${(elapsed() / 1000).toFixed(1)} s)`);
    if (replica) await client.query('SET LOCAL session_replication_role = DEFAULT');
    await resetSequences(client);
    await refreshAggregates(client);
    log(`  aggregates refreshed (${(elapsed() / 1000).toFixed(1)} s)`);
    const marker: DatasetMarker = {
      version: DATASET_VERSION,
      scale: opts.scale,
      seed: opts.seed,
      counts: { ...plan.counts, pricing: plan.pricingCount },
      generatedAt: new Date().toISOString(),
      ms: Math.round(elapsed()),
    };
    await client.query(
      `INSERT INTO app_meta (key, value, updated_at) VALUES ($1, $2, now())
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
      [MARKER_KEY, JSON.stringify(marker)],
    );
    await client.query('COMMIT');
    log(`  committed (${(elapsed() / 1000).toFixed(1)} s)`);
  } catch (err) {
    broken = await rollback(client);
    throw err;
  } finally {
    client.release(broken);
  }
  // Fresh statistics for the planner and a current visibility map (index-only scans), one table per
  // connection in parallel. VACUUM cannot run inside the load's transaction, hence after the commit.
  await Promise.all(BULK_TABLES.map((table) => pool.query(`VACUUM (ANALYZE) ${table}`)));
  log(`dataset loaded in ${(elapsed() / 1000).toFixed(1)} s`);
  return { generated: true, ms: elapsed() };
}

/**
 * When the database holds nothing but generated (or no) data, returns every table to truncate: the
 * dataset tables plus the (empty) tables that reference them by foreign key, found in the catalog so
 * that tables added later are handled too. Truncating is fast and lets COPY skip WAL and freeze rows.
 * Returns null when importer rows or user data exist (then only generated rows are deleted).
 */
async function truncatableTables(client: pg.PoolClient): Promise<string[] | null> {
  const { rows: own } = await client.query<{ busy: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM communities WHERE source <> 'generated')
            OR EXISTS (SELECT 1 FROM operators WHERE source <> 'generated') AS busy`,
  );
  if (own[0]?.busy) return null;
  const { rows } = await client.query<{ name: string; rel: string }>(
    `WITH RECURSIVE refs(rel) AS (
       SELECT c.oid FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = current_schema() AND c.relname = ANY($1::text[])
       UNION
       SELECT k.conrelid FROM pg_constraint k JOIN refs ON k.confrelid = refs.rel WHERE k.contype = 'f'
     )
     SELECT format('%I.%I', n.nspname, c.relname) AS name, c.relname AS rel
       FROM refs JOIN pg_class c ON c.oid = refs.rel JOIN pg_namespace n ON n.oid = c.relnamespace
      ORDER BY c.relname`,
    [BULK_TABLES],
  );
  for (const r of rows) {
    if (BULK_TABLES.includes(r.rel)) continue;
    // Names come from the catalog, quoted by format(%I).
    const { rows: hit } = await client.query<{ found: boolean }>(`SELECT EXISTS (SELECT 1 FROM ${r.name}) AS found`);
    if (hit[0]?.found) return null;
  }
  return rows.map((r) => r.name);
}

/** Deletes earlier generated rows only; importer rows (source <> 'generated') and their reviews stay. */
async function deleteGenerated(client: pg.PoolClient): Promise<void> {
  await client.query("DELETE FROM customer_reviews r USING communities c WHERE c.id = r.community_id AND c.source = 'generated'");
  await client.query("DELETE FROM community_pricing p USING communities c WHERE c.id = p.community_id AND c.source = 'generated'");
  await client.query("DELETE FROM communities WHERE source = 'generated'");
  await client.query("DELETE FROM employee_reviews e USING operators o WHERE o.id = e.operator_id AND o.source = 'generated'");
  await client.query("DELETE FROM operators WHERE source = 'generated'");
}

const BULK_TABLES = ['operators', 'communities', 'community_pricing', 'customer_reviews', 'employee_reviews'];

/** Drops the non-constraint indexes of `tables` and returns their CREATE INDEX statements. */
async function dropSecondaryIndexes(client: pg.PoolClient, tables: string[]): Promise<string[]> {
  const { rows } = await client.query<{ name: string; def: string }>(
    `SELECT format('%I.%I', n.nspname, ic.relname) AS name, pg_get_indexdef(i.indexrelid) AS def
       FROM pg_index i
       JOIN pg_class c ON c.oid = i.indrelid
       JOIN pg_class ic ON ic.oid = i.indexrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relname = ANY($1::text[])
        AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)
      ORDER BY c.relname, ic.relname`,
    [tables],
  );
  // Names come from the catalog, quoted by format(%I).
  for (const r of rows) await client.query(`DROP INDEX ${r.name}`);
  return rows.map((r) => r.def);
}

async function currentMaxIds(client: pg.PoolClient): Promise<Plan['idBase']> {
  const { rows } = await client.query<Record<string, number>>(
    `SELECT (SELECT coalesce(max(id), 0) FROM operators)::int AS operators,
            (SELECT coalesce(max(id), 0) FROM communities)::int AS communities,
            (SELECT coalesce(max(id), 0) FROM community_pricing)::int AS pricing,
            (SELECT coalesce(max(id), 0) FROM customer_reviews)::int AS "customerReviews",
            (SELECT coalesce(max(id), 0) FROM employee_reviews)::int AS "employeeReviews"`,
  );
  const r = rows[0] as Record<string, number>;
  return {
    operators: r.operators ?? 0,
    communities: r.communities ?? 0,
    pricing: r.pricing ?? 0,
    customerReviews: r.customerReviews ?? 0,
    employeeReviews: r.employeeReviews ?? 0,
  };
}

async function resetSequences(client: pg.PoolClient): Promise<void> {
  for (const table of ['operators', 'communities', 'community_pricing', 'customer_reviews', 'employee_reviews']) {
    // Table names are constants of this file.
    await client.query(
      `SELECT setval(pg_get_serial_sequence('${table}', 'id'), coalesce((SELECT max(id) FROM ${table}), 0) + 1, false)`,
    );
  }
}

function* operatorLines(plan: Plan): Generator<string> {
  for (const o of plan.operators) {
    yield `${o.id}\t${copyText(o.name)}\t${copyText(o.city)}\t${o.state}\t${o.postalCode}\t${copyText(o.webpage)}\t${copyNum(o.revenue)}\t${copyNum(o.employees)}\t${o.phone}\t${copyText(o.email)}\t${copyText(o.indeedUrl)}\t${copyText(o.glassdoorUrl)}\t${o.communityCount}\tgenerated\t${o.sourceId}\t${o.createdAt}\t${o.createdAt}\n`;
  }
}

function* communityLines(plan: Plan): Generator<string> {
  for (const c of plan.communities) {
    yield [
      c.id, copyText(c.name), copyText(c.address), copyText(c.city), c.state, c.zipCode, c.lat, c.lng, c.phone,
      copyText(c.email), copyText(c.website), copyText(c.description), c.rating, c.reviewCount, copyArray(c.careTypes),
      copyArray(c.amenities), copyArray(c.photos), copyText(c.communityType), c.ownerType, c.score, c.capacity,
      copyArray(c.roomTypes), copyArray(c.diningServices), copyArray(c.healthcareServices), copyArray(c.roomAmenities),
      copyArray(c.communityAmenities), copyText(c.overview), copyNum(c.operatorId), copyNum(c.minPrice), copyNum(c.maxPrice),
      'generated', c.sourceId, c.createdAt, c.createdAt,
    ].join('\t') + '\n';
  }
}

function* pricingLines(plan: Plan): Generator<string> {
  let id = plan.idBase.pricing;
  for (const c of plan.communities as CommunityRow[]) {
    for (const p of c.pricing) yield `${++id}\t${c.id}\t${p.careType}\t${p.minPrice}\t${p.maxPrice}\n`;
  }
}

async function load(client: pg.PoolClient, plan: Plan, fresh: boolean, log: (m: string) => void, elapsed: () => number): Promise<void> {
  const freeze = fresh ? ' WITH (FREEZE)' : '';
  const step = async (label: string, sql: string, chunks: Iterable<string | Buffer>) => {
    const rows = await copyInto(client, sql + freeze, chunks);
    log(`  ${label}: ${rows.toLocaleString('en-US')} rows (${(elapsed() / 1000).toFixed(1)} s)`);
  };
  await step(
    'operators',
    'COPY operators (id, name, city, state, postal_code, webpage, revenue, employees, phone, email, indeed_url, glassdoor_url, community_count, source, source_id, created_at, updated_at) FROM STDIN',
    batched(operatorLines(plan)),
  );
  await step(
    'communities',
    `COPY communities (id, name, address, city, state, zip_code, lat, lng, phone, email, website, description, rating, review_count,
       care_types, amenities, photos, community_type, owner_type, score, capacity, room_types, dining_services, healthcare_services,
       room_amenities, community_amenities, overview, operator_id, min_price, max_price, source, source_id, created_at, updated_at) FROM STDIN`,
    batched(communityLines(plan)),
  );
  await step('community_pricing', 'COPY community_pricing (id, community_id, care_type, min_price, max_price) FROM STDIN', batched(pricingLines(plan)));
  await step(
    'employee_reviews',
    'COPY employee_reviews (id, operator_id, rating, title, content, review_date, job_title, employment_status, location, source, source_kind, sentiment, theme_mask, theme_sentiment) FROM STDIN',
    employeeReviewLines(plan),
  );
  await step(
    'customer_reviews',
    'COPY customer_reviews (id, community_id, rating, author, title, content, review_date, source, verified, source_kind, sentiment, theme_mask, theme_sentiment) FROM STDIN',
    customerReviewChunks(plan),
  );
}
