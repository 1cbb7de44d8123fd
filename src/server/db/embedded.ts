// Starts (or reuses) the embedded PostgreSQL cluster and provisions the app's role and database on it
// (docs/decisions/011-durability-and-failure.md): random superuser and app passwords per data directory,
// a data directory of an earlier version (superuser password 'postgres') converted on its next start.
import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import {
  APP_DATABASE,
  APP_ROLE,
  CREDENTIALS_FILE,
  claimCredentials,
  type EmbeddedCredentials,
  LEGACY_PASSWORD,
  newSecret,
  pgUrl,
  readCredentials,
  SUPERUSER,
  WAREHOUSE_ROLE,
  writeCredentials,
} from './embedded-credentials';
import {
  binaries,
  type EmbeddedServer,
  ensureTraversable,
  initCluster,
  POSTGRES_FLAGS,
  probe,
  removeStalePidFile,
  sleep,
  startDetached,
  SupervisedServer,
} from './embedded-process';

export interface EmbeddedHandle {
  credentials: EmbeddedCredentials;
  /** The superuser's URL for a database of the cluster (maintenance and tests only). */
  superuserUrl(database?: string): string;
  /** The app role's URL of the app's database. */
  appUrl(database?: string): string;
  /** The server this process started (null when it reused a running one or started it detached). */
  server: EmbeddedServer | null;
}

/**
 * Starts (or reuses) the embedded PostgreSQL cluster in `dir` on `port` and returns its credentials.
 * When a server from an earlier process is already listening there, it is reused and left running
 * (so `npm run import` works while the app runs). `detached`: started through pg_ctl so that it
 * outlives this process (the shared test server); otherwise it is a supervised child.
 */
export async function startEmbedded(
  dir: string,
  port: number,
  log: (msg: string) => void = () => {},
  options: { detached?: boolean; logError?: (msg: string) => void } = {},
): Promise<EmbeddedHandle> {
  const logError = options.logError ?? ((m: string) => console.error(`[db] ERROR ${m}`));
  const databaseDir = path.resolve(dir);
  const { postgres: postgresBin } = await binaries();
  await ensureTraversable([databaseDir, path.dirname(postgresBin)], log);

  let credentials = readCredentials(databaseDir);
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    log(`initialising embedded PostgreSQL in ${databaseDir}`);
    credentials = { superuser: newSecret(), app: newSecret() };
    await initCluster(databaseDir, credentials.superuser);
    writeCredentials(databaseDir, credentials);
  }
  const legacy = credentials === null;
  const creds: EmbeddedCredentials = credentials ?? { superuser: newSecret(), app: newSecret() };
  const urlWith = (password: string) => pgUrl(port, SUPERUSER, password, 'postgres');

  let server: EmbeddedServer | null = null;
  const running = await probe(urlWith(creds.superuser));
  if (running === 'down') {
    removeStalePidFile(databaseDir);
    if (options.detached) {
      await startDetached(databaseDir, port, POSTGRES_FLAGS);
    } else {
      const supervised = new SupervisedServer(databaseDir, port, urlWith(creds.superuser), log, logError);
      await supervised.start();
      server = supervised;
    }
  }

  if (legacy || (await probe(urlWith(creds.superuser))) === 'auth') {
    // A data directory of an earlier version: the superuser's password is 'postgres'. Replace it.
    // Two processes starting at once (the test setups): the first to create the file converts, the
    // other waits for its password to work.
    if (legacy && !claimCredentials(databaseDir, creds)) {
      Object.assign(creds, readCredentials(databaseDir));
      for (let i = 0; i < 100 && (await probe(urlWith(creds.superuser))) !== 'ok'; i++) await sleep(100);
    } else {
      await convertLegacySuperuser(databaseDir, creds, urlWith(LEGACY_PASSWORD), legacy);
      log(`replaced the default superuser password of ${databaseDir}; credentials are in ${CREDENTIALS_FILE} (mode 0600)`);
    }
  }

  return {
    credentials: creds,
    superuserUrl: (database = 'postgres') => pgUrl(port, SUPERUSER, creds.superuser, database),
    appUrl: (database = APP_DATABASE) => pgUrl(port, APP_ROLE, creds.app, database),
    server,
  };
}

