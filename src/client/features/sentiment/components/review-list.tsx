// One page of reviews (up to 1000) in a windowed list, with the spec's footer and paging rules.
import { ChevronLeft, ChevronRight, Star } from 'lucide-react';
import { type ReactNode, useSyncExternalStore } from 'react';
import { SENTIMENT_PAGE_SIZE } from '../../../../contracts/constants';
import type { CustomerReviewRow, EmployeeReviewRow, ReviewKind } from '../../../../contracts/sentiment';
import { CUSTOMER_REVIEW_LOCATION, CUSTOMER_REVIEWER_TYPE } from '../../../../contracts/sentiment';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';
import { formatDate, formatNumber } from '../../../lib/format';
import { CLASS_BADGE, scoreTextClass } from '../../../lib/sentiment-style';
import { WindowedList } from './windowed-list';

/** Row heights: one line of details on wide screens; on narrow ones the details wrap. */
export const ROW_HEIGHT = 132;
const NARROW_ROW_HEIGHT = 188;
const WIDE = '(min-width: 768px)';

function subscribeWide(onChange: () => void) {
  const mq = window.matchMedia(WIDE);
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
}

function useRowHeight(): number {
  const wide = useSyncExternalStore(
    subscribeWide,
    () => window.matchMedia(WIDE).matches,
    () => true,
  );
  return wide ? ROW_HEIGHT : NARROW_ROW_HEIGHT;
}
const LIST_HEIGHT = 640;

function Stars({ rating }: { rating: number }) {
  return (
    <span className="inline-flex items-center gap-0.5" aria-label={`${rating} out of 5 stars`} role="img">
      {[1, 2, 3, 4, 5].map((i) => (
        <Star key={i} aria-hidden="true" className={cn('size-4', i <= rating ? 'fill-amber-400 text-amber-500' : 'text-gray-300')} />
      ))}
    </span>
  );
}

function ReviewRow({ title, meta, badges, review }: { title: string; meta: string; badges?: React.ReactNode; review: CustomerReviewRow | EmployeeReviewRow }) {
  return (
    <article className="flex h-full flex-col gap-1.5 border-b px-4 py-3">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <h3 className="truncate font-semibold">{title}</h3>
        <div className="flex items-center gap-3 text-sm">
          <span className={cn('font-semibold tabular-nums', scoreTextClass(review.sentiment))}>Score: {review.sentiment.toFixed(2)}</span>
          <Badge className={CLASS_BADGE[review.classification]}>{review.classification}</Badge>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
        <Stars rating={review.rating} />
        <span>{formatDate(`${review.date}T00:00:00`)}</span>
        <span>{meta}</span>
        {badges}
      </div>
      <p className="line-clamp-2 text-sm leading-relaxed">{review.content}</p>
    </article>
  );
}

/** A page of reviews as a windowed list (rows of the measured height). */
function ReviewList<R extends { id: number }>({ reviews, label, renderRow }: { reviews: R[]; label: string; renderRow: (r: R) => ReactNode }) {
  const rowHeight = useRowHeight();
  return <WindowedList items={reviews} rowHeight={rowHeight} height={LIST_HEIGHT} label={label} getKey={(r) => r.id} renderRow={renderRow} />;
}

export function CustomerReviewList({ reviews }: { reviews: CustomerReviewRow[] }) {
  return (
    <ReviewList
      reviews={reviews}
      label="Customer reviews on this page"
      renderRow={(r) => <ReviewRow title={r.communityName} meta={`${CUSTOMER_REVIEWER_TYPE} · ${CUSTOMER_REVIEW_LOCATION}`} review={r} />}
    />
  );
}

export function EmployeeReviewList({ reviews }: { reviews: EmployeeReviewRow[] }) {
  return (
    <ReviewList
      reviews={reviews}
      label="Employee reviews on this page"
      renderRow={(r) => (
        <ReviewRow
          title={r.operatorName}
          meta={`${r.jobTitle} · ${r.location ?? 'Location not given'}`}
          badges={<Badge variant={r.employmentStatus === 'current' ? 'default' : 'secondary'}>{r.employmentStatus}</Badge>}
          review={r}
        />
      )}
    />
  );
}

export interface PagerProps {
  kind: ReviewKind;
  page: number;
  /** Total reviews in the table; undefined while unknown. */
  total: number | undefined;
  loading: boolean;
  onPage: (page: number) => void;
}

/** 'Showing X to Y of Z reviews', Previous / Next and 'Page N of M' (SPEC section 2). */
export function Pager({ kind, page, total, loading, onPage }: PagerProps) {
  const pageSize = SENTIMENT_PAGE_SIZE;
  const totalPages = total === undefined ? undefined : Math.max(1, Math.ceil(total / pageSize));
  const from = total === undefined || total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = total === undefined ? 0 : Math.min(page * pageSize, total);
  return (
    <nav aria-label={`${kind === 'customer' ? 'Customer' : 'Employee'} review pages`} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {total === undefined ? 'Loading...' : `Showing ${formatNumber(from)} to ${formatNumber(to)} of ${formatNumber(total)} reviews`}
      </p>
      <div className="flex items-center gap-3">
        <Button variant="outline" size="sm" disabled={page <= 1 || loading} onClick={() => onPage(page - 1)}>
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <span className="text-sm tabular-nums">{totalPages === undefined ? 'Page ' + page : `Page ${formatNumber(page)} of ${formatNumber(totalPages)}`}</span>
        <Button
          variant="outline"
          size="sm"
          disabled={totalPages === undefined || page >= totalPages || loading}
          onClick={() => onPage(page + 1)}
        >
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
