// Names and secrets of the embedded PostgreSQL (docs/decisions/011-durability-and-failure.md): the
// superuser, the app's own non-superuser role and database, and the credentials file kept per data
// directory (`<data dir>/seniorscope-credentials.json`, mode 0600).
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The cluster's superuser (maintenance and tests only; never serves requests). */
export const SUPERUSER = 'postgres';
/** The non-superuser login role the app runs as on the embedded server; it owns the app's schema. */
export const APP_ROLE = 'seniorscope_app';
/** The superuser password of data directories created before credentials were generated. */
export const LEGACY_PASSWORD = 'postgres';
export const CREDENTIALS_FILE = 'seniorscope-credentials.json';
export const APP_DATABASE = 'senior_living';
/** The read-only role the warehouse endpoint assumes (created here because the app role cannot create roles). */
export const WAREHOUSE_ROLE = 'warehouse_reader';

export interface EmbeddedCredentials {
  superuser: string;
  app: string;
}

export function pgUrl(port: number, user: string, password: string, database: string): string {
  return `postgres://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

export const newSecret = () => randomBytes(24).toString('hex');

export function readCredentials(databaseDir: string): EmbeddedCredentials | null {
  const file = path.join(databaseDir, CREDENTIALS_FILE);
  if (!existsSync(file)) return null;
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<EmbeddedCredentials>;
  if (typeof parsed.superuser !== 'string' || typeof parsed.app !== 'string') throw new Error(`${file} is not a credentials file`);
  return { superuser: parsed.superuser, app: parsed.app };
}

export function writeCredentials(databaseDir: string, credentials: EmbeddedCredentials): void {
  const file = path.join(databaseDir, CREDENTIALS_FILE);
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(credentials)}\n`, { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, file);
}

/** Creates the credentials file unless it exists (then false: another process got there first). */
export function claimCredentials(databaseDir: string, credentials: EmbeddedCredentials): boolean {
  try {
    writeFileSync(path.join(databaseDir, CREDENTIALS_FILE), `${JSON.stringify(credentials)}\n`, { mode: 0o600, flag: 'wx' });
    return true;
  } catch (err) {
    if ((err as { code?: string }).code === 'EEXIST') return false;
    throw err;
  }
}
