// Rules of the Sentiment Analysis screen: whole-table summaries (cached per process), bounded paging.
import { reviewProvenance } from '../../../contracts/provenance';
import type pg from 'pg';
import { classifySentiment, SENTIMENT_PAGE_SIZE } from '../../../contracts/constants';
import {
  customerReviewPageSchema,
  employeeReviewPageSchema,
  type CustomerReviewPage,
  type EmployeeReviewPage,
  type ReviewKind,
  type SentimentSummary,
  type SentimentTrend,
} from '../../../contracts/sentiment';
import { withLongReads } from '../../db/client';
import { AppError } from '../../lib/errors';
import { serializeAnswer, type SerializedAnswer } from '../../lib/serialized';
import { TtlCache } from '../../lib/ttl-cache';
import {
  type PageKey,
  type PageStart,
  type ReviewDbRow,
  selectCustomerPage,
  selectEmployeePage,
  selectMonthlyTrend,
  selectPageKeys,
  selectSummary,
  type SummaryRow,
} from './sentiment.repo';

/**
 * Summaries and page keys are recomputed at most this often; stale ones are served while the refresh
 * runs. One refresh of both kinds takes about 2 s of a core on the full data set (customer summary
 * ~1.2 s, its page keys ~0.9 s), which shows in every request's tail while it runs: 5 minutes, the
 * freshness the spec gives pricing analytics, rather than every minute.
 */
export const SUMMARY_TTL_MS = 5 * 60_000;

export function toSummary(row: SummaryRow): SentimentSummary {
  return {
    totalReviews: row.total,
    averageRating: row.avg_rating,
    averageSentiment: row.avg_sentiment,
    positive: row.positive,
    neutral: row.neutral,
    negative: row.negative,
    byStars: [row.s1, row.s2, row.s3, row.s4, row.s5].map((count, i) => ({ stars: i + 1, count })),
  };
}

export function totalPagesOf(total: number): number {
  return Math.max(1, Math.ceil(total / SENTIMENT_PAGE_SIZE));
}

/**
 * A value recomputed at most once per TTL. Concurrent callers share one computation; after the TTL the
 * old value is served while a refresh runs in the background (stale-while-revalidate).
 */
class Swr<T> {
  private value: T | null = null;
  private at = 0;
  private pending: Promise<T> | null = null;

  constructor(
    private readonly load: () => Promise<T>,
    private readonly ttlMs: number,
    private readonly now: () => number,
  ) {}

  refresh(): Promise<T> {
    this.pending ??= this.load()
      .then((value) => {
        this.value = value;
        this.at = this.now();
        return value;
      })
      .finally(() => {
        this.pending = null;
      });
    return this.pending;
  }

  get(): Promise<T> {
    if (this.value === null) return this.refresh();
    if (this.now() - this.at >= this.ttlMs) this.refresh().catch(() => {}); // the stale value is served meanwhile
    return Promise.resolve(this.value);
  }

  /** The cached value (fresh or stale) without waiting; starts a load when there is none. */
  peek(): T | null {
    if (this.value === null) this.refresh().catch(() => {});
    else if (this.now() - this.at >= this.ttlMs) this.refresh().catch(() => {});
    return this.value;
  }

  clear(): void {
    this.value = null;
    this.at = 0;
  }
}

/**
 * The whole-table aggregates take a scan of up to 1.6M rows and the page keys one index-only scan;
 * each runs at most once per TTL per process, so a request only waits for them the first time.
 */
export class SentimentService {
  private readonly summaries: Record<ReviewKind, Swr<SentimentSummary>>;
  private readonly pageKeys: Record<ReviewKind, Swr<PageKey[]>>;
  private readonly trends: Record<ReviewKind, Swr<SentimentTrend>>;
  /** Pages as bytes (serializing 1000 rows per request was most of their cost), as long as the summaries. */
  private readonly pages: TtlCache<SerializedAnswer>;

