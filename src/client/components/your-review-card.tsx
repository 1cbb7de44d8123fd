// "Your review" on the community page (issue 16): sign in to write one; the author's own review with its
// moderation state, the moderator's reason, and Edit (which sends it back to moderation).
import { PencilIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from './ui/button';
import { SectionCard } from './section-card';
import { Skeleton } from './ui/skeleton';
import { useAuth, useLoginUrl } from '../lib/auth';
import { useMyReviews } from '../lib/family-reviews';
import { ReviewForm } from './review-form';
import { ReviewStateBadge } from './review-state-badge';
import { ButtonLink } from './button-link';

export function YourReviewCard({ communityId, communityName }: { communityId: number; communityName: string }) {
  const { isAuthenticated, isLoading } = useAuth();
  const signIn = useLoginUrl();
  const mine = useMyReviews(communityId, isAuthenticated);
  const [editing, setEditing] = useState(false);
  const review = mine.data?.reviews[0] ?? null;

  let body;
  if (isLoading || (isAuthenticated && mine.isPending)) {
    body = <Skeleton className="h-24 w-full" />;
  } else if (!isAuthenticated) {
    body = (
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-gray-700">Lived here, or visited someone who did? Sign in to share your experience.</p>
        <ButtonLink href={signIn} variant="outline" plain>Sign in to write a review</ButtonLink>
      </div>
    );
  } else if (mine.isError) {
    body = <p className="text-gray-700">Your review could not be loaded right now.</p>;
  } else if (!review || editing) {
    body = <ReviewForm communityId={communityId} existing={review} onDone={() => setEditing(false)} />;
  } else {
    body = (
      <div className="flex flex-col gap-3" data-testid="your-review">
        <div className="flex flex-wrap items-center gap-2">
          <ReviewStateBadge status={review.status} />
          <span className="text-sm text-gray-700">
            {review.rating} of 5 · “{review.title}”
          </span>
        </div>
        {review.moderationReason && (
          <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">Moderator: {review.moderationReason}</p>
        )}
        <p className="text-sm text-muted-foreground">
          {review.status === 'approved'
            ? 'Published below and counted in the rating. Editing sends it back to moderation.'
            : review.status === 'pending'
              ? 'A moderator will read it soon; it is not published or counted until approved.'
              : 'Not published. Edit it to send it to moderation again.'}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            <PencilIcon aria-hidden="true" />
            Edit your review
          </Button>
          <ButtonLink href="/my/reviews" variant="ghost" size="sm">All my reviews</ButtonLink>
        </div>
      </div>
    );
  }

  return (
    <SectionCard
      titleClassName="text-xl"
      headingId="your-review-heading"
      title={review ? 'Your review' : 'Write a review'}
      description={<>Reviews from families, residents and visitors of {communityName}, read by a moderator before they appear.</>}
    >
      {body}
    </SectionCard>
  );
}
