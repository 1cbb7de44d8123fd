// Rules of the market module: the pricing-analytics response and the dashboard's live figures.
// Aggregates over the whole data set are cached (pricing: 5 minutes, as SPEC section 9 allows).
import type pg from 'pg';
import { CARE_TYPE_KEYS, DEFAULT_CSAT, PRICE_RANGES, US_STATES } from '../../../contracts/constants';
import type { MarketMetrics, PricingAnalyticsResponse, RecentInsights, TopOperators } from '../../../contracts/market';
import { withLongReads } from '../../db/client';
import type { Queryable } from '../../db/sql';
import { maxAgeCache } from '../../lib/cache-policy';
import { TtlCache } from '../../lib/ttl-cache';
import * as repo from './market.repo';

/**
 * The oldest answer ever served: pricing 5 minutes (SPEC section 9), dashboard figures 1 minute. The last
 * fifth of that is a stale-while-revalidate window: the first request after the fresh part starts one
 * background refresh and is answered at once, so no visitor waits for the whole-table aggregates (the
 * dashboard's include a pass over the 1.6M customer reviews: 0.4-1 s) once they have been computed.
 */
const PRICING_MAX_AGE_MS = 5 * 60_000;
const DASHBOARD_MAX_AGE_MS = 60_000;

export const SEGMENT_COLORS = { budget: '#16a34a', mid: '#2563eb', premium: '#9333ea' } as const;

const money = (n: number) => `$${Math.round(n).toLocaleString('en-US')}`;
const pct = (n: number) => Math.round(n * 1000) / 10;

