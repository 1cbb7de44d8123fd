// /saved: the shortlist (issue 16, ADR 022): the signed-in user's saved communities (newest first) as
// search cards, each with a note; the owner shares it (links, family members who edit notes) and reads
// the comments left through comment links. A family member sees the lists shared with them here too.
// Signed out: an invitation to sign in that brings the user back here; none saved yet: a way to the search.
import { Heart, MessageSquareIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { CommunityCard, CommunityCardSkeleton } from '../../components/community-card';
import { CompareButton } from '../../components/compare-button';
import { FindCommunitiesButton } from '../../components/find-communities-button';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { useAuth } from '../../lib/auth';
import { useToggleFavorite } from '../../lib/favorites';
import { cn } from '../../lib/utils';
import { useShortlist, useShortlists } from './api/shortlist';
import { CollaboratorsPanel, CommentList, NoteEditor, SharePanel } from './components/shortlist-parts';
import { ButtonLink } from '../../components/button-link';

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
  const { user, isAuthenticated, isLoading: authLoading } = useAuth();
  const lists = useShortlists();
  const [chosen, setChosen] = useState<number | null>(null);
  const ownerId = chosen ?? user?.id ?? null;
  const shortlist = useShortlist(isAuthenticated ? ownerId : null);
  const { toggleFavorite, pendingCommunityId } = useToggleFavorite();
  const data = shortlist.data;
  const list = data?.items ?? [];
  const isOwner = data?.isOwner ?? true;
  const others = (lists.data?.shortlists ?? []).filter((l) => !l.isOwner);

  let body: ReactNode;
  if (authLoading || (isAuthenticated && shortlist.isPending)) {
    body = <Skeletons />;
  } else if (!isAuthenticated) {
    body = (
      <EmptyState icon={<Heart className="size-7" aria-hidden="true" />} title="Sign in to see your saved communities">
        <p className="mt-2 text-base text-gray-700">
          Save communities while you search and compare them here later, on any device.
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {/* /api/login is a full page change, not a client route change. */}
          <ButtonLink href={SIGN_IN_HREF} size="lg" plain>Sign In</ButtonLink>
          <ButtonLink href={CREATE_HREF} size="lg" variant="outline" plain>Create a free account</ButtonLink>
        </div>
      </EmptyState>
    );
  } else if (shortlist.isError) {
    body = (
      <Alert variant="destructive" className="max-w-xl">
        <AlertTitle>Unable to load your saved communities.</AlertTitle>
        <AlertDescription>
          <p>Please check your connection and try again.</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void shortlist.refetch()}>
            Try Again
          </Button>
        </AlertDescription>
      </Alert>
    );
  } else if (list.length === 0) {
    body = (
      <EmptyState icon={<Heart className="size-7" aria-hidden="true" />} title="No saved communities yet">
        <p className="mt-2 text-base text-gray-700">Tap the heart on any community to keep it here for later.</p>
        <FindCommunitiesButton size="lg" className="mt-6" />
      </EmptyState>
    );
  } else {
    body = (
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Shortlist">
        {list.map((f) => (
          <li key={f.communityId} className="flex flex-col gap-3 rounded-lg" data-testid="shortlist-item">
            <CommunityCard
              className="w-full flex-1"
              community={f.community}
              isFavorite
              favoritePending={pendingCommunityId === f.communityId}
              onToggleFavorite={isOwner ? (id) => toggleFavorite(id, true) : undefined}
              actions={<CompareButton communityId={f.communityId} name={f.community.name} size="default" className="w-full" />}
            />
            <NoteEditor key={f.communityId} ownerId={data!.ownerId} item={f} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-gray-900">{isOwner ? 'Saved Communities' : `${data?.ownerName}’s shortlist`}</h1>
          <p className="mt-2 text-base text-gray-700" aria-live="polite">
            {isAuthenticated && shortlist.isSuccess
              ? list.length === 1
                ? '1 saved community'
                : `${list.length} saved communities`
              : 'Your shortlist of senior living communities.'}
          </p>
        </div>
        {isAuthenticated && list.length > 0 && isOwner && (
          <FindCommunitiesButton variant="outline" label="Find more communities" />
        )}
      </div>
      {isAuthenticated && others.length > 0 && user && (
        <nav aria-label="Shortlists" className="mb-6 flex flex-wrap gap-2">
          {[{ ownerId: user.id, label: 'My shortlist' }, ...others.map((o) => ({ ownerId: o.ownerId, label: `${o.ownerName}’s shortlist` }))].map((l) => (
            <Button
              key={l.ownerId}
              size="sm"
              variant={l.ownerId === ownerId ? 'default' : 'outline'}
              aria-current={l.ownerId === ownerId ? 'page' : undefined}
              onClick={() => setChosen(l.ownerId)}
            >
              {l.label}
            </Button>
          ))}
        </nav>
      )}
      {body}
      {isAuthenticated && data && (data.comments.length > 0 || (isOwner && list.length > 0)) && (
        <div className={cn('mt-10 grid gap-6', isOwner && 'lg:grid-cols-2')}>
          {isOwner && list.length > 0 && <SharePanel />}
          {isOwner && list.length > 0 && <CollaboratorsPanel />}
          <section aria-labelledby="comments-heading" className="lg:col-span-2">
            <h2 id="comments-heading" className="mb-3 flex items-center gap-2 text-lg font-semibold text-gray-900">
              <MessageSquareIcon className="size-5 text-primary" aria-hidden="true" />
              Comments from people with a link
            </h2>
            <CommentList comments={data.comments} items={list} />
          </section>
        </div>
      )}
    </div>
  );
}
