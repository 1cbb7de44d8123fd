import { StarIcon } from 'lucide-react';
import { cn } from '../../../lib/utils';

/** Five stars, the first `rating` (rounded) filled; read out as 'Rated N out of 5 stars'. */
export function StarRating({ rating, className, size = 'size-4' }: { rating: number; className?: string; size?: string }) {
  const filled = Math.max(0, Math.min(5, Math.round(rating)));
  return (
    <span role="img" aria-label={`Rated ${filled} out of 5 stars`} className={cn('inline-flex items-center gap-0.5', className)}>
      {[1, 2, 3, 4, 5].map((n) => (
        <StarIcon
          key={n}
          aria-hidden="true"
          className={cn(size, n <= filled ? 'fill-highlight text-highlight' : 'fill-gray-200 text-gray-300')}
        />
      ))}
    </span>
  );
}
