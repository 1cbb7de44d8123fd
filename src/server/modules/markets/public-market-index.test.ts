// The market indexes (ADR 029) on a small public load (Rhode Island and Delaware): real facilities, many on
// the same ZIP-centre point (approximate locations), licence counties, no prices and no reviews. Every
// competitive set and the state and county theme reports answer as the SQL path does.
import { describe, expect, it } from 'vitest';
import type { LiveIndex } from '../../lib/live-index';
import { ensureMarketData } from '../../db/counties';
import { ensurePublicDataset } from '../../db/public-dataset/load';
import { useTestApp } from '../../test/db';
import { comparableReport } from '../../test/floats';
import { MarketThemesIndex } from '../themes/market-themes-index';
import { ThemeService } from '../themes/themes.service';
import { MarketIndex } from './market-index';
import { createMarketsService } from './markets.service';

const t = useTestApp({}, async (tdb) => {
  await ensurePublicDataset(tdb.pool, { states: ['RI', 'DE'] });
  await ensureMarketData(tdb.pool);
});

describe('the market indexes on the public dataset', () => {
  it('give every located facility the same competitive set at 5, 10 and 25 miles', async () => {
    const pool = t.tdb.pool;
    const index = await MarketIndex.build(pool);
    const themes = new ThemeService(pool, 0);
    const onSql = createMarketsService(pool, { caching: false, themes });
    const onIndex = createMarketsService(pool, { caching: false, themes, index: { current: index } as LiveIndex<MarketIndex> });
    const { rows } = await pool.query<{ id: number }>(`SELECT id FROM communities WHERE listing_status = 'listed' AND lat IS NOT NULL ORDER BY id`);
    expect(rows.length).toBeGreaterThan(100);
    let shared = 0;
    for (const { id } of rows) {
      for (const radius of [5, 10, 25]) {
        const [a, b] = await Promise.all([onIndex.competitiveSet(id, radius), onSql.competitiveSet(id, radius)]);
        expect(a, `${id} at ${radius} miles`).toEqual(b);
        // Facilities on one ZIP-centre point: equal distances, the id decides.
        if (a.competitors.filter((c) => c.distanceMiles === 0).length > 1) shared++;
      }
    }
    expect(shared).toBeGreaterThan(0);
  }, 240_000);

  it('give the same state and county theme reports (no reviews: empty, from SQL or not)', async () => {
    const pool = t.tdb.pool;
    const index = await MarketThemesIndex.build(pool);
    const onSql = new ThemeService(pool, 0);
    const onIndex = new ThemeService(pool, 0, { index: { current: index } as LiveIndex<MarketThemesIndex> });
    const { rows } = await pool.query<{ state: string; fips: string }>(
      `SELECT DISTINCT state, county_fips AS fips FROM communities WHERE listing_status = 'listed' AND county_fips IS NOT NULL ORDER BY 1, 2`,
    );
    expect(rows.length).toBeGreaterThan(5);
    for (const kind of ['customer', 'employee'] as const) {
      for (const state of ['RI', 'DE']) {
        expect(comparableReport(await onIndex.market(kind, state, null, null))).toEqual(comparableReport(await onSql.market(kind, state, null, null)));
      }
      for (const { state, fips } of rows) {
        expect(index.keysFor(kind, state, null, fips)).not.toBeNull();
        expect(comparableReport(await onIndex.market(kind, state, null, fips))).toEqual(comparableReport(await onSql.market(kind, state, null, fips)));
      }
    }
  }, 120_000);
});
