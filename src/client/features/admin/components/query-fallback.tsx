// What an admin panel shows until its query answers (data overview, users, a request's dialog): the error,
// under a title where the panel names what failed, or a skeleton of the panel's size while it loads.
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../api/admin-api';

export function QueryFallback({ query, title, skeletonClassName }: { query: { data: unknown; isError: boolean; error: unknown }; title?: string; skeletonClassName: string }) {
  if (query.isError) {
    return (
      <Alert variant="destructive">
        {title && <AlertTitle>{title}</AlertTitle>}
        <AlertDescription>{errorMessage(query.error)}</AlertDescription>
      </Alert>
    );
  }
  return query.data ? null : <Skeleton className={skeletonClassName} />;
}
