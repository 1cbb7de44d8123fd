// The loading state: a skeleton of the final layout (header, photos, sections, sidebar).
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';

function SectionSkeleton({ lines }: { lines: number }) {
  return (
    <Card>
      <CardHeader>
        <Skeleton className="h-6 w-48" />
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {Array.from({ length: lines }, (_, i) => (
          <Skeleton key={i} className="h-5 w-full" />
        ))}
      </CardContent>
    </Card>
  );
}

export function CommunitySkeleton() {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8" role="status" aria-live="polite" data-testid="community-skeleton">
      <span className="sr-only">Loading community…</span>
      <div className="flex flex-col gap-6 md:flex-row md:justify-between">
        <div className="flex flex-1 flex-col gap-3">
          <Skeleton className="h-10 w-3/4 max-w-lg" />
          <Skeleton className="h-5 w-2/3 max-w-md" />
          <Skeleton className="h-5 w-40" />
          <div className="flex gap-2">
            <Skeleton className="h-7 w-32 rounded-full" />
            <Skeleton className="h-7 w-28 rounded-full" />
          </div>
        </div>
        <div className="flex items-center gap-3">
          <Skeleton className="h-12 w-44" />
          <Skeleton className="size-11 rounded-full" />
        </div>
      </div>
      <div className="mt-8 grid h-64 grid-cols-4 grid-rows-2 gap-2 overflow-hidden rounded-xl sm:h-80 lg:h-[26rem]">
        <Skeleton className="col-span-2 row-span-2 rounded-none" />
        <Skeleton className="rounded-none" />
        <Skeleton className="rounded-none" />
        <Skeleton className="rounded-none" />
        <Skeleton className="rounded-none" />
      </div>
      <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-3">
        <div className="flex flex-col gap-6 lg:col-span-2">
          <SectionSkeleton lines={3} />
          <SectionSkeleton lines={4} />
          <SectionSkeleton lines={4} />
        </div>
        <div className="flex flex-col gap-6">
          <SectionSkeleton lines={8} />
          <SectionSkeleton lines={4} />
        </div>
      </div>
    </div>
  );
}
