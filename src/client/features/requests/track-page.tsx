// /requests/track#<token>: the private status page of one information request (issue 16). The token
// is in the fragment, which browsers never send to a server; the page POSTs it.
import { useEffect, useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api';
import { useTrackedRequest } from './api';
import { RequestStatusCard } from './request-status-card';

const readToken = () => (typeof window === 'undefined' ? null : decodeURIComponent(window.location.hash.replace(/^#/, '')) || null);

export function TrackRequestPage() {
  const [token, setToken] = useState<string | null>(readToken);
  useEffect(() => {
    const onHash = () => setToken(readToken());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  const { data, isPending, isError, error } = useTrackedRequest(token);

  let body;
  if (!token) {
    body = (
      <Alert>
        <AlertTitle>Open the link from your e-mail</AlertTitle>
        <AlertDescription>This page shows a request through the private link in its receipt. Signed in, you find your requests under My requests.</AlertDescription>
      </Alert>
    );
  } else if (isPending) body = <Skeleton className="h-64 w-full" />;
  else if (isError)
    body = (
      <Alert variant="destructive">
        <AlertTitle>This request cannot be shown</AlertTitle>
        <AlertDescription>{errorMessage(error)}</AlertDescription>
      </Alert>
    );
  else body = <RequestStatusCard request={data} withdraw={{ token }} />;

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-gray-900">Your information request</h1>
      <p className="mt-2 mb-6 text-gray-700">This private page follows your request as the advisor desk works on it. Keep the link to yourself.</p>
      {body}
    </div>
  );
}
