import { afterEach, describe, expect, it, vi } from 'vitest';
import { TtlCache } from './ttl-cache';

afterEach(() => {
  vi.useRealTimers();
});

describe('TtlCache', () => {
  it('computes once per key while fresh and shares a pending computation', async () => {
    const cache = new TtlCache<number>({ ttlMs: 1000 });
    let calls = 0;
    const compute = async () => ++calls;
    const [a, b] = await Promise.all([cache.get('k', compute), cache.get('k', compute)]);
    expect([a, b, calls]).toEqual([1, 1, 1]);
    expect(await cache.get('other', compute)).toBe(2);
  });

  it('answers a stale value at once and refreshes it in the background', async () => {
    vi.useFakeTimers({ now: 0 });
    const cache = new TtlCache<number>({ ttlMs: 100, staleMs: 1000 });
    let calls = 0;
    const compute = async () => ++calls;
    expect(await cache.get('k', compute)).toBe(1);
    vi.setSystemTime(150);
    expect(await cache.get('k', compute)).toBe(1);
    await Promise.resolve();
    expect(await cache.get('k', compute)).toBe(2);
    vi.setSystemTime(5000);
    expect(await cache.get('k', compute)).toBe(3);
  });

  it('forgets failures, is disabled with ttl 0 and caps its size', async () => {
    const cache = new TtlCache<number>({ ttlMs: 1000, maxEntries: 2 });
    await expect(cache.get('bad', async () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(await cache.get('bad', async () => 7)).toBe(7);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(await cache.get('bad', async () => 8)).toBe(8);
    const off = new TtlCache<number>({ ttlMs: 0 });
    let n = 0;
    await off.get('k', async () => ++n);
    await off.get('k', async () => ++n);
    expect(n).toBe(2);
  });

  it('evicts the least recently used entry, a hit counting as a use', async () => {
    const cache = new TtlCache<number>({ ttlMs: 1000, maxEntries: 2 });
    cache.set('a', 1);
    cache.set('b', 2);
    expect(await cache.get('a', async () => 10)).toBe(1); // 'a' is now the most recently used
    cache.set('c', 3); // evicts 'b'
    expect(await cache.get('a', async () => 10)).toBe(1);
    expect(await cache.get('b', async () => 20)).toBe(20);
    expect(cache.size).toBe(2);
  });

  it('does not put back a refresh that finished after clear()', async () => {
    vi.useFakeTimers({ now: 0 });
    const cache = new TtlCache<number>({ ttlMs: 100, staleMs: 1000 });
    let release: (v: number) => void = () => {};
    expect(await cache.get('k', async () => 1)).toBe(1);
    vi.setSystemTime(150);
    expect(await cache.get('k', () => new Promise<number>((r) => (release = r)))).toBe(1);
    cache.clear();
    release(2);
    await Promise.resolve();
    await Promise.resolve();
    expect(await cache.get('k', async () => 3)).toBe(3);
  });
});