export function createMarketService(pool: pg.Pool, options: { caching?: boolean } = {}) {
  const on = options.caching ?? true;
  // A pricing answer embeds the cached state averages: each gets half the 5 minutes, so no figure in an
  // answer is older than 5 minutes.
  const pricing = maxAgeCache(PRICING_MAX_AGE_MS / 2, on);
  const dashboard = maxAgeCache(DASHBOARD_MAX_AGE_MS, on);
  const pricingCache = new TtlCache<PricingAnalyticsResponse>(pricing);
  const statesCache = new TtlCache<Awaited<ReturnType<typeof repo.stateAverages>>>({ ...pricing, maxEntries: 1 });
  const dashboardCache = new TtlCache<unknown>({ ...dashboard, maxEntries: 10 });
  // Whole-table aggregates (16 M reviews at scale 10) outlast the 5 s request timeout: one read-only
  // connection allowed LONG_READ_MS each; cached, so visitors do not wait for them once computed (ADR 027).
  const long = <T>(fn: (db: Queryable) => Promise<T>) => withLongReads(pool, fn);

  async function pricingAnalytics(filter: repo.PricingFilter): Promise<PricingAnalyticsResponse> {
    const key = JSON.stringify([filter.state ?? '', filter.careType ?? '', filter.priceRange ?? '']);
    return pricingCache.get(key, async () => {
      const [agg, states] = await Promise.all([long((db) => repo.pricingAggregates(db, filter)), statesCache.get('all', () => long((db) => repo.stateAverages(db)))]);
      const avgFor = (key: keyof typeof CARE_TYPE_KEYS) => agg.byCare.find((r) => r.care_type === CARE_TYPE_KEYS[key])?.avg ?? null;
      const total = agg.bands?.total ?? 0;
      const share = (n: number) => (total ? pct(n / total) : 0);
      return {
        csatScore: agg.csat ?? DEFAULT_CSAT,
        avgPricing: { independent: avgFor('independent'), assisted: avgFor('assisted'), memory: avgFor('memory'), skilled: avgFor('skilled') },
        pricingByState: agg.byState.map((r) => ({ state: r.state, avgPrice: r.avg })),
        pricingByOperator: agg.byOperator.map((r) => ({ operatorName: r.name, avgPrice: r.avg })),
        marketSegmentation: [
          { segment: PRICE_RANGES.budget.label, percentage: share(agg.bands?.budget ?? 0), color: SEGMENT_COLORS.budget },
          { segment: PRICE_RANGES.mid.label, percentage: share(agg.bands?.mid ?? 0), color: SEGMENT_COLORS.mid },
          { segment: PRICE_RANGES.premium.label, percentage: share(agg.bands?.premium ?? 0), color: SEGMENT_COLORS.premium },
        ],
        stateOptions: states.map((r) => ({ state: r.state, avgPrice: r.avg })),
        pricePoints: total,
      };
    });
  }

  function metrics(): Promise<MarketMetrics> {
    return dashboardCache.get('metrics', async () => {
      const m = await long((db) => repo.marketMetrics(db));
      const r = m.reviews;
      return {
        communitiesTracked: m.communities,
        communitiesNewThisWeek: m.communities_new,
        operatorsMonitored: m.operators,
        operatorsNewThisWeek: m.operators_new,
        avgMarketRate: m.avg_rate === null ? null : Math.round(m.avg_rate),
        newListingsRateChangePct: m.avg_rate && m.new_avg_rate ? pct(m.new_avg_rate / m.avg_rate - 1) : null,
        marketSentiment: r.avg === null ? null : Math.round(r.avg * 10) / 10,
        reviewCount: r.n,
        reviewsLast30Days: r.recent,
        ratingChangeLast30Days: r.recent_avg !== null && r.prior_avg !== null ? Math.round((r.recent_avg - r.prior_avg) * 100) / 100 : null,
      };
    }) as Promise<MarketMetrics>;
  }

  function top(limit: number): Promise<TopOperators> {
    return dashboardCache.get(`top:${limit}`, async () => {
      const rows = await long((db) => repo.topOperators(db, limit));
      return { operators: rows.map((o) => ({ id: o.id, name: o.name, communities: o.communities, states: o.states, averageRating: o.avg_rating })) };
    }) as Promise<TopOperators>;
  }

  function recent(pro: boolean): Promise<RecentInsights> {
    return dashboardCache.get(`recent:${pro}`, async () => {
      const [spread, capacity, metricsNow] = await Promise.all([long((db) => repo.careTypeSpread(db)), long((db) => repo.regionalCapacity(db)), metrics()]);
      const avg = (label: string) => spread.find((s) => s.care_type === label)?.avg ?? null;
      const market: RecentInsights['market'] = [];
      const assisted = avg(CARE_TYPE_KEYS.assisted);
      const memory = avg(CARE_TYPE_KEYS.memory);
      const independent = avg(CARE_TYPE_KEYS.independent);
      if (assisted && memory) {
        market.push({
          title: 'Memory care premium',
          detail: `Memory care averages ${money(memory)}/month, ${Math.round((memory / assisted - 1) * 100)}% above assisted living (${money(assisted)}).`,
          tone: 'neutral',
        });
      }
      if (independent && assisted) {
        market.push({
          title: 'Independent living stays the entry point',
          detail: `Independent living averages ${money(independent)}/month, ${Math.round((1 - independent / assisted) * 100)}% below assisted living.`,
          tone: 'positive',
        });
      }
      market.push({
        title: 'New listings this week',
        detail: `${metricsNow.communitiesNewThisWeek.toLocaleString('en-US')} communities were added in the last 7 days; ${metricsNow.communitiesTracked.toLocaleString('en-US')} are tracked in all.`,
        tone: metricsNow.communitiesNewThisWeek > 0 ? 'positive' : 'neutral',
      });
      const result: RecentInsights = { market, regionalCapacity: capacity };
      if (pro) {
        const s = await long((db) => repo.sentimentHighlights(db));
        const sentiment: RecentInsights['sentiment'] = [];
        const [prev, last] = s.byYear.slice(-2);
        if (prev && last) {
          const delta = (last.positive - prev.positive) * 100;
          sentiment.push({
            title: 'Positive review share',
            detail: `${pct(last.positive)}% of ${last.year} reviews are positive (${delta >= 0 ? '+' : ''}${delta.toFixed(1)} points against ${prev.year}).`,
            tone: delta >= 0 ? 'positive' : 'negative',
          });
        }
        const best = s.states[0];
        const worst = s.states[s.states.length - 1];
        if (best && worst && best !== worst) {
          sentiment.push({
            title: 'Best and lowest rated states',
            detail: `${US_STATES[best.state] ?? best.state} leads with ${best.rating.toFixed(2)}/5; ${US_STATES[worst.state] ?? worst.state} trails at ${worst.rating.toFixed(2)}/5.`,
            tone: 'neutral',
          });
        }
        if (s.employee.n > 0) {
          sentiment.push({
            title: 'Employee sentiment',
            detail: `${pct(s.employee.positive)}% of ${s.employee.n.toLocaleString('en-US')} employee reviews are positive; average rating ${(s.employee.avg ?? 0).toFixed(1)}/5.`,
            tone: s.employee.positive >= 0.5 ? 'positive' : 'negative',
          });
        }
        result.sentiment = sentiment;
      }
      return result;
    }) as Promise<RecentInsights>;
  }

  return { pricingAnalytics, metrics, top, recent };
}
