// An in-memory index kept in step with PostgreSQL, the source of truth (ADR 026): triggers send NOTIFY on
// channels on every statement that changes the tables it reads; this node LISTENs on a connection of its
// own (lib/channel-listener.ts), waits `debounceMs` for more changes, rebuilds in the background and swaps the new
// index in at once (the old one answers meanwhile). A lost listening connection is opened again and the index
// rebuilt, since notifications sent while it was down are lost. Until the first build the callers answer from SQL.
import type pg from 'pg';
import { ChannelListener } from './channel-listener';

/**
 * Work done in slices between a server's other work (LiveIndex's warm-up): each call works until `deadline`
 * (performance.now()) and returns true once there is nothing left to do.
 */
export type Slices = (deadline: number) => boolean;

/** Several pieces of sliced work, one after another. */
export function inTurn(...parts: Slices[]): Slices {
  let k = 0;
  return (deadline) => {
    while (k < parts.length) {
      if (!parts[k]!(deadline)) return false;
      k++;
      if (performance.now() >= deadline) break;
    }
    return k >= parts.length;
  };
}

/** What is indexed: how to build it from the database, and the channels that say it changed. */
export interface IndexSource<T> {
  /** For log lines ("search index built: …"). */
  name: string;
  /** The NOTIFY channel or channels (constant identifiers, never user input); a notification on any of them rebuilds. */
  channel: string | readonly string[];
  /**
   * The notification payloads (the triggers send the table's name) that change what is indexed; others are
   * ignored. Absent: every notification on the channels rebuilds.
   */
  payloads?: readonly string[];
  /**
   * Reads the rows and makes the index. It runs while the server answers: what it does after its reads is made in
   * slices that yield (lib/pace.ts `paced`), not in one synchronous call (at scale 10 one held the event loop 35 s).
   */
  build: (pool: pg.Pool) => Promise<T>;
  /** A one-line summary of a build for the log. */
  describe: (index: T) => string;
  /**
   * Of the builds waiting for their turn, those of a lower number go first (default BUILD_PRIORITY.last): the
   * search index before the professional screens', the quick before the slow (buildTurn).
   */
  priority?: number;
  /**
   * Work a new index does once it answers, in slices of WARM_UP_SLICE_MS between requests, until done or replaced:
   * making ahead what its answers would otherwise make on first use (kept JSON bytes).
   */
  warmUp?: (index: T) => Slices;
}

/** A warm-up slice's length: what it may add to a request that arrives during it. */
const WARM_UP_SLICE_MS = 4;

export interface LiveIndexOptions {
  /** Wait after a change notification before rebuilding, so that a burst of writes costs one build. */
  debounceMs?: number;
  /** First wait before opening a lost listening connection again (doubles up to 30 s). */
  reconnectMs?: number;
  log?: (msg: string) => void;
  logError?: (msg: string, err: unknown) => void;
}

/**
 * The order of the app's index builds when several wait (IndexSource.priority): what families search and see on the
 * map first, then the professional screens' indexes from the quickest to build to the slowest (at scale 10: operators
 * 10-26 s, Community Insights ~4 min, markets 4-6 min, market themes 16-20 min), so that most screens answer from
 * an index soonest.
 */
export const BUILD_PRIORITY = { search: 0, operators: 1, insights: 2, markets: 3, themes: 4, last: 9 } as const;

/**
 * Builds of all the indexes of this process run one after another. Started together (at start-up, or on one
 * change notification that every index listens to), five builds shared two cores with each other: at scale 10
 * each read outlasted its limits and every build failed and was retried for ever, and each held its rows and
 * its new index in memory at once. One exception (FAST_LANE): a build of the search index may run beside one other.
 */
interface WaitingBuild {
  priority: number;
  /** How many builds have started since this one began waiting (each lowers its number by one: none waits for ever). */
  passed: number;
  seq: number;
  /** The index has no build yet (it answers from SQL until this one ends). */
  first: boolean;
  /** Runs the build, then calls `done`. */
  start: (done: () => void) => void;
}
const waiting: WaitingBuild[] = [];
/** The builds running now: the fast lane's, and one of another index (none while the fast lane's runs alone). */
const running: { fast: WaitingBuild | null; other: WaitingBuild | null } = { fast: null, other: null };
const idle = () => running.fast === null && running.other === null;
let buildSeq = 0;