  /** `cachePages`: keep serialized review pages (lib/cache-policy's answerCachesOn: off in tests and with APP_CACHES=false). */
  constructor(
    private readonly pool: pg.Pool,
    ttlMs = SUMMARY_TTL_MS,
    now: () => number = Date.now,
    cachePages = false,
  ) {
    this.pages = new TtlCache<SerializedAnswer>({ ttlMs: cachePages ? ttlMs : 0, maxEntries: 32 });
    // Whole-table reads (16 M customer reviews at scale 10) outlast the 5 s request timeout: one read-only
    // connection allowed LONG_READ_MS each, once per TTL (ADR 027).
    const summary = (kind: ReviewKind) => new Swr(async () => toSummary(await withLongReads(pool, (db) => selectSummary(db, kind))), ttlMs, now);
    const keys = (kind: ReviewKind) => new Swr(() => withLongReads(pool, (db) => selectPageKeys(db, kind, SENTIMENT_PAGE_SIZE)), ttlMs, now);
    this.summaries = { customer: summary('customer'), employee: summary('employee') };
    this.pageKeys = { customer: keys('customer'), employee: keys('employee') };
    const trend = (kind: ReviewKind) =>
      new Swr(
        async (): Promise<SentimentTrend> => {
          const rows = await withLongReads(pool, (db) => selectMonthlyTrend(db, kind));
          const total = rows.reduce((a, r) => a + r.reviews, 0);
          return {
            months: rows.map((r) => ({ month: r.month, reviews: r.reviews, averageSentiment: r.avg })),
            computedFrom: `${total.toLocaleString('en-US')} ${kind} reviews by the month of their review date; sentiment derived from the review text`,
          };
        },
        ttlMs,
        now,
      );
    this.trends = { customer: trend('customer'), employee: trend('employee') };
  }

  /** Mean sentiment per month of review date over the whole table (cached like the summaries). */
  trend(kind: ReviewKind): Promise<SentimentTrend> {
    return this.trends[kind].get();
  }

  /** Drops the cached summaries and page keys (after an import or a bulk change). */
  invalidate(): void {
    for (const c of [...Object.values(this.summaries), ...Object.values(this.pageKeys), ...Object.values(this.trends)]) c.clear();
  }

  /** Computes both summaries and page keys ahead of the first visitor (after the server starts listening). */
  async warm(): Promise<void> {
    for (const kind of ['customer', 'employee'] as const) {
      await this.summaries[kind].get();
      await this.pageKeys[kind].get();
      await this.trends[kind].get();
    }
  }

  summary(kind: ReviewKind): Promise<SentimentSummary> {
    return this.summaries[kind].get();
  }

  private async bounds(kind: ReviewKind, page: number): Promise<{ total: number; totalPages: number; start: PageStart }> {
    const { totalReviews: total } = await this.summary(kind);
    const totalPages = totalPagesOf(total);
    if (page > totalPages) {
      throw new AppError('BAD_REQUEST', `page must be between 1 and ${totalPages} (${total} reviews, ${SENTIMENT_PAGE_SIZE} per page)`);
    }
    const offset = (page - 1) * SENTIMENT_PAGE_SIZE;
    if (page === 1) return { total, totalPages, start: { offset } };
    // Deep pages: a keyset range from the cached first key of the page; OFFSET until the keys are known.
    const key = this.pageKeys[kind].peek()?.[page - 1];
    return { total, totalPages, start: key ? { from: key } : { offset } };
  }

  async customerPage(page: number): Promise<CustomerReviewPage> {
    return this.page('customer', page, selectCustomerPage, (r) => ({
      ...reviewFields(r),
      communityName: r.community_name ?? 'Unknown Community',
    }));
  }

  async employeePage(page: number): Promise<EmployeeReviewPage> {
    return this.page('employee', page, selectEmployeePage, (r) => ({
      ...reviewFields(r),
      operatorName: r.operator_name ?? 'Unknown Operator',
      jobTitle: r.job_title,
      employmentStatus: r.employment_status,
      location: r.location,
    }));
  }

  /**
   * A page as bytes: validated against its contract, serialized and gzipped once, and cached as long as the
   * summaries and page keys it is built from. Null when the service does not cache pages (tests, APP_CACHES=false).
   */
  serializedPage(kind: ReviewKind, page: number): Promise<SerializedAnswer> | null {
    if (!this.pages.enabled) return null;
    return this.pages.get(`${kind}:${page}`, async () =>
      serializeAnswer(
        kind === 'customer' ? customerReviewPageSchema.parse(await this.customerPage(page)) : employeeReviewPageSchema.parse(await this.employeePage(page)),
      ),
    );
  }

  private async page<R, T>(
    kind: ReviewKind,
    page: number,
    select: (db: pg.Pool, limit: number, start: PageStart) => Promise<R[]>,
    toReview: (row: R) => T,
  ): Promise<{ reviews: T[]; page: number; pageSize: typeof SENTIMENT_PAGE_SIZE; total: number; totalPages: number }> {
    const { total, totalPages, start } = await this.bounds(kind, page);
    const rows = await select(this.pool, SENTIMENT_PAGE_SIZE, start);
    return { reviews: rows.map(toReview), page, pageSize: SENTIMENT_PAGE_SIZE, total, totalPages };
  }
}

/** What a customer and an employee review of a page have in common. */
function reviewFields(r: ReviewDbRow) {
  return {
    id: r.id,
    rating: r.rating,
    content: r.content,
    date: r.date,
    sentiment: r.sentiment,
    classification: classifySentiment(r.sentiment),
    source: reviewProvenance(r.source_kind, r.source),
  };
}
