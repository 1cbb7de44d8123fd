import { REVIEW_STATE_LABELS, type ReviewState } from '../../contracts/family-reviews';
import { Badge } from './ui/badge';

const VARIANT: Record<ReviewState, 'success' | 'warning' | 'destructive' | 'soft'> = {
  pending: 'soft',
  approved: 'success',
  rejected: 'destructive',
  flagged: 'warning',
};

export function ReviewStateBadge({ status }: { status: ReviewState }) {
  return (
    <Badge variant={VARIANT[status]} data-testid="review-state">
      {REVIEW_STATE_LABELS[status]}
    </Badge>
  );
}
