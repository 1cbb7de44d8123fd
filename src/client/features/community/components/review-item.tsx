import type { Review } from '../../../../contracts/community';
import { Badge } from '../../../components/ui/badge';
import { formatDate } from '../../../lib/format';
import { StarRating } from './star-rating';

/**
 * One review: stars, author, date, 'via {source}', Verified badge, optional title, content. "Verified"
 * only for a review written on this site and verified by the ADR 008 rule; never for demo reviews.
 */
export function ReviewItem({ review }: { review: Review }) {
  const verified = review.verified && review.provenance.kind === 'user';
  return (
    <article className="border-b border-border py-5 first:pt-0 last:border-b-0 last:pb-0" data-testid="review">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <StarRating rating={review.rating} />
        <span className="font-semibold text-gray-900">{review.author}</span>
        {verified && (
          <Badge variant="success" className="font-medium">
            Verified
          </Badge>
        )}
      </div>
      <p className="mt-1 text-sm text-muted-foreground">
        <time dateTime={review.date}>{formatDate(`${review.date}T12:00:00`)}</time>
        <span aria-hidden="true"> · </span>
        <span>via {review.source}</span>
      </p>
      {review.title && <h3 className="mt-3 text-base font-semibold text-gray-900">{review.title}</h3>}
      <p className="mt-2 leading-relaxed whitespace-pre-line text-gray-700">{review.content}</p>
    </article>
  );
}
