// Rules of the Sentiment Analysis screen: whole-table summaries (cached per process), bounded paging.
import type pg from 'pg';
import { classifySentiment, SENTIMENT_PAGE_SIZE } from '../../../contracts/constants';
import type { CustomerReviewPage, EmployeeReviewPage, ReviewKind, SentimentSummary } from '../../../contracts/sentiment';
import { AppError } from '../../lib/errors';
import { selectCustomerPage, selectEmployeePage, selectSummary, type SummaryRow } from './sentiment.repo';

/** A summary is recomputed at most this often; a stale one is served while the refresh runs. */
export const SUMMARY_TTL_MS = 60_000;

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

interface Entry {
  value: SentimentSummary | null;
  at: number;
  pending: Promise<SentimentSummary> | null;
}

/**
 * The whole-table GROUP BY takes a scan of up to 1.6M rows; it runs at most once per TTL per process.
 * Concurrent callers share one computation; after the TTL the old value is served while a refresh runs
 * in the background (stale-while-revalidate), so requests never wait for the scan except the first.
 */
export class SentimentService {
  private readonly cache: Record<ReviewKind, Entry> = {
    customer: { value: null, at: 0, pending: null },
    employee: { value: null, at: 0, pending: null },
  };

  constructor(
    private readonly pool: pg.Pool,
    private readonly ttlMs = SUMMARY_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Drops the cached summaries (after an import or a bulk change). */
  invalidate(): void {
    for (const entry of Object.values(this.cache)) {
      entry.value = null;
      entry.at = 0;
    }
  }

  private refresh(kind: ReviewKind): Promise<SentimentSummary> {
    const entry = this.cache[kind];
    entry.pending ??= selectSummary(this.pool, kind)
      .then((row) => {
        const value = toSummary(row);
        entry.value = value;
        entry.at = this.now();
        return value;
      })
      .finally(() => {
        entry.pending = null;
      });
    return entry.pending;
  }

  async summary(kind: ReviewKind): Promise<SentimentSummary> {
    const entry = this.cache[kind];
    if (entry.value) {
      if (this.now() - entry.at >= this.ttlMs) this.refresh(kind).catch(() => {}); // served stale meanwhile
      return entry.value;
    }
    return this.refresh(kind);
  }

  private async bounds(kind: ReviewKind, page: number) {
    const { totalReviews: total } = await this.summary(kind);
    const totalPages = totalPagesOf(total);
    if (page > totalPages) {
      throw new AppError('BAD_REQUEST', `page must be between 1 and ${totalPages} (${total} reviews, ${SENTIMENT_PAGE_SIZE} per page)`);
    }
    return { total, totalPages, offset: (page - 1) * SENTIMENT_PAGE_SIZE };
  }

  async customerPage(page: number): Promise<CustomerReviewPage> {
    const { total, totalPages, offset } = await this.bounds('customer', page);
    const rows = await selectCustomerPage(this.pool, SENTIMENT_PAGE_SIZE, offset);
    return {
      reviews: rows.map((r) => ({
        id: r.id,
        communityName: r.community_name ?? 'Unknown Community',
        rating: r.rating,
        content: r.content,
        date: r.date,
        sentiment: r.sentiment,
        classification: classifySentiment(r.sentiment),
      })),
      page,
      pageSize: SENTIMENT_PAGE_SIZE,
      total,
      totalPages,
    };
  }

  async employeePage(page: number): Promise<EmployeeReviewPage> {
    const { total, totalPages, offset } = await this.bounds('employee', page);
    const rows = await selectEmployeePage(this.pool, SENTIMENT_PAGE_SIZE, offset);
    return {
      reviews: rows.map((r) => ({
        id: r.id,
        operatorName: r.operator_name ?? 'Unknown Operator',
        rating: r.rating,
        content: r.content,
        date: r.date,
        sentiment: r.sentiment,
        classification: classifySentiment(r.sentiment),
        jobTitle: r.job_title,
        employmentStatus: r.employment_status,
        location: r.location,
      })),
      page,
      pageSize: SENTIMENT_PAGE_SIZE,
      total,
      totalPages,
    };
  }
}
