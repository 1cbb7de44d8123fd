// The trigram postings of the in-memory indexes (search, Community Insights, Operator Intelligence): a
// substring search (ILIKE '%text%') looks only at the positions holding every 3-character piece of the text.

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
