// "Remove" with a cross, naming for screen readers what it removes (a compared community, a shortlist's
// family member): one look and one accessible name for the small remove buttons beside an entry.
import { XIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from './ui/button';

export function RemoveButton({ what, ...props }: Omit<ComponentProps<typeof Button>, 'children' | 'variant' | 'size'> & { what: string }) {
  return (
    <Button variant="ghost" size="sm" {...props}>
      <XIcon aria-hidden="true" />
      Remove<span className="sr-only"> {what}</span>
    </Button>
  );
}
