// The distinct (city, state) pairs of the directory held in memory for matching what a family types:
// exact (case-insensitive) matches, else pg_trgm-style trigram similarity for misspellings. Matching in
// memory keeps a misspelled city at a millisecond; the same similarity in SQL over 45,000 rows lets
// the planner pick a full index scan (~200 ms). The list is reloaded in the background when stale.

/** pg_trgm's trigrams: lower-cased words, each padded with two spaces in front and one behind. */
export function trigrams(text: string): Set<string> {
  const out = new Set<string>();
  for (const word of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (!word) continue;
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  }
  return out;
}

/** pg_trgm's similarity(): shared trigrams over all distinct trigrams of both. */
export function trigramSimilarity(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const t of a) if (b.has(t)) shared++;
  return shared / (a.size + b.size - shared);
}

/** pg_trgm's default similarity_threshold. */
export const SIMILARITY_THRESHOLD = 0.3;

export interface CityMatch {
  city: string;
  state: string;
  exact: boolean;
  sim: number;
}

interface Entry {
  city: string;
  state: string;
  lower: string;
  grams: Set<string>;
}

export class CityIndex {
  private entries: Entry[] = [];
  private byLower = new Map<string, Entry[]>();
  /** Each entry by `state|city` (the list's pairs are distinct). */
  private byKey = new Map<string, Entry>();
  private loadedAt = 0;
  private loading: Promise<void> | null = null;

  constructor(
    private readonly load: () => Promise<{ city: string; state: string }[]>,
    private readonly maxAgeMs = 60_000,
  ) {}

  /**
   * A refresh keeps what has not changed: the same cities keep the list as it is, and a changed list reuses the
   * entries (trigram sets) of the cities it still has. At scale 10 (29,691 cities) making every entry anew once a
   * minute put ~40 MB of sets into the old generation each time, to be marked and swept for nothing.
   */
  private async reload(): Promise<void> {
    const rows = await this.load();
    const key = (r: { city: string; state: string }) => `${r.state}|${r.city}`;
    if (rows.length === this.byKey.size && rows.every((r) => this.byKey.has(key(r)))) {
      this.loadedAt = Date.now();
      return;
    }
    const byKey = new Map<string, Entry>();
    const byLower = new Map<string, Entry[]>();
    const entries = rows.map((r) => {
      const k = key(r);
      const e = this.byKey.get(k) ?? { city: r.city, state: r.state, lower: r.city.toLowerCase(), grams: trigrams(r.city) };
      byKey.set(k, e);
      const list = byLower.get(e.lower);
      if (list) list.push(e);
      else byLower.set(e.lower, [e]);
      return e;
    });
    this.entries = entries;
    this.byLower = byLower;
    this.byKey = byKey;
    this.loadedAt = Date.now();
  }

  /** Loads on first use; afterwards serves the current list and refreshes it in the background when stale. */
  private async ready(): Promise<void> {
    const stale = Date.now() - this.loadedAt > this.maxAgeMs;
    if (stale && !this.loading) {
      this.loading = this.reload().finally(() => {
        this.loading = null;
      });
      // A refresh in the background that fails keeps the list it has (tried again at the next use once stale):
      // unhandled, its rejection shut the whole app down (a connect timeout at scale 10 under load did).
      if (this.loadedAt !== 0) this.loading.catch(() => undefined);
    }
    if (this.loadedAt === 0 && this.loading) await this.loading;
  }

  /** Exact matches first (all of them), then fuzzy ones at or above the threshold, best first. */
  async match(text: string, state?: string): Promise<CityMatch[]> {
    await this.ready();
    const lower = text.trim().toLowerCase();
    const exact = (this.byLower.get(lower) ?? []).filter((e) => !state || e.state === state);
    if (exact.length) return exact.map((e) => ({ city: e.city, state: e.state, exact: true, sim: 1 }));
    const grams = trigrams(lower);
    const fuzzy: CityMatch[] = [];
    for (const e of this.entries) {
      if (state && e.state !== state) continue;
      const sim = trigramSimilarity(grams, e.grams);
      if (sim >= SIMILARITY_THRESHOLD) fuzzy.push({ city: e.city, state: e.state, exact: false, sim });
    }
    fuzzy.sort((a, b) => b.sim - a.sim || a.state.localeCompare(b.state) || a.city.localeCompare(b.city));
    return fuzzy.slice(0, 50);
  }
}