/** Sets the superuser's password of a data directory of an earlier version ('postgres') to the new one. */
async function convertLegacySuperuser(databaseDir: string, creds: EmbeddedCredentials, legacyUrl: string, fileWritten: boolean): Promise<void> {
  if ((await probe(legacyUrl)) !== 'ok') {
    throw new Error(`cannot sign in to the embedded PostgreSQL in ${databaseDir} (credentials file missing or out of date)`);
  }
  // The file first: a crash before the ALTER leaves a file whose password fails, which the next start
  // repairs through this same path.
  if (!fileWritten) writeCredentials(databaseDir, creds);
  const c = new pg.Client({ connectionString: legacyUrl });
  c.on('error', () => {});
  await c.connect();
  try {
    await c.query(`ALTER ROLE ${SUPERUSER} WITH PASSWORD '${creds.superuser}'`);
  } finally {
    await c.end();
  }
}

/**
 * Creates (or repairs) the app's role and database on the embedded server: a LOGIN role without
 * superuser, CREATEDB or CREATEROLE that owns the database, its public schema and every relation in it.
 * Idempotent and cheap; converts a database whose objects a superuser owned.
 */
export async function provisionAppDatabase(handle: EmbeddedHandle, database = APP_DATABASE): Promise<void> {
  const admin = new pg.Client({ connectionString: handle.superuserUrl('postgres') });
  admin.on('error', () => {});
  await admin.connect();
  try {
    await admin.query(`DO $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${APP_ROLE}') THEN
        CREATE ROLE ${APP_ROLE} LOGIN;
      END IF;
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${WAREHOUSE_ROLE}') THEN
        CREATE ROLE ${WAREHOUSE_ROLE} NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT NOBYPASSRLS NOREPLICATION;
      END IF;
    END $$`);
    // The password is generated hex (no quoting issues); roles and names are constants of this file.
    await admin.query(
      `ALTER ROLE ${APP_ROLE} WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD '${handle.credentials.app}'`,
    );
    await admin.query(`GRANT ${WAREHOUSE_ROLE} TO ${APP_ROLE}`);
    // The warehouse caps a query's temporary files (ADR 004); only a superuser or a granted role may.
    await admin.query(`GRANT SET ON PARAMETER temp_file_limit TO ${APP_ROLE}`);
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await admin.query(`CREATE DATABASE "${database}" OWNER ${APP_ROLE}`);
    else await admin.query(`ALTER DATABASE "${database}" OWNER TO ${APP_ROLE}`);
  } finally {
    await admin.end();
  }
  const c = new pg.Client({ connectionString: handle.superuserUrl(database) });
  c.on('error', () => {});
  await c.connect();
  try {
    // Extensions need a superuser; the migration that names them then finds them present.
    await c.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await c.query(`ALTER SCHEMA public OWNER TO ${APP_ROLE}`);
    await c.query(`DO $$ BEGIN
      IF EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = 'drizzle') THEN
        ALTER SCHEMA drizzle OWNER TO ${APP_ROLE};
      END IF;
    END $$`);
    // Tables first (their owned sequences and indexes follow), then whatever is left.
    for (const kinds of [['r', 'p', 'v', 'm', 'f'], ['S']]) {
      const { rows } = await c.query<{ stmt: string }>(
        `SELECT format('ALTER %s %I.%I OWNER TO ${APP_ROLE}',
                       CASE c.relkind WHEN 'S' THEN 'SEQUENCE' WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW'
                                      WHEN 'f' THEN 'FOREIGN TABLE' ELSE 'TABLE' END,
                       n.nspname, c.relname) AS stmt
           FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname IN ('public', 'drizzle') AND c.relkind = ANY($1::"char"[])
            AND pg_get_userbyid(c.relowner) <> '${APP_ROLE}'
            AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype IN ('e', 'a', 'i'))`,
        [kinds],
      );
      for (const { stmt } of rows) await c.query(stmt);
    }
  } finally {
    await c.end();
  }
}
