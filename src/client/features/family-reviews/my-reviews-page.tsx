// /my/reviews: the signed-in author's reviews with their moderation states (issue 16).
import { CommunityLink } from '../../components/community-link';
import { REVIEW_RELATIONSHIP_LABELS } from '../../../contracts/family-reviews';
import { Card, CardContent } from '../../components/ui/card';
import { formatDate } from '../../lib/format';
import { useMyReviews } from '../../lib/family-reviews';
import { ReviewStateBadge } from '../../components/review-state-badge';
import { MyPage } from '../../components/my-page';

/** The author's reviews, asked for only when signed in. */
const useMyReviewItems = (enabled: boolean) => useMyReviews(undefined, enabled);

export function MyReviewsPage() {
  return (
    <MyPage
      title="My reviews"
      intro="A review is published, and counted in the community's rating, once a moderator approves it. Editing sends it back to moderation."
      noun="reviews"
      skeletonClassName="h-40 w-full"
      useItems={useMyReviewItems}
      isEmpty={(d) => d.reviews.length === 0}
      empty="You have not written a review yet. Open a community's page to write one."
    >
      {(d) => (
        <ul className="flex flex-col gap-4">
          {d.reviews.map((r) => (
            <li key={r.id}>
              <Card>
                <CardContent className="flex flex-col gap-2 pt-6">
                  <div className="flex flex-wrap items-center gap-2">
                    <CommunityLink community={r.community} className="font-semibold text-primary hover:underline" />
                    <span className="text-sm text-muted-foreground">
                      {r.community.city}, {r.community.state}
                    </span>
                    <ReviewStateBadge status={r.status} />
                  </div>
                  <p className="text-sm text-gray-700">
                    {r.rating} of 5 · “{r.title}” · {REVIEW_RELATIONSHIP_LABELS[r.relationship]} · last written {formatDate(r.updatedAt)}
                  </p>
                  {r.moderationReason && <p className="text-sm text-amber-900">Moderator: {r.moderationReason}</p>}
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </MyPage>
  );
}
