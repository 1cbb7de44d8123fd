// The way back to the search from an empty or finished list (compare, the shortlist).
import { Search } from 'lucide-react';
import { ButtonLink } from './button-link';

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
    <ButtonLink href="/search" size={size} variant={variant} className={className}>
      <Search aria-hidden="true" />
      {label}
    </ButtonLink>
  );
}
