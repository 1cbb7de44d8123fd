// /saved: the signed-in user's saved communities (newest first) as search cards. Signed out: an
// invitation to sign in that brings the user back here; none saved yet: a way to the search.
import { Heart, Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { CommunityCard, CommunityCardSkeleton } from '../../components/community-card';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { useAuth } from '../../lib/auth';
import { useFavorites, useToggleFavorite } from '../../lib/favorites';

const SIGN_IN_HREF = '/api/login?returnTo=%2Fsaved';
const CREATE_HREF = '/api/login?returnTo=%2Fsaved&mode=create';

function Skeletons() {
  return (
    <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <CommunityCardSkeleton key={i} />
      ))}
    </div>
  );
}

function EmptyState({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center rounded-2xl border border-dashed border-gray-300 bg-card px-6 py-12 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-primary-soft text-primary">{icon}</span>
      <h2 className="mt-5 text-xl font-semibold text-gray-900">{title}</h2>
      {children}
    </section>
  );
}

export function SavedPage() {
  const { isAuthenticated, isLoading: authLoading } = useAuth();
  const favorites = useFavorites();
  const { toggleFavorite, pendingCommunityId } = useToggleFavorite();
  const list = favorites.data?.favorites ?? [];

  let body: ReactNode;
  if (authLoading || (isAuthenticated && favorites.isPending)) {
    body = <Skeletons />;
  } else if (!isAuthenticated) {
    body = (
      <EmptyState icon={<Heart className="size-7" aria-hidden="true" />} title="Sign in to see your saved communities">
        <p className="mt-2 text-base text-gray-700">
          Save communities while you search and compare them here later, on any device.
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {/* /api/login is a full page change, not a client route change. */}
          <Button asChild size="lg">
            <a href={SIGN_IN_HREF}>Sign In</a>
          </Button>
          <Button asChild size="lg" variant="outline">
            <a href={CREATE_HREF}>Create a free account</a>
          </Button>
        </div>
      </EmptyState>
    );
  } else if (favorites.isError) {
    body = (
      <Alert variant="destructive" className="max-w-xl">
        <AlertTitle>Unable to load your saved communities.</AlertTitle>
        <AlertDescription>
          <p>Please check your connection and try again.</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void favorites.refetch()}>
            Try Again
          </Button>
        </AlertDescription>
      </Alert>
    );
  } else if (list.length === 0) {
    body = (
      <EmptyState icon={<Heart className="size-7" aria-hidden="true" />} title="No saved communities yet">
        <p className="mt-2 text-base text-gray-700">Tap the heart on any community to keep it here for later.</p>
        <Button asChild size="lg" className="mt-6">
          <Link href="/search">
            <Search aria-hidden="true" />
            Find communities
          </Link>
        </Button>
      </EmptyState>
    );
  } else {
    body = (
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {list.map((f) => (
          <li key={f.communityId} className="flex">
            <CommunityCard
              className="w-full"
              community={f.community}
              isFavorite
              favoritePending={pendingCommunityId === f.communityId}
              onToggleFavorite={(id) => toggleFavorite(id, true)}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-gray-900">Saved Communities</h1>
          <p className="mt-2 text-base text-gray-700" aria-live="polite">
            {isAuthenticated && favorites.isSuccess
              ? list.length === 1
                ? '1 saved community'
                : `${list.length} saved communities`
              : 'Your shortlist of senior living communities.'}
          </p>
        </div>
        {isAuthenticated && list.length > 0 && (
          <Button asChild variant="outline">
            <Link href="/search">
              <Search aria-hidden="true" />
              Find more communities
            </Link>
          </Button>
        )}
      </div>
      {body}
    </div>
  );
}
