// A seeded pseudo-random generator (mulberry32) for tests that draw thousands of random queries or rows:
// the same seed gives the same sequence, so a failure names a query that can be replayed.
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
