import { SearchXIcon } from 'lucide-react';
import { Card, CardContent } from '../../../components/ui/card';
import { ButtonLink } from '../../../components/button-link';

/** Missing community, a failed load, or an id that is not a number. */
export function CommunityNotFound() {
  return (
    <div className="flex min-h-[60vh] w-full items-center justify-center px-4 py-16">
      <Card className="w-full max-w-md text-center">
        <CardContent className="flex flex-col items-center gap-3 pt-8 pb-8">
          <SearchXIcon className="size-10 text-gray-400" aria-hidden="true" />
          <h1 className="text-2xl font-bold text-gray-900">Community Not Found</h1>
          <p className="text-gray-700">The community you're looking for could not be found.</p>
          <ButtonLink href="/search" className="mt-3">Back to Search</ButtonLink>
        </CardContent>
      </Card>
    </div>
  );
}
