// The real public directory (DATASET=public): the 51 state licence lists and the CMS national nursing
// homes shipped under data/public/, loaded through the licence-list and CMS importers in ONE transaction
// on the first start, then marked in app_meta ('dataset', as the demo dataset is). Later starts see the
// marker and skip; a database holding the demo dataset is kept (load with `npm run seed -- --dataset
// public --force`).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { writeDirectory, type DirectoryRecord, type DirectoryOperator } from '../import/directory';
import { prepareDirectory } from '../import/directory-run';
import { publicFiles, PUBLIC_DATA_DIR } from './files';
import { rollback, type Queryable } from '../sql';

export interface PublicDatasetOptions {
  /** Limit to these states (two-letter codes; CI and browser tests load a few); all when empty. */
  states?: string[];
  force?: boolean;
  log?: (msg: string) => void;
  dir?: string;
}

export interface PublicMarker {
  dataset: 'public';
  states: string[] | 'all';
  counts: { licensed: number; nursingHomes: number; operators: number; rejected: number };
  loadedAt: string;
  ms: number;
}

const MARKER_KEY = 'dataset';
/** Same lock as the demo generator: one loader at a time on one database. */
const LOCK_ID = 0x5e1d_da7a;

async function readMarker(db: Queryable): Promise<Record<string, unknown> | null> {
  const { rows } = await db.query<{ value: Record<string, unknown> }>('SELECT value FROM app_meta WHERE key = $1', [MARKER_KEY]);
  return rows[0]?.value ?? null;
}

export async function readPublicMarker(db: Queryable): Promise<PublicMarker | null> {
  const m = await readMarker(db);
  return m && m.dataset === 'public' ? (m as unknown as PublicMarker) : null;
}

export async function ensurePublicDataset(pool: pg.Pool, opts: PublicDatasetOptions = {}): Promise<{ loaded: boolean; ms: number }> {
  const started = performance.now();
  const elapsed = () => performance.now() - started;
  const log = opts.log ?? (() => {});
  const wanted = (opts.states ?? []).map((s) => s.trim().toUpperCase()).filter(Boolean);
  if (!opts.force) {
    const marker = await readMarker(pool);
    if (marker) {
      if (marker.dataset !== 'public') log('the database holds the demo dataset; kept (load the public one with `npm run seed -- --dataset public --force`)');
      return { loaded: false, ms: elapsed() };
    }
  }
  const files = publicFiles(opts.dir ?? PUBLIC_DATA_DIR);
  const client = await pool.connect();
  let broken: Error | undefined;
  let marker: PublicMarker;
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [LOCK_ID]);
    if (!opts.force && (await readMarker(client))) {
      await client.query('ROLLBACK');
      return { loaded: false, ms: elapsed() };
    }
    log(`loading the public dataset${wanted.length ? ` (${wanted.join(', ')})` : ''} from ${path.relative(process.cwd(), files.licensedDir) || files.licensedDir}/..`);
    if (opts.force) {
      // The demo rows go (their reviews and prices cascade); imported rows stay.
      await client.query("DELETE FROM communities WHERE source = 'generated'");
      await client.query("DELETE FROM operators WHERE source = 'generated'");
    }
    const communities: DirectoryRecord[] = [];
    const operators: DirectoryOperator[] = [];
    let rejected = 0;
    const stateFiles = readdirSync(files.licensedDir)
      .filter((f) => f.endsWith('.csv.gz'))
      .filter((f) => wanted.length === 0 || wanted.includes(f.slice(0, 2).toUpperCase()))
      .sort();
    for (const f of stateFiles) {
      const p = prepareDirectory('licensed', readFileSync(path.join(files.licensedDir, f)));
      communities.push(...p.communities);
      operators.push(...p.operators);
      rejected += p.rejections.length;
    }
    const licensed = await writeDirectory(client, { communities, operators, complete: true });
    log(`  ${licensed.inserted.toLocaleString('en-US')} licensed facilities of ${stateFiles.length} states (${(elapsed() / 1000).toFixed(1)} s)`);
    const cms = prepareDirectory('cms-national', readFileSync(files.cms), { states: wanted });
    const homes = cms.communities;
    const cmsOps = new Set(homes.map((c) => c.operatorRef));
    const nursing = await writeDirectory(client, {
      communities: homes,
      operators: cms.operators.filter((o) => cmsOps.has(`${o.source}\u0000${o.sourceId}`)),
      // A state subset is not the complete national list: nothing is delisted then.
      complete: wanted.length === 0,
    });
    log(`  ${nursing.inserted.toLocaleString('en-US')} CMS nursing homes (${(elapsed() / 1000).toFixed(1)} s)`);
    const { rows } = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM operators WHERE source <> 'generated'");
    marker = {
      dataset: 'public',
      states: wanted.length ? wanted : 'all',
      counts: {
        licensed: licensed.inserted + licensed.updated + licensed.unchanged,
        nursingHomes: nursing.inserted + nursing.updated + nursing.unchanged,
        operators: rows[0].n,
        rejected: rejected + cms.rejections.length + licensed.duplicates.length + nursing.duplicates.length,
      },
      loadedAt: new Date().toISOString(),
      ms: 0,
    };
    marker.ms = Math.round(elapsed());
    await client.query(
      `INSERT INTO app_meta (key, value, updated_at) VALUES ($1, $2, now())
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
      [MARKER_KEY, JSON.stringify(marker)],
    );
    await client.query('COMMIT');
  } catch (err) {
    broken = await rollback(client);
    throw err;
  } finally {
    client.release(broken);
  }
  await Promise.all(['operators', 'communities', 'cms_ratings'].map((t) => pool.query(`VACUUM (ANALYZE) ${t}`)));
  log(`public dataset loaded in ${(elapsed() / 1000).toFixed(1)} s: ${marker.counts.licensed.toLocaleString('en-US')} licensed facilities, ${marker.counts.nursingHomes.toLocaleString('en-US')} nursing homes, ${marker.counts.operators.toLocaleString('en-US')} operators`);
  return { loaded: true, ms: elapsed() };
}