/**
 * Builds of this priority or lower (the search index's) have a lane of their own: one starts at once beside a build
 * of another index instead of waiting for its end, when that build is a long one (priority LONG_BUILD or higher:
 * market themes) or when the search index has no build yet. A published review changes a community's rating, and
 * every index that reads communities is rebuilt; at scale 10 a market themes build takes 11-20 minutes, so a second
 * review published during one waited that long before the search showed the first one's rating (the search build
 * itself: 1-2 minutes). At a scale-10 start whose pool was busy, the search index's LISTEN answered after the 50 ms
 * gather and the market index was built first (139 s, the search answering from SQL meanwhile); at a start no other
 * index is held yet, so the two builds fit in the heap. Beside the shorter builds of a running app (Community Insights
 * and markets: 2-6 minutes at scale 10, whose heap reaches 3.2 GB of Node's 4.1 GB by their end) the search index's
 * waits. Two builds at most run together, one of them the search index's (ADR 027's addendum of 2026-11-29,
 * morning); a build of another index waits while the search index's runs, and builds asked together while none runs
 * go one after another, by priority.
 */
export const FAST_LANE = BUILD_PRIORITY.search;
export const LONG_BUILD = BUILD_PRIORITY.themes;
const fast = (b: Pick<WaitingBuild, 'priority'>) => b.priority <= FAST_LANE;

/**
 * When no build runs, the first to ask waits this long for others to ask too, so that builds asked together take their
 * turns by priority: the five at start-up, whose LISTEN connections answer a few ms apart (at scale 10 the market index's
 * answered first on both of two starts), and the rebuilds after one notification, whose debounce timers end together.
 */
export const BUILD_GATHER_MS = 50;
let gathering: NodeJS.Timeout | null = null;

/**
 * The next build to run: the lowest priority less the builds that went before it while it waited, then the first
 * to ask. In the order they asked, a search index rebuilt after a published review waited behind a market themes
 * build already queued (20 minutes at scale 10), and at start-up the search answered from SQL until whichever
 * indexes had listened first were built; the aging bounds the wait of the last priority to a few builds.
 */
export function buildTurn<B extends Pick<WaitingBuild, 'priority' | 'passed' | 'seq'>>(builds: readonly B[]): number {
  let best = -1;
  for (let k = 0; k < builds.length; k++) {
    const b = builds[k]!;
    const o = best < 0 ? null : builds[best]!;
    if (!o || b.priority - b.passed < o.priority - o.passed || (b.priority - b.passed === o.priority - o.passed && b.seq < o.seq)) best = k;
  }
  return best;
}

/**
 * Starts the builds whose turn it is: when none runs, the next by buildTurn (whichever lane); beside a long build of
 * another index, the next of the fast lane.
 */
function nextBuilds(): void {
  for (;;) {
    const other = running.other;
    const candidates = idle() ? waiting : running.fast === null && other ? waiting.filter((b) => fast(b) && (b.first || other.priority >= LONG_BUILD)) : [];
    const k = buildTurn(candidates);
    if (k < 0) return;
    const turn = candidates[k]!;
    waiting.splice(waiting.indexOf(turn), 1);
    for (const w of waiting) w.passed++;
    const lane = fast(turn) ? 'fast' : 'other';
    running[lane] = turn;
    turn.start(() => {
      running[lane] = null;
      nextBuilds();
    });
  }
}

/** The process's memory for a log line. */
function memoryNow(): string {
  const { heapUsed, rss } = process.memoryUsage();
  const mb = (n: number) => Math.round(n / 2 ** 20);
  return `heap ${mb(heapUsed)} MB, rss ${mb(rss)} MB`;
}

function oneBuildAtATime<T>(priority: number, first: boolean, build: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    waiting.push({
      priority,
      passed: 0,
      seq: buildSeq++,
      first,
      start: (done) => void Promise.resolve().then(build).then(resolve, reject).finally(done),
    });
    if (idle()) {
      gathering ??= setTimeout(() => {
        gathering = null;
        nextBuilds();
      }, BUILD_GATHER_MS);
    } else nextBuilds();
  });
}

export class LiveIndex<T> {
  /** The index that answers, or null until the first build succeeded. */
  current: T | null = null;
  /** Completed builds (a new number means new answers). */
  version = 0;
  /** Completed warm-ups (tests). */
  warmedUp = 0;
  private readonly listener: ChannelListener;
  private timer: NodeJS.Timeout | null = null;
  private building: Promise<void> | null = null;
  private dirty = false;
  /** Failed builds since the last one that succeeded (the next retry waits longer). */
  private failures = 0;
  private closed = false;
  private readonly debounceMs: number;
  private firstBuild: Promise<void>;
  private resolveFirst!: () => void;

