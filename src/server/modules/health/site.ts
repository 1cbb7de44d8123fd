// What the client needs to know about the site before it paints (GET /api/site): whether the database
// holds demo communities (the "demo data" ribbon, ADR 008). One EXISTS, shared for a minute: it changes
// only when a dataset is generated or removed. Also injected into the pre-rendered pages (modules/seo).
import type pg from 'pg';
import type { SiteResponse } from '../../../contracts/health';
import type { Env } from '../../env';
import { TtlCache } from '../../lib/ttl-cache';

export function createSiteInfo(pool: pg.Pool, env: Pick<Env, 'APP_CACHES'>): { get(): Promise<SiteResponse> } {
  const cache = new TtlCache<boolean>({ ttlMs: env.APP_CACHES ? 60_000 : 0, maxEntries: 1 });
  return {
    async get() {
      const demoData = await cache.get('demo', async () => {
        const { rows } = await pool.query<{ demo: boolean }>("SELECT EXISTS (SELECT 1 FROM communities WHERE source_kind = 'demo') AS demo");
        return rows[0]?.demo ?? false;
      });
      return { demoData };
    },
  };
}
