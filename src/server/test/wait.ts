// Bounded waits for what an app does in the background (an index rebuilt after a change notification).

/** Resolves once `check` holds; throws after `timeoutMs`. */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting for the index');
    await new Promise((r) => setTimeout(r, 50));
  }
}

