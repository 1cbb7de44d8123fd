// 'Resident Reviews': summary, the first 3 reviews, and 'View All N Reviews' (a paged dialog, newest first).
import { ChevronLeftIcon, ChevronRightIcon, MessageSquareIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { SectionCard } from '../../../components/section-card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatNumber, formatRating } from '../../../lib/format';
import { REVIEWS_DIALOG_PAGE_SIZE, REVIEWS_PREVIEW_COUNT, useReviews } from '../api/get-reviews';
import { ReviewItem } from './review-item';
import { StarRating } from './star-rating';

function ReviewListSkeleton({ count }: { count: number }) {
  return (
    <div className="flex flex-col gap-6" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="flex flex-col gap-2">
          <Skeleton className="h-4 w-48" />
          <Skeleton className="h-3 w-32" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
        </div>
      ))}
    </div>
  );
}

/** The preview and the dialog say the same when the reviews cannot be loaded. */
function ReviewsLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="flex flex-col items-start gap-3">
      <p className="text-gray-700">Reviews could not be loaded right now.</p>
      <Button variant="outline" onClick={onRetry}>
        Try Again
      </Button>
    </div>
  );
}

export function ReviewsSection({ communityId, communityName }: { communityId: number; communityName: string }) {
  const [open, setOpen] = useState(false);
  const { data, isPending, isError, refetch } = useReviews(communityId, 1, REVIEWS_PREVIEW_COUNT);
  const total = data?.summary.totalReviews ?? 0;

  return (
    <SectionCard titleClassName="text-xl" headingId="reviews-heading" title="Resident Reviews">
      {isPending ? (
        <div role="status" aria-live="polite">
          <span className="sr-only">Loading reviews…</span>
          <Skeleton className="mb-6 h-16 w-64" />
          <ReviewListSkeleton count={REVIEWS_PREVIEW_COUNT} />
        </div>
      ) : isError ? (
        <ReviewsLoadError onRetry={() => void refetch()} />
      ) : total === 0 ? (
        <div className="flex flex-col items-center gap-2 py-6 text-center">
          <MessageSquareIcon className="size-8 text-gray-400" aria-hidden="true" />
          <p className="text-gray-700">No reviews available yet. Be the first to share your experience!</p>
        </div>
      ) : (
        <>
          <div className="mb-6 flex items-center gap-4 rounded-lg bg-muted p-4">
            <span className="text-4xl font-bold text-gray-900 tabular-nums" data-testid="average-rating">
              {formatRating(data.summary.averageRating)}
            </span>
            <div className="flex flex-col gap-1">
              <StarRating rating={data.summary.averageRating} size="size-5" />
              <span className="text-sm text-muted-foreground">Based on {formatNumber(total)} reviews</span>
            </div>
          </div>
          <div>
            {data.reviews.slice(0, REVIEWS_PREVIEW_COUNT).map((review) => (
              <ReviewItem key={review.id} review={review} />
            ))}
          </div>
          {total > REVIEWS_PREVIEW_COUNT && (
            <Button variant="outline" className="mt-6 w-full sm:w-auto" onClick={() => setOpen(true)}>
              View All {formatNumber(total)} Reviews
            </Button>
          )}
        </>
      )}
      {/* The dialog renders in a portal: where it stands in the card changes nothing on the page. */}
      {open && <AllReviewsDialog communityId={communityId} communityName={communityName} open={open} onOpenChange={setOpen} />}
    </SectionCard>
  );
}

function AllReviewsDialog({
  communityId,
  communityName,
  open,
  onOpenChange,
}: {
  communityId: number;
  communityName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, isFetching, isPlaceholderData, refetch } = useReviews(communityId, page, REVIEWS_DIALOG_PAGE_SIZE);
  const totalPages = Math.max(1, data?.totalPages ?? 1);
  const total = data?.summary.totalReviews ?? 0;
  const from = total === 0 ? 0 : (page - 1) * REVIEWS_DIALOG_PAGE_SIZE + 1;
  const to = Math.min(page * REVIEWS_DIALOG_PAGE_SIZE, total);
  const listRef = useRef<HTMLDivElement>(null);
  // A new page starts at its top.
  useEffect(() => {
    if (listRef.current) listRef.current.scrollTop = 0;
  }, [page]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex max-h-[90vh] max-w-2xl flex-col gap-0 p-0">
        <DialogHeader className="border-b border-border p-6 pb-4">
          <DialogTitle>All Reviews of {communityName}</DialogTitle>
          <DialogDescription>
            {data
              ? `${formatRating(data.summary.averageRating)} out of 5, based on ${formatNumber(total)} reviews. Newest first.`
              : 'Newest first.'}
          </DialogDescription>
        </DialogHeader>
        <div
          ref={listRef}
          // Keyboard users scroll the list too (it is a focusable region).
          tabIndex={0}
          role="region"
          aria-label={`Reviews, page ${page} of ${totalPages}`}
          className="min-h-0 flex-1 overflow-y-auto px-6 py-5 focus-visible:outline-2 focus-visible:-outline-offset-2"
          aria-busy={isFetching}
          data-testid="all-reviews-list"
        >
          {isPending ? (
            <ReviewListSkeleton count={4} />
          ) : isError ? (
            <ReviewsLoadError onRetry={() => void refetch()} />
          ) : (
            <div className={isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
              {data.reviews.map((review) => (
                <ReviewItem key={review.id} review={review} />
              ))}
            </div>
          )}
        </div>
        <nav aria-label="Review pages" className="flex flex-wrap items-center justify-between gap-3 border-t border-border px-6 py-4">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {total > 0 ? `Showing ${from}-${to} of ${formatNumber(total)} · Page ${page} of ${totalPages}` : ''}
          </p>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" disabled={page <= 1 || isFetching} onClick={() => setPage((p) => Math.max(1, p - 1))}>
              <ChevronLeftIcon aria-hidden="true" />
              Previous
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={page >= totalPages || isFetching}
              onClick={() => setPage((p) => Math.min(totalPages, p + 1))}
            >
              Next
              <ChevronRightIcon aria-hidden="true" />
            </Button>
          </div>
        </nav>
      </DialogContent>
    </Dialog>
  );
}
