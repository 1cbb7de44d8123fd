// /shared/:token (issue 16, ADR 022): a shortlist opened through its share link, no account needed.
// Read-only: the communities and their notes; a comment link also takes a comment with a name.
import { useQuery } from '@tanstack/react-query';
import { LinkIcon, MessageSquareIcon } from 'lucide-react';
import { useParams } from 'wouter';
import { CommunityCard } from '../../components/community-card';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { errorMessage } from '../../lib/compare';
import { formatDate } from '../../lib/format';
import { sharedQueryOptions, useAddComment } from './api/shortlist';
import { CommentForm, CommentList, ReadOnlyNote } from './components/shortlist-parts';

export function SharedShortlistPage() {
  const { token = '' } = useParams<{ token: string }>();
  const shared = useQuery(sharedQueryOptions(token));
  const addComment = useAddComment(token);
  const data = shared.data;

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      {shared.isPending ? (
        <p className="text-muted-foreground">Opening the shortlist…</p>
      ) : shared.isError || !data ? (
        <Alert variant="destructive" className="max-w-xl">
          <AlertTitle>This shortlist cannot be opened.</AlertTitle>
          <AlertDescription>{errorMessage(shared.error, 'Please check the link and try again.')}</AlertDescription>
        </Alert>
      ) : (
        <>
          <div className="mb-8">
            <h1 className="text-3xl font-bold tracking-tight text-gray-900">{data.ownerName}’s shortlist</h1>
            <p className="mt-2 flex flex-wrap items-center gap-2 text-gray-700">
              <LinkIcon className="size-4 text-primary" aria-hidden="true" />
              <span data-testid="shared-access">
                {data.access === 'comment' ? 'Shared with you to read and comment.' : 'Shared with you to read.'}
                {data.expiresAt ? ` The link works until ${formatDate(new Date(Date.parse(data.expiresAt) - 1))}.` : ''}
              </span>
            </p>
          </div>
          {data.items.length === 0 ? (
            <p className="text-muted-foreground">No communities on this shortlist yet.</p>
          ) : (
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Shortlist">
              {data.items.map((item) => (
                <li key={item.communityId} className="flex flex-col gap-3" data-testid="shortlist-item">
                  <CommunityCard className="w-full flex-1" community={item.community} />
                  <ReadOnlyNote item={item} />
                </li>
              ))}
            </ul>
          )}
          <section aria-labelledby="comments-heading" className="mt-10 max-w-3xl">
            <h2 id="comments-heading" className="mb-3 flex items-center gap-2 text-lg font-semibold text-gray-900">
              <MessageSquareIcon className="size-5 text-primary" aria-hidden="true" />
              Comments
            </h2>
            <CommentList comments={data.comments} items={data.items} />
            {data.access === 'comment' && (
              <div className="mt-6">
                <CommentForm
                  pending={addComment.isPending}
                  error={addComment.error}
                  onSubmit={(name, body) => addComment.mutateAsync({ name, body })}
                />
              </div>
            )}
          </section>
        </>
      )}
    </div>
  );
}
