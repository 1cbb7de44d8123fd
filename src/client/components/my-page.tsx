// A signed-in visitor's page under /my (requests, reviews): the my-pages nav, the heading and intro,
// and the body by state: loading, a sign-in button, an error line, the empty line, or the items.
import type { ReactNode } from 'react';
import { loginUrl, useAuth } from '../lib/auth';
import { MyPagesNav } from './my-pages-nav';
import { Skeleton } from './ui/skeleton';
import { ButtonLink } from './button-link';

export function MyPage<T>({
  title,
  intro,
  noun,
  skeletonClassName,
  useItems,
  isEmpty,
  empty,
  children,
}: {
  title: string;
  intro: string;
  /** What the page lists, in 'Sign in to see your {noun}' and 'Your {noun} could not be loaded right now.' */
  noun: string;
  skeletonClassName: string;
  /** The query of the items, run only when signed in. */
  useItems: (enabled: boolean) => { data?: T; isPending: boolean; isError: boolean };
  isEmpty: (data: T) => boolean;
  empty: string;
  children: (data: T) => ReactNode;
}) {
  const { isAuthenticated, isLoading } = useAuth();
  const { data, isPending, isError } = useItems(isAuthenticated);

  let body;
  if (isLoading || (isAuthenticated && isPending)) body = <Skeleton className={skeletonClassName} />;
  else if (!isAuthenticated)
    body = (
      <ButtonLink href={loginUrl()} plain>Sign in to see your {noun}</ButtonLink>
    );
  else if (isError || data === undefined) body = <p className="text-gray-700">Your {noun} could not be loaded right now.</p>;
  else if (isEmpty(data)) body = <p className="text-gray-700">{empty}</p>;
  else body = children(data);

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6">
      <MyPagesNav />
      <h1 className="text-3xl font-bold tracking-tight text-gray-900">{title}</h1>
      <p className="mt-2 mb-6 text-gray-700">{intro}</p>
      {body}
    </div>
  );
}
