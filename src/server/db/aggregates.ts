// Denormalized figures (community rating/review count/price span, operator community count)
// are recomputed here after bulk loads and imports, so every screen reads consistent numbers.
import { refreshReviewSummaries } from './review-summary';
import type { Queryable } from './sql';

export interface RefreshScope {
  /** Limit to these community ids (e.g. after an import); all when omitted. */
  communityIds?: number[];
}

export async function refreshAggregates(db: Queryable, scope: RefreshScope = {}): Promise<void> {
  const ids = scope.communityIds;
  const params = ids ? [ids] : [];
  await refreshReviewFigures(db, scope);
  await db.query(
    `UPDATE communities c
        SET min_price = p.min_price, max_price = p.max_price
       FROM communities c2
       LEFT JOIN (SELECT community_id, min(min_price) AS min_price, max(max_price) AS max_price
                    FROM community_pricing GROUP BY community_id) p ON p.community_id = c2.id
      WHERE c.id = c2.id ${ids ? 'AND c.id = ANY($1::int[])' : ''}
        AND (c.min_price IS DISTINCT FROM p.min_price OR c.max_price IS DISTINCT FROM p.max_price)`,
    params,
  );
  await db.query(
    `UPDATE operators o
        SET community_count = coalesce(n.cnt, 0)
       FROM operators o2
       LEFT JOIN (SELECT operator_id, count(*)::int AS cnt FROM communities WHERE operator_id IS NOT NULL AND listing_status = 'listed' GROUP BY operator_id) n
              ON n.operator_id = o2.id
      WHERE o.id = o2.id AND o.community_count IS DISTINCT FROM coalesce(n.cnt, 0)`,
  );
}

/**
 * Rating and review count of communities from their customer reviews (rating_score follows: it is
 * generated from them), and their review summaries (ADR 029). Also run on its own when one review is
 * published or withdrawn (issue 16).
 */
export async function refreshReviewFigures(db: Queryable, scope: RefreshScope = {}): Promise<void> {
  const ids = scope.communityIds;
  const params = ids ? [ids] : [];
  await db.query(
    `UPDATE communities c
        SET rating = coalesce(r.avg_rating, 0), review_count = coalesce(r.n, 0)
       FROM communities c2
       LEFT JOIN (SELECT community_id, round(avg(rating)::numeric, 2)::real AS avg_rating, count(*)::int AS n
                    FROM customer_reviews ${ids ? 'WHERE community_id = ANY($1::int[])' : ''}
                   GROUP BY community_id) r ON r.community_id = c2.id
      WHERE c.id = c2.id ${ids ? 'AND c.id = ANY($1::int[])' : ''}
        AND (c.rating IS DISTINCT FROM coalesce(r.avg_rating, 0) OR c.review_count IS DISTINCT FROM coalesce(r.n, 0))`,
    params,
  );
  await refreshReviewSummaries(db, ids);
}
