// A seeded pseudo-random generator (mulberry32) for tests that draw thousands of random queries or rows:
// the same seed gives the same sequence, so a failure names a query that can be replayed.
import { SORT_DIRECTIONS } from '../../contracts/insights';

export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Cities of the random directories: two Springfields and two Portlands, so that a city matches only with its state. */
export const TEST_CITIES = [
  ['Springfield', 'IL'],
  ['Springfield', 'MA'],
  ['Austin', 'TX'],
  ['Dallas', 'TX'],
  ['Naperville', 'IL'],
  ['Portland', 'OR'],
  ['Portland', 'ME'],
  ['Miami', 'FL'],
] as const;

/**
 * A search text cut from `source`: one to `maxLength` characters from a random start, sometimes upper- or
 * lower-cased (the index and SQL must agree on case-insensitive matching).
 */
export function cutSearchText(random: () => number, source: string, maxLength: number): string {
  const start = Math.floor(random() * Math.max(1, source.length - 1));
  const cut = source.slice(start, start + 1 + Math.floor(random() * maxLength));
  return random() < 0.3 ? cut.toUpperCase() : random() < 0.3 ? cut.toLowerCase() : cut;
}

/**
 * The k-th page of an index's random queries: the sort fields in turn, each in both directions, the page sizes
 * in turn, and half the time a later page (up to the eighth), drawn from `random`.
 */
export function kthPage<S extends string>(k: number, fields: readonly S[], limits: readonly number[], random: () => number) {
  const field = fields[k % fields.length]!;
  const dir = SORT_DIRECTIONS[Math.floor(k / fields.length) % 2]!;
  const limit = limits[k % limits.length]!;
  const offset = random() < 0.5 ? 0 : Math.floor(random() * 8) * limit;
  return { field, dir, limit, offset };
}
