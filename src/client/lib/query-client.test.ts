import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';

describe('query defaults (SPEC section 7)', () => {
  it('never refetches on its own, never goes stale and never retries', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.refetchInterval).toBe(false);
    expect(defaults.queries?.refetchOnWindowFocus).toBe(false);
    expect(defaults.queries?.staleTime).toBe(Infinity);
    expect(defaults.queries?.retry).toBe(false);
    expect(defaults.mutations?.retry).toBe(false);
    expect(typeof defaults.queries?.queryFn).toBe('function');
  });
});
