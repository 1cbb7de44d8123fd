// Vitest global setup for server tests: one PostgreSQL server (TEST_DATABASE_URL / DATABASE_URL, or an
// embedded one under .data/test-pg), one migrated template database; each test file clones it.
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createPool, startEmbedded, wrapPool, type EmbeddedServer } from '../db/client';
import { pidAlive } from '../db/embedded-process';
import { runMigrations } from '../db/migrate';

// Names carry the creating process id, so concurrent runs (several developers, CI) never touch
// each other's databases, and leftovers of dead runs can be recognised and dropped.
const TEMPLATE = `sl_tpl_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;

let embedded: EmbeddedServer | null = null;

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!adminUrl) {
    const port = Number(process.env.TEST_PG_PORT ?? 54339);
    // Detached: it is shared by concurrent test runs and left running for the next one.
    const handle = await startEmbedded('.data/test-pg', port, () => {}, { detached: true });
    embedded = handle.server;
    adminUrl = handle.superuserUrl('postgres');
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // Leftovers of interrupted runs: databases whose creating process is gone.
  const stale = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname ~ '^sl_(test|tpl)_[0-9]+_'");
  for (const { datname } of stale.rows) {
    const pid = Number(datname.split('_')[2]);
    if (pid && !pidAlive(pid)) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  }
  await admin.query(`CREATE DATABASE "${TEMPLATE}"`);
  await admin.end();

  const pool = createPool(withDatabase(adminUrl, TEMPLATE), 2);
  await runMigrations(wrapPool(pool));
  await pool.end();

  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', TEMPLATE);

  return async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS "${TEMPLATE}" WITH (FORCE)`);
    await c.end();
    if (embedded) await embedded.stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}
