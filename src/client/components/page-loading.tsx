import { Skeleton } from './ui/skeleton';

/** Suspense fallback for a lazily loaded screen: holds the space a page takes, so nothing jumps. */
export function PageLoading() {
  return (
    <div className="mx-auto min-h-[70vh] w-full max-w-7xl px-4 py-10 sm:px-6 lg:px-8" role="status" aria-live="polite">
      <span className="sr-only">Loading page…</span>
      <Skeleton className="h-9 w-2/3 max-w-md" />
      <Skeleton className="mt-3 h-5 w-1/2 max-w-sm" />
      <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
      </div>
      <Skeleton className="mt-8 h-64" />
    </div>
  );
}
