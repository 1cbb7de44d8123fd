// The way back to the search from an empty or finished list (compare, the shortlist).
import { Search } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from './ui/button';

export function FindCommunitiesButton({
  label = 'Find communities',
  size,
  variant,
  className,
}: {
  label?: string;
  size?: 'lg';
  variant?: 'outline';
  className?: string;
}) {
  return (
    <Button asChild size={size} variant={variant} className={className}>
      <Link href="/search">
        <Search aria-hidden="true" />
        {label}
      </Link>
    </Button>
  );
}
