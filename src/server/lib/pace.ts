// Long synchronous work written as steps: a generator that yields now and then (every few hundred rows of a loop)
// and returns its result. Run at once (runAll) it is a plain function call; run by `paced` it gives the event loop a
// turn whenever it has worked PACE_SLICE_MS, so that requests keep being answered while an index is built.
//
// Why (ADR 018, addendum of 2026-11-29, afternoon): an index build reads its rows from PostgreSQL (asynchronously),
// then makes its columns. Made in one synchronous call, the columns of the search index held the event loop for
// 20-26 s at scale 10 (Community Insights' 23 s), and every published review rebuilds the indexes: for that long the
// app answered nothing, not even its health check.

/** Work that yields (undefined) between pieces and returns a T. */
export type Steps<T> = Generator<void, T, void>;

/** How long a paced build works before the event loop's next turn: what it may add to a request arriving meanwhile. */
export const PACE_SLICE_MS = 8;

/** Runs the steps to the end at once. */
export function runAll<T>(steps: Steps<T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/**
 * Runs the steps in slices of `sliceMs`, each after the I/O waiting (setImmediate: the requests that arrived during
 * the slice are read and answered first).
 */
export async function paced<T>(steps: Steps<T>, sliceMs = PACE_SLICE_MS): Promise<T> {
  let deadline = performance.now() + sliceMs;
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
    if (performance.now() >= deadline) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      deadline = performance.now() + sliceMs;
    }
  }
}

/** How many iterations of a build's loop between two yields (a yield and a clock read cost ~0.1 µs). */
export const STEP_ROWS = 512;

/** True on every STEP_ROWS-th iteration `i` (a loop yields then: `if (stepDue(i)) yield;`). */
export const stepDue = (i: number): boolean => (i & (STEP_ROWS - 1)) === STEP_ROWS - 1;

/** items.map(fn), as steps. */
export function* mapSteps<A, B>(items: readonly A[], fn: (item: A) => B): Steps<B[]> {
  const out = new Array<B>(items.length);
  for (let i = 0; i < items.length; i++) {
    if (stepDue(i)) yield;
    out[i] = fn(items[i]!);
  }
  return out;
}
