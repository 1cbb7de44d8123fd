// /my/reviews: the signed-in author's reviews with their moderation states (issue 16).
import { Link } from 'wouter';
import { REVIEW_RELATIONSHIP_LABELS } from '../../../contracts/family-reviews';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { formatDate } from '../../lib/format';
import { loginUrl, useAuth } from '../../lib/auth';
import { useMyReviews } from '../../lib/family-reviews';
import { ReviewStateBadge } from '../../components/review-state-badge';
import { MyPagesNav } from '../../components/my-pages-nav';

export function MyReviewsPage() {
  const { isAuthenticated, isLoading } = useAuth();
  const { data, isPending, isError } = useMyReviews(undefined, isAuthenticated);

  let body;
  if (isLoading || (isAuthenticated && isPending)) body = <Skeleton className="h-40 w-full" />;
  else if (!isAuthenticated)
    body = (
      <Button asChild>
        <a href={loginUrl()}>Sign in to see your reviews</a>
      </Button>
    );
  else if (isError) body = <p className="text-gray-700">Your reviews could not be loaded right now.</p>;
  else if (data!.reviews.length === 0) body = <p className="text-gray-700">You have not written a review yet. Open a community's page to write one.</p>;
  else
    body = (
      <ul className="flex flex-col gap-4">
        {data!.reviews.map((r) => (
          <li key={r.id}>
            <Card>
              <CardContent className="flex flex-col gap-2 pt-6">
                <div className="flex flex-wrap items-center gap-2">
                  <Link href={`/community/${r.community.id}`} className="font-semibold text-primary hover:underline">
                    {r.community.name}
                  </Link>
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
    );

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6">
      <MyPagesNav />
      <h1 className="text-3xl font-bold tracking-tight text-gray-900">My reviews</h1>
      <p className="mt-2 mb-6 text-gray-700">A review is published, and counted in the community's rating, once a moderator approves it. Editing sends it back to moderation.</p>
      {body}
    </div>
  );
}
