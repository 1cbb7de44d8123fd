// The trigram postings of the in-memory indexes (search, Community Insights, Operator Intelligence): a
// substring search (ILIKE '%text%') looks only at the positions holding every 3-character piece of the text;
// and the walk of a sort order those indexes share.

const EMPTY = new Int32Array(0);

/** 3-character substrings of each position's text -> the positions having it (ascending, once each). */
export function gramPostings(n: number, text: (i: number) => string): Map<string, Int32Array> {
  const lists = new Map<string, number[]>();
  for (let i = 0; i < n; i++) {
    const t = text(i);
    for (let k = 0; k + 3 <= t.length; k++) {
      const gram = t.slice(k, k + 3);
      const list = lists.get(gram);
      if (!list) lists.set(gram, [i]);
      else if (list[list.length - 1] !== i) list.push(i);
    }
  }
  const out = new Map<string, Int32Array>();
  for (const [gram, list] of lists) out.set(gram, Int32Array.from(list));
  return out;
}

/** The shortest posting among the needle's trigrams (the fewest positions to check); empty when one is absent. */
export function rarestGram(grams: Map<string, Int32Array>, needle: string): Int32Array {
  let best: Int32Array | null = null;
  for (let k = 0; k + 3 <= needle.length; k++) {
    const posting = grams.get(needle.slice(k, k + 3));
    if (!posting) return EMPTY;
    if (!best || posting.length < best.length) best = posting;
  }
  return best ?? EMPTY;
}

/**
 * The kept positions (of `n`) in a sort order, from `offset`, at most `limit`. `order` lists the positions in that
 * order, `rank` gives each position's place in it.
 */
export function keptInOrder(n: number, kept: readonly number[], order: Int32Array, rank: Int32Array, offset: number, limit: number): number[] {
  // Every position (kept lists each at most once): the order's own slice.
  if (kept.length === n) return Array.from(order.subarray(offset, offset + limit));
  if (kept.length * 16 < n) {
    // Few rows: sort them by their rank in this order.
    return [...kept].sort((a, b) => rank[a]! - rank[b]!).slice(offset, offset + limit);
  }
  // Many: walk the order and take the kept ones.
  const keep = new Uint8Array(n);
  for (let k = 0; k < kept.length; k++) keep[kept[k]!] = 1;
  const out: number[] = [];
  let seen = 0;
  for (let r = 0; r < order.length && out.length < limit; r++) {
    const i = order[r]!;
    if (keep[i] === 0) continue;
    if (seen++ >= offset) out.push(i);
  }
  return out;
}
