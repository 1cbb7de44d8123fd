// The moderation queue (issue 16): reviews written on this site wait here. Approve publishes (and counts)
// a review; Reject and Flag personal data need a reason, which the author reads.
import { useState } from 'react';
import { REVIEW_RELATIONSHIP_LABELS, REVIEW_STATE_LABELS, REVIEW_STATES, type AdminReview, type ModerationAction, type ReviewState } from '../../../../contracts/family-reviews';
import { LabelledSelect } from '../../../components/labelled-select';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Label } from '../../../components/ui/label';
import { Skeleton } from '../../../components/ui/skeleton';
import { Textarea } from '../../../components/ui/textarea';
import { useToast } from '../../../components/ui/use-toast';
import { useAdminReviews, useModerateReview } from '../../../lib/family-reviews';
import { ReviewStateBadge } from '../../../components/review-state-badge';
import { errorMessage } from '../api/admin-api';
import { formatDateTime } from './response-clock';

const STATUS_OPTIONS = [...REVIEW_STATES.map((s) => ({ value: s, label: REVIEW_STATE_LABELS[s] })), { value: 'all' as const, label: 'All reviews' }];

function ReviewCard({ review }: { review: AdminReview }) {
  const { toast } = useToast();
  const moderate = useModerateReview();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reasonId = `review-${review.id}-reason`;
  const act = (action: ModerationAction) => {
    setError(null);
    moderate.mutate(
      { id: review.id, action, reason: reason.trim() || undefined },
      {
        onSuccess: (r) => toast({ title: `“${r.title}”: ${REVIEW_STATE_LABELS[r.status]}` }),
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };
  const canApprove = review.status === 'pending';
  const canTakeDown = review.status === 'pending' || review.status === 'approved';

  return (
    <Card data-testid="moderation-item">
      <CardContent className="flex flex-col gap-3 pt-6">
        <div className="flex flex-wrap items-center gap-2">
          <ReviewStateBadge status={review.status} />
          <span className="font-semibold text-gray-900">{review.community.name}</span>
          <span className="text-sm text-muted-foreground">
            {review.community.city}, {review.community.state}
          </span>
          {review.verifiable && (
            <Badge variant="outline" title="The author sent a request for, or saved, this community (ADR 008)">
              Will be Verified
            </Badge>
          )}
        </div>
        <p className="text-sm text-gray-700">
          {review.rating} of 5 · {REVIEW_RELATIONSHIP_LABELS[review.relationship]} · by {review.author.name} ({review.author.email}) · written {formatDateTime(review.updatedAt)}
          {review.stayFrom ? ` · stay ${review.stayFrom}${review.stayTo ? ` to ${review.stayTo}` : ''}` : ''} · sentiment {review.sentiment.toFixed(2)}
        </p>
        <h3 className="text-base font-semibold text-gray-900">{review.title}</h3>
        <p className="whitespace-pre-line text-gray-800">{review.content}</p>
        {review.moderationReason && <p className="text-sm text-amber-900">Reason given: {review.moderationReason}</p>}
        {canTakeDown && (
          <div className="flex flex-col gap-2 rounded-lg border bg-muted/40 p-3">
            <Label htmlFor={reasonId}>Reason for the author (needed to reject or flag)</Label>
            <Textarea id={reasonId} rows={2} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} placeholder="e.g. Names a staff member; please leave names out" />
            <div className="flex flex-wrap gap-2">
              {canApprove && (
                <Button size="sm" disabled={moderate.isPending} onClick={() => act('approve')}>
                  Approve
                </Button>
              )}
              <Button size="sm" variant="outline" disabled={moderate.isPending} onClick={() => act('flag')}>
                Flag personal data
              </Button>
              <Button size="sm" variant="destructive" disabled={moderate.isPending} onClick={() => act('reject')}>
                Reject
              </Button>
            </div>
            {error && (
              <p role="alert" className="text-sm text-red-800">
                {error}
              </p>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

export function ReviewsTab() {
  const [status, setStatus] = useState<ReviewState | 'all'>('pending');
  const { data, isPending, isError, error } = useAdminReviews(status);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <p className="text-sm text-gray-700" data-testid="moderation-pending-count">
          {data ? `${data.pendingCount} ${data.pendingCount === 1 ? 'review waits' : 'reviews wait'} for moderation.` : ' '}
        </p>
        <LabelledSelect label="Show" value={status} options={STATUS_OPTIONS} onChange={setStatus} inline triggerClassName="w-56" />
      </div>
      {isPending ? (
        <Skeleton className="h-48 w-full" />
      ) : isError ? (
        <p className="text-red-800">{errorMessage(error)}</p>
      ) : data.reviews.length === 0 ? (
        <p className="text-gray-700">No reviews here.</p>
      ) : (
        data.reviews.map((r) => <ReviewCard key={r.id} review={r} />)
      )}
    </div>
  );
}
