// The one rule of when the in-process answer caches are on, and how long a cached answer lives. Route
// files pass the environment to their service; the service decides what it caches and for how long.
import type { Env } from '../env';
import type { TtlCacheOptions } from './ttl-cache';

/**
 * Whether a service caches its answers: APP_CACHES (true unless set to false, e.g. to measure the uncached
 * path), and never under test, where every answer must reflect the rows the test just wrote.
 */
export function answerCachesOn(env: Pick<Env, 'NODE_ENV' | 'APP_CACHES'>): boolean {
  return env.NODE_ENV !== 'test' && env.APP_CACHES;
}

/**
 * Cache options for answers at most `maxAgeMs` old: fresh for four fifths of it, then served stale for the
 * last fifth while one refresh runs. `on: false` gives a cache that computes every time.
 */
export function maxAgeCache(maxAgeMs: number, on = true): Pick<TtlCacheOptions, 'ttlMs' | 'staleMs'> {
  return on ? { ttlMs: (maxAgeMs * 4) / 5, staleMs: maxAgeMs / 5 } : { ttlMs: 0 };
}
