// /my/requests: the signed-in family's information requests with their status (issue 16).
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { loginUrl, useAuth } from '../../lib/auth';
import { useMyRequests } from './api';
import { MyPagesNav } from '../../components/my-pages-nav';
import { RequestStatusCard } from './request-status-card';

export function MyRequestsPage() {
  const { isAuthenticated, isLoading } = useAuth();
  const { data, isPending, isError } = useMyRequests(isAuthenticated);

  let body;
  if (isLoading || (isAuthenticated && isPending)) body = <Skeleton className="h-64 w-full" />;
  else if (!isAuthenticated)
    body = (
      <Button asChild>
        <a href={loginUrl()}>Sign in to see your requests</a>
      </Button>
    );
  else if (isError) body = <p className="text-gray-700">Your requests could not be loaded right now.</p>;
  else if (data!.requests.length === 0)
    body = <p className="text-gray-700">No requests yet. Requests you send while signed in appear here; others through the link in their e-mail receipt.</p>;
  else
    body = (
      <div className="flex flex-col gap-6">
        {data!.requests.map((r) => (
          <RequestStatusCard key={r.id} request={r} withdraw={{ id: r.id }} />
        ))}
      </div>
    );

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6">
      <MyPagesNav />
      <h1 className="text-3xl font-bold tracking-tight text-gray-900">My requests</h1>
      <p className="mt-2 mb-6 text-gray-700">The information requests you sent while signed in, as the advisor desk works on them.</p>
      {body}
    </div>
  );
}
