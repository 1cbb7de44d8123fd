// The one in-process cache of the server: a time-to-live, an optional stale-while-revalidate window and
// a size cap with least-recently-used eviction (a hit moves its entry to the young end).
// Concurrent misses for the same key share one pending computation, a failed computation is not
// remembered, and a stale entry is answered at once while one background refresh replaces it, so
// readers never wait on a refresh.
export interface TtlCacheOptions {
  /** How long an entry is fresh; 0 (or less) disables the cache entirely: every get computes. */
  ttlMs: number;
  /** How long after going stale an entry may still be answered while it is refreshed (default 0). */
  staleMs?: number;
  /** At most this many entries; the least recently used are evicted first (default 500). */
  maxEntries?: number;
}

interface Entry<T> {
  freshUntil: number;
  staleUntil: number;
  value: Promise<T>;
  refreshing: boolean;
}

export class TtlCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly ttlMs: number;
  private readonly staleMs: number;
  private readonly maxEntries: number;

  constructor(options: TtlCacheOptions) {
    this.ttlMs = options.ttlMs;
    this.staleMs = Math.max(0, options.staleMs ?? 0);
    this.maxEntries = Math.max(1, options.maxEntries ?? 500);
  }

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string, compute: () => Promise<T>): Promise<T> {
    if (!this.enabled) return compute();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.freshUntil > now) return this.touch(key, hit).value;
    if (hit && hit.staleUntil > now) {
      if (!hit.refreshing) {
        hit.refreshing = true;
        compute().then(
          (v) => {
            // Unless the entry was replaced or dropped meanwhile (clear(), delete()).
            if (this.entries.get(key) === hit) this.set(key, v);
          },
          () => {
            hit.refreshing = false;
          },
        );
      }
      return this.touch(key, hit).value;
    }
    if (hit) this.entries.delete(key);
    const value = compute();
    this.store(key, value);
    // A failed computation is not remembered.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  /** Puts a known value (e.g. computed in bulk when warming up). */
  set(key: string, value: T): void {
    if (!this.enabled) return;
    this.store(key, Promise.resolve(value));
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  private touch(key: string, entry: Entry<T>): Entry<T> {
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  private store(key: string, value: Promise<T>): void {
    const now = Date.now();
    this.entries.delete(key);
    this.entries.set(key, { freshUntil: now + this.ttlMs, staleUntil: now + this.ttlMs + this.staleMs, value, refreshing: false });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}
