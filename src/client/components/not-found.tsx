import { AlertCircleIcon } from 'lucide-react';
import { Card, CardContent } from './ui/card';
import { ButtonLink } from './button-link';

/** SPEC section 2: '404 Page Not Found' with a developer-style hint about the router. */
export function NotFoundPage() {
  return (
    <div className="flex min-h-[60vh] w-full items-center justify-center bg-muted px-4 py-16">
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <div className="mb-4 flex items-center gap-2">
            <AlertCircleIcon className="size-8 shrink-0 text-destructive" aria-hidden="true" />
            <h1 className="text-2xl font-bold text-gray-900">404 Page Not Found</h1>
          </div>
          <p className="text-sm text-gray-600">Did you forget to add the page to the router?</p>
          <p className="mt-4 text-sm text-gray-600">
            The address you opened does not match any page. Check the spelling, or head back to the start.
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            <ButtonLink href="/">Go to Home</ButtonLink>
            <ButtonLink href="/search" variant="outline">Search Communities</ButtonLink>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
