// The city list held in memory for matching typed places: loaded on first use, refreshed in the background
// once stale; a failed refresh keeps the list it has and never becomes an unhandled rejection (which shuts
// the app down, src/server/main.ts).
import { describe, expect, it } from 'vitest';
import { CityIndex } from './city-index';

describe('CityIndex', () => {
  it('keeps answering from its list when a background refresh fails, and refreshes once the database answers again', async () => {
    let calls = 0;
    let failing = false;
    const index = new CityIndex(async () => {
      calls++;
      if (failing) throw new Error('Query read timeout');
      return calls === 1 ? [{ city: 'Austin', state: 'TX' }] : [{ city: 'Austin', state: 'TX' }, { city: 'Dallas', state: 'TX' }];
    }, 0);
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      expect(await index.match('austin')).toEqual([{ city: 'Austin', state: 'TX', exact: true, sim: 1 }]);
      failing = true;
      // Stale once a millisecond has passed (max age 0): this use starts a refresh that fails; the answer comes
      // from the list it has.
      await new Promise((r) => setTimeout(r, 5));
      expect(await index.match('dallas')).toEqual([]);
      await new Promise((r) => setTimeout(r, 20));
      expect(unhandled).toEqual([]);
      expect(calls).toBe(2);
      failing = false;
      await index.match('dallas');
      await new Promise((r) => setTimeout(r, 20));
      expect((await index.match('dallas')).map((m) => m.city)).toEqual(['Dallas']);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('follows a refreshed list of as many cities as before: a city gone no longer matches, a new one does', async () => {
    let calls = 0;
    let list = [{ city: 'Austin', state: 'TX' }, { city: 'Dallas', state: 'TX' }];
    const index = new CityIndex(async () => {
      calls++;
      return list.map((r) => ({ ...r }));
    }, 0);
    // Stale after a millisecond (max age 0): a use starts a refresh, the next ones see it.
    const refreshed = async () => {
      const before = calls;
      await new Promise((r) => setTimeout(r, 2));
      await index.match('x');
      await expect.poll(() => calls).toBeGreaterThan(before);
      await new Promise((r) => setTimeout(r, 5));
    };
    expect((await index.match('dallas')).map((m) => m.city)).toEqual(['Dallas']);
    await refreshed(); // the same cities
    expect((await index.match('dallas')).map((m) => m.city)).toEqual(['Dallas']);
    expect((await index.match('austin')).map((m) => m.city)).toEqual(['Austin']);
    list = [{ city: 'Houston', state: 'TX' }, { city: 'Austin', state: 'TX' }];
    await refreshed(); // Dallas gone, Houston new: still two cities
    expect(await index.match('dallas', 'TX')).toEqual([]);
    expect(await index.match('houston')).toEqual([{ city: 'Houston', state: 'TX', exact: true, sim: 1 }]);
    expect((await index.match('austin')).map((m) => m.city)).toEqual(['Austin']);
  });

  it('lets the first load fail to its caller, and loads on the next use', async () => {
    let calls = 0;
    const index = new CityIndex(async () => {
      calls++;
      if (calls === 1) throw new Error('connection refused');
      return [{ city: 'Austin', state: 'TX' }];
    });
    await expect(index.match('austin')).rejects.toThrow('connection refused');
    expect((await index.match('austin')).map((m) => m.city)).toEqual(['Austin']);
  });
});