  constructor(
    private readonly pool: pg.Pool,
    private readonly options: LiveIndexOptions & IndexSource<T>,
  ) {
    this.debounceMs = options.debounceMs ?? 500;
    this.listener = new ChannelListener(pool, {
      name: options.name,
      channels: typeof options.channel === 'string' ? [options.channel] : options.channel,
      reconnectMs: options.reconnectMs,
      logError: options.logError,
      onNotification: (msg) => {
        if (!options.payloads || options.payloads.includes(msg.payload ?? '')) this.changed();
      },
      // Changes made before LISTEN (or while the connection was lost) are in this build.
      onListening: () => {
        this.dirty = true;
        void this.kick();
      },
    });
    this.firstBuild = new Promise((resolve) => (this.resolveFirst = resolve));
  }

  /** Starts listening and builds the first index in the background. */
  start(): void {
    this.listener.start();
  }

  /** Resolves once an index answers (for start-up warm-up and tests). */
  ready(): Promise<void> {
    return this.firstBuild;
  }

  /** Builds now (or after the build under way) and resolves when an index reflecting every committed change up to now answers. */
  async refresh(): Promise<void> {
    this.dirty = true;
    await this.kick();
    while (this.building) await this.building;
  }

  /**
   * Stops listening. A build under way is not waited for: its result is dropped when it ends, and its read fails
   * once the pool or the database is closed. Waiting for it held a shutdown for as long as the build (minutes at
   * scale 10, 15 s at scale 1): the process was killed at its 10 s grace period before it stopped the embedded
   * PostgreSQL, which went on running without its app (the next start then used it unsupervised).
   */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.listener.close();
  }

  /** A change notification: rebuild after the debounce (notifications meanwhile join that build). */
  private changed(): void {
    this.dirty = true;
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.kick();
    }, this.debounceMs);
    this.timer.unref();
  }

  private kick(): Promise<void> {
    if (this.building || !this.dirty || this.closed) return this.building ?? Promise.resolve();
    this.dirty = false;
    this.building = (async () => {
      try {
        // Waits for its turn among the builds of other indexes (buildTurn; a closed index skips its turn).
        const built = await oneBuildAtATime(this.options.priority ?? BUILD_PRIORITY.last, this.current === null, async () => (this.closed ? null : { index: await this.options.build(this.pool) }));
        if (this.closed || !built) return;
        this.current = built.index;
        this.version++;
        this.failures = 0;
        this.resolveFirst();
        // The process's memory after each build: what the indexes hold is most of it at scale 10 (ADR 027).
        this.options.log?.(`${this.options.name} built: ${this.options.describe(built.index)}; ${memoryNow()}`);
        void this.warmUp(built.index);
      } catch (err) {
        // The old index (or SQL) keeps answering; try again on the next change or after a while. A build that
        // fails after close (its pool or database closed under it) is not an error.
        if (this.closed) return;
        this.options.logError?.(`${this.options.name}: build failed`, err);
        this.changedLater();
      } finally {
        this.building = null;
      }
      if (this.dirty) await this.kick();
    })();
    return this.building;
  }

  /** Runs the new index's warm-up in slices, each after the requests waiting (setImmediate), while it answers. */
  private async warmUp(index: T): Promise<void> {
    if (!this.options.warmUp) return;
    const started = performance.now();
    let work = 0;
    try {
      const slices = this.options.warmUp(index);
      for (;;) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        if (this.closed || this.current !== index) return;
        const t = performance.now();
        const done = slices(t + WARM_UP_SLICE_MS);
        work += performance.now() - t;
        if (done) break;
      }
    } catch (err) {
      // What was not made ahead is made on first use, as without a warm-up.
      this.options.logError?.(`${this.options.name}: warm-up failed`, err);
      return;
    }
    this.warmedUp++;
    this.options.log?.(`${this.options.name} warmed up: ${Math.round(work)} ms of work over ${Math.round(performance.now() - started)} ms; ${memoryNow()}`);
  }

  /**
   * After a failed build: build again later, 5 s after the first failure and twice as long after each next one
   * (up to 5 minutes) until a build succeeds. It used to mark the index dirty at once, so the end of the failed
   * build started the next one straight away: at scale 10, builds whose reads timed out were retried back to
   * back for as long as the app ran, and a build failing without I/O spun without yielding to the event loop.
   */
  private changedLater(): void {
    const delay = Math.min(Math.max(this.debounceMs, 5_000) * 2 ** this.failures, 300_000);
    this.failures++;
    setTimeout(() => this.changed(), delay).unref();
  }
}
