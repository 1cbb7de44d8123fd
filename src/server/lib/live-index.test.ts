// LiveIndex (ADR 026): the builds of a process's indexes run one after another, so that indexes started together
// (at start-up, or on one notification they all listen to) never compete for the cores and the memory; only the
// search index's may run beside one other (FAST_LANE).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/db';
import { createPool } from '../db/client';
import { waitFor } from '../test/wait';
import { BUILD_PRIORITY, buildTurn, LiveIndex } from './live-index';

let tdb: TestDatabase;
let pool: ReturnType<typeof createPool>;
/** Every index a test starts, closed after it (a listening index holds a connection until closed). */
const started: Array<{ close(): Promise<void> }> = [];

beforeAll(async () => {
  tdb = await createTestDatabase();
  pool = createPool(tdb.url, 5);
});

afterEach(async () => {
  await Promise.all(started.splice(0).map((index) => index.close()));
});

afterAll(async () => {
  await pool?.end();
  await tdb?.drop();
});

describe('LiveIndex builds', () => {
  it('run one at a time across indexes', async () => {
    const spans: Array<{ name: string; from: number; to: number }> = [];
    const make = (name: string, ms: number) => {
      const index = new LiveIndex(pool, {
        name,
        channel: 'live_index_test',
        build: async (p) => {
          const from = performance.now();
          // A real read, then work that takes a while, as a build does.
          await p.query('SELECT 1');
          await new Promise((r) => setTimeout(r, ms));
          spans.push({ name, from, to: performance.now() });
          return name;
        },
        describe: (n) => n,
      });
      started.push(index);
      return index;
    };
    const indexes = [make('a', 150), make('b', 50), make('c', 100)];
    for (const index of indexes) index.start();
    await Promise.all(indexes.map((index) => index.ready()));
    expect(spans.map((s) => s.name).sort()).toEqual(['a', 'b', 'c']);
    for (let i = 1; i < spans.length; i++) expect(spans[i]!.from).toBeGreaterThanOrEqual(spans[i - 1]!.to);
    // A refresh of two at once: again one after the other, and each answers its new build.
    spans.length = 0;
    await Promise.all([indexes[2]!.refresh(), indexes[0]!.refresh()]);
    expect(spans.map((s) => s.name).sort()).toEqual(['a', 'c']);
    expect(spans[1]!.from).toBeGreaterThanOrEqual(spans[0]!.to);
    expect(indexes.map((index) => [index.current, index.version])).toEqual([
      ['a', 2],
      ['b', 1],
      ['c', 2],
    ]);
  });

  it('take the waiting builds by priority, not in the order they asked: the search index before market themes', async () => {
    const order: string[] = [];
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    let running = false;
    const make = (name: string, priority: number | undefined, wait?: Promise<void>) => {
      const index = new LiveIndex(pool, {
        name,
        channel: 'live_index_test',
        priority,
        build: async () => {
          order.push(name);
          running = true;
          await wait;
          return name;
        },
        describe: (n) => n,
      });
      started.push(index);
      return index;
    };
    const first = make('first', BUILD_PRIORITY.themes, gate);
    const running1 = first.refresh();
    await waitFor(() => running);
    // Asked while another build runs, in this order: the last priority, market themes, Community Insights, search.
    const late = [make('unnamed', undefined), make('themes', BUILD_PRIORITY.themes), make('insights', BUILD_PRIORITY.insights), make('search', BUILD_PRIORITY.search)];
    const refreshes = late.map((index) => index.refresh());
    open();
    await Promise.all([running1, ...refreshes]);
    // Each build started lowers the number of those still waiting by one: 'unnamed' (9) still comes last.
    expect(order).toEqual(['first', 'search', 'insights', 'themes', 'unnamed']);
    expect(late.map((index) => index.current)).toEqual(['unnamed', 'themes', 'insights', 'search']);
  });

  it("of the search index start beside a long build of another index, or any when it has none yet; two of the fast lane never overlap, the others wait", async () => {
    const events: string[] = [];
    const gates = new Map<string, () => void>();
    const make = (name: string, priority: number) => {
      const index = new LiveIndex(pool, {
        name,
        channel: 'live_index_test',
        priority,
        build: async () => {
          events.push(`${name} starts`);
          await new Promise<void>((r) => gates.set(name, r));
          events.push(`${name} ends`);
          return name;
        },
        describe: (n) => n,
      });
      started.push(index);
      return index;
    };
    const open = async (name: string) => {
      await waitFor(() => gates.has(name));
      gates.get(name)!();
      gates.delete(name);
    };
    const themes = make('themes', BUILD_PRIORITY.themes);
    const operators = make('operators', BUILD_PRIORITY.operators);
    const search = make('search', BUILD_PRIORITY.search);
    const second = make('second search', BUILD_PRIORITY.search);
    const refreshes = [themes.refresh()];
    await waitFor(() => events.includes('themes starts'));
    refreshes.push(operators.refresh(), search.refresh());
    // The search index's build starts while market themes is still building; operators waits.
    await waitFor(() => events.includes('search starts'));
    refreshes.push(second.refresh());
    await new Promise((r) => setTimeout(r, 100));
    expect(events).toEqual(['themes starts', 'search starts']);
    // The fast lane's second build starts when the first ends, still beside market themes.
    await open('search');
    await waitFor(() => events.includes('second search starts'));
    await open('themes');
    await new Promise((r) => setTimeout(r, 100));
    expect(events).toEqual(['themes starts', 'search starts', 'search ends', 'second search starts', 'themes ends']);
    // Operators (another index) waits for the fast lane too, then runs alone; beside it (not a long build) the
    // search index's next build waits, but a first build (an index answering from SQL, as at a start) does not.
    await open('second search');
    await waitFor(() => events.includes('operators starts'));
    const again = search.refresh();
    await new Promise((r) => setTimeout(r, 100));
    expect(events.slice(5)).toEqual(['second search ends', 'operators starts']);
    const fresh = make('fresh search', BUILD_PRIORITY.search);
    const freshBuilt = fresh.refresh();
    await waitFor(() => events.includes('fresh search starts'));
    await open('fresh search');
    await freshBuilt;
    await open('operators');
    await open('search');
    await Promise.all([...refreshes, again]);
    expect(events.slice(5)).toEqual(['second search ends', 'operators starts', 'fresh search starts', 'fresh search ends', 'operators ends', 'search starts', 'search ends']);
    expect([themes, operators, search, second, fresh].map((index) => index.current)).toEqual(['themes', 'operators', 'search', 'second search', 'fresh search']);
    expect(search.version).toBe(2);
  });

  it('asked together while none runs (at start-up, after one notification), go by priority too', async () => {
    const order: string[] = [];
    const make = (name: string, priority: number) => {
      const index = new LiveIndex(pool, { name, channel: 'live_index_test', priority, build: async () => {
          order.push(name);
          return name;
        },
        describe: (n) => n });
      started.push(index);
      return index;
    };
    const themes = make('themes', BUILD_PRIORITY.themes);
    const markets = make('markets', BUILD_PRIORITY.markets);
    const search = make('search', BUILD_PRIORITY.search);
    // A few ms apart, as the LISTEN connections of a start answer, the slowest index first.
    const asked = [themes.refresh()];
    await new Promise((r) => setTimeout(r, 5));
    asked.push(markets.refresh());
    await new Promise((r) => setTimeout(r, 5));
    asked.push(search.refresh());
    await Promise.all(asked);
    expect(order).toEqual(['search', 'markets', 'themes']);
  });

  it('let no build wait for ever: each build that goes before one lowers its number, ties go to the first that asked', () => {
    const build = (priority: number, passed: number, seq: number) => ({ priority, passed, seq });
    expect(buildTurn([])).toBe(-1);
    expect(buildTurn([build(4, 0, 0), build(0, 0, 1)])).toBe(1);
    expect(buildTurn([build(4, 3, 0), build(0, 0, 1)])).toBe(1);
    // Passed over four times, market themes (4) goes before a search index (0) that asked after it.
    expect(buildTurn([build(4, 4, 0), build(0, 0, 1)])).toBe(0);
    expect(buildTurn([build(0, 0, 7), build(4, 5, 3)])).toBe(1);
    expect(buildTurn([build(2, 0, 5), build(2, 0, 2), build(3, 0, 1)])).toBe(1);
  });

  it('close without waiting for a build under way: its result is dropped, its failure after close not logged', async () => {
    const errors: string[] = [];
    let finish!: (fail: boolean) => void;
    const index = new LiveIndex(pool, {
      name: 'long',
      channel: 'live_index_test',
      // A build that lasts until the test ends it (a scale-10 build takes minutes): it fails, as a read does when
      // the database stops under it, or ends with an index.
      build: () => new Promise<string>((resolve, reject) => (finish = (fail) => (fail ? reject(new Error('terminating connection')) : resolve('late')))),
      describe: (s) => s,
      logError: (msg) => errors.push(msg),
    });
    index.start();
    await waitFor(() => finish !== undefined);
    const closing = index.close();
    // Closed while the build still runs (before: close waited for the build's end).
    const closed = await Promise.race([closing.then(() => true), new Promise((r) => setTimeout(() => r(false), 1_000))]);
    expect(closed).toBe(true);
    finish(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(errors).toEqual([]);
    expect(index.current).toBeNull();

    // The same with a build that ends with an index after close: it is not swapped in.
    let finish2!: () => void;
    const second = new LiveIndex(pool, {
      name: 'long 2',
      channel: 'live_index_test',
      build: () => new Promise<string>((resolve) => (finish2 = () => resolve('late'))),
      describe: (s) => s,
    });
    second.start();
    await waitFor(() => finish2 !== undefined);
    await second.close();
    finish2();
    await new Promise((r) => setTimeout(r, 50));
    expect(second.current).toBeNull();
    expect(second.version).toBe(0);
  });

  it('waits before retrying a failed build, and lets the next index build meanwhile', async () => {
    let calls = 0;
    const failing = new LiveIndex(pool, {
      name: 'failing',
      channel: 'live_index_test',
      build: async () => {
        calls++;
        throw new Error('read failed');
      },
      describe: () => '',
      logError: () => {},
    });
    started.push(failing);
    const next = new LiveIndex(pool, { name: 'next', channel: 'live_index_test', build: async () => 'built', describe: (s) => s });
    started.push(next);
    failing.start();
    await waitFor(() => calls >= 1);
    next.start();
    await next.ready();
    // Retried later (5 s after a first failure), not at once: one call so far.
    await new Promise((r) => setTimeout(r, 500));
    expect(calls).toBe(1);
    expect(failing.current).toBeNull();
    expect(next.current).toBe('built');
  });
});

describe('LiveIndex notifications', () => {
  it('rebuild only on the payloads the index names, when it names some', async () => {
    let builds = 0;
    const index = new LiveIndex(pool, {
      name: 'payloads',
      channel: ['live_index_payloads', 'live_index_payloads_2'],
      payloads: ['communities', 'employee_reviews'],
      debounceMs: 10,
      build: async () => ++builds,
      describe: (n) => String(n),
    });
    started.push(index);
    index.start();
    await index.ready();
    expect(builds).toBe(1);
    // Prices and operators (the search index's other tables) are not read by it: no rebuild.
    await pool.query(`SELECT pg_notify('live_index_payloads', 'community_pricing'), pg_notify('live_index_payloads', 'operators')`);
    await new Promise((r) => setTimeout(r, 300));
    expect(builds).toBe(1);
    // A named table on either channel rebuilds it.
    await pool.query(`SELECT pg_notify('live_index_payloads', 'communities')`);
    await waitFor(() => builds === 2);
    await pool.query(`SELECT pg_notify('live_index_payloads_2', 'employee_reviews')`);
    await waitFor(() => builds === 3);
    await new Promise((r) => setTimeout(r, 300));
    expect(builds).toBe(3);
  });
});

describe('LiveIndex warm-up', () => {
  /** A warm-up of `slices` slices over build `v`: each slice notes which build it warms and whether a timer ran since the last. */
  const sliced = (slices: number) => {
    const done: Array<{ v: number; timerBetween: boolean }> = [];
    let timerRan = false;
    const tick = setInterval(() => (timerRan = true), 1);
    const warmUp = (v: number) => {
      let left = slices;
      return (deadline: number) => {
        expect(Number.isFinite(deadline)).toBe(true);
        done.push({ v, timerBetween: timerRan });
        timerRan = false;
        // Work that takes a while, as making a slice of kept bytes does.
        const until = performance.now() + 2;
        while (performance.now() < until);
        return --left === 0;
      };
    };
    return { done, warmUp, stop: () => clearInterval(tick) };
  };

  it('runs once a build answers, in slices that let other work run between them, and is logged', async () => {
    const w = sliced(20);
    const logs: string[] = [];
    let builds = 0;
    const index = new LiveIndex(pool, {
      name: 'warm',
      channel: 'live_index_warm',
      build: async () => ++builds,
      describe: (v) => String(v),
      warmUp: w.warmUp,
      log: (msg) => logs.push(msg),
    });
    started.push(index);
    index.start();
    await index.ready();
    // It answers before the warm-up has run.
    expect(index.current).toBe(1);
    expect(w.done.length).toBeLessThan(20);
    await waitFor(() => index.warmedUp === 1);
    w.stop();
    expect(w.done).toHaveLength(20);
    // Timers (standing for requests) ran between the slices.
    expect(w.done.filter((s) => s.timerBetween).length).toBeGreaterThan(10);
    expect(logs.some((msg) => /^warm warmed up: \d+ ms of work over \d+ ms; heap \d+ MB, rss \d+ MB$/.test(msg))).toBe(true);
  });

  it('stops when a newer build answers (which warms itself) and when closed; a failing warm-up is logged, the index answers', async () => {
    const w = sliced(1_000_000);
    let builds = 0;
    const index = new LiveIndex(pool, {
      name: 'replaced',
      channel: 'live_index_warm_2',
      build: async () => ++builds,
      describe: (v) => String(v),
      warmUp: w.warmUp,
    });
    started.push(index);
    index.start();
    await index.ready();
    await waitFor(() => w.done.length >= 3);
    await index.refresh();
    await waitFor(() => w.done.some((s) => s.v === 2));
    const firstOfSecond = w.done.findIndex((s) => s.v === 2);
    // No slice of build 1 after build 2 answers.
    expect(w.done.slice(firstOfSecond).every((s) => s.v === 2)).toBe(true);
    await index.close();
    const atClose = w.done.length;
    await new Promise((r) => setTimeout(r, 50));
    w.stop();
    expect(w.done.length).toBeLessThanOrEqual(atClose + 1);
    expect(index.warmedUp).toBe(0);

    const errors: string[] = [];
    const failing = new LiveIndex(pool, {
      name: 'failing warm-up',
      channel: 'live_index_warm_3',
      build: async () => 'built',
      describe: (s) => s,
      warmUp: () => () => {
        throw new Error('no memory');
      },
      logError: (msg) => errors.push(msg),
    });
    started.push(failing);
    failing.start();
    await failing.ready();
    await waitFor(() => errors.length === 1);
    expect(errors).toEqual(['failing warm-up: warm-up failed']);
    expect(failing.current).toBe('built');
  });
});
