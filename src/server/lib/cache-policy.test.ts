import { describe, expect, it } from 'vitest';
import { answerCachesOn, maxAgeCache } from './cache-policy';

describe('cache policy', () => {
  it('caches answers only outside tests and only with APP_CACHES on', () => {
    expect(answerCachesOn({ NODE_ENV: 'production', APP_CACHES: true })).toBe(true);
    expect(answerCachesOn({ NODE_ENV: 'development', APP_CACHES: true })).toBe(true);
    expect(answerCachesOn({ NODE_ENV: 'production', APP_CACHES: false })).toBe(false);
    expect(answerCachesOn({ NODE_ENV: 'test', APP_CACHES: true })).toBe(false);
  });

  it('keeps an answer fresh four fifths of its maximum age and stale the last fifth, or not at all when off', () => {
    expect(maxAgeCache(60_000)).toEqual({ ttlMs: 48_000, staleMs: 12_000 });
    const { ttlMs, staleMs = 0 } = maxAgeCache(300_000, true);
    expect(ttlMs + staleMs).toBe(300_000);
    expect(maxAgeCache(60_000, false)).toEqual({ ttlMs: 0 });
  });
});
