// Seeded pseudo-random numbers (sfc32 seeded through splitmix32). The generator never uses Math.random.

function splitmix32(state: number): () => number {
  let s = state >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/** FNV-1a hash of a label, to derive independent streams ("communities", "reviews", ...) from one seed. */
export function hashLabel(label: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < label.length; i++) {
    h ^= label.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private spareNormal: number | null = null;

  constructor(seed: number, stream: string | number = 0) {
    const mix = splitmix32((seed >>> 0) ^ (typeof stream === 'string' ? hashLabel(stream) : Math.imul(stream >>> 0, 0x27d4eb2d)));
    this.a = mix();
    this.b = mix();
    this.c = mix();
    this.d = mix();
    for (let i = 0; i < 12; i++) this.next();
  }

  /** Uniform in [0, 1). */
  next(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) >>> 0;
    return t / 4294967296;
  }

  /** Integer in [min, max] (inclusive). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Standard normal (Box-Muller). */
  normal(): number {
    if (this.spareNormal !== null) {
      const v = this.spareNormal;
      this.spareNormal = null;
      return v;
    }
    let u = 0;
    while (u === 0) u = this.next();
    const v = this.next();
    const r = Math.sqrt(-2 * Math.log(u));
    this.spareNormal = r * Math.sin(2 * Math.PI * v);
    return r * Math.cos(2 * Math.PI * v);
  }

  /** k distinct items of `items` (k clamped to its length), in the order of `items`. */
  subset<T>(items: readonly T[], k: number): T[] {
    const n = items.length;
    const want = Math.max(0, Math.min(n, k));
    const chosen: T[] = [];
    let needed = want;
    for (let i = 0; i < n && needed > 0; i++) {
      if (this.next() * (n - i) < needed) {
        chosen.push(items[i] as T);
        needed--;
      }
    }
    return chosen;
  }
}

/** Cumulative weight table for fast weighted picks. */
export class WeightedTable<T> {
  readonly items: T[];
  private readonly cumulative: Float64Array;
  private readonly total: number;

  constructor(entries: ReadonlyArray<readonly [T, number]>) {
    this.items = entries.map((e) => e[0]);
    this.cumulative = new Float64Array(entries.length);
    let sum = 0;
    entries.forEach(([, w], i) => {
      sum += Math.max(0, w);
      this.cumulative[i] = sum;
    });
    this.total = sum;
  }

  pick(rng: Rng): T {
    const x = rng.next() * this.total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.cumulative[mid] as number) > x) hi = mid;
      else lo = mid + 1;
    }
    return this.items[lo] as T;
  }
}
