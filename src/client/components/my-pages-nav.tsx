import { Link, useLocation } from 'wouter';
import { isSamePath } from '../app/case-insensitive';
import { cn } from '../lib/utils';

const PAGES = [
  { href: '/my/requests', label: 'My requests' },
  { href: '/my/reviews', label: 'My reviews' },
] as const;

/** The signed-in family's own pages. */
export function MyPagesNav() {
  const [location] = useLocation();
  return (
    <nav aria-label="Your pages" className="mb-6 flex gap-1">
      {PAGES.map((p) => (
        <Link
          key={p.href}
          href={p.href}
          aria-current={isSamePath(location, p.href) ? 'page' : undefined}
          className={cn('rounded-md px-3 py-1.5 text-sm font-medium', isSamePath(location, p.href) ? 'bg-primary-muted text-green-900' : 'text-gray-700 hover:bg-accent')}
        >
          {p.label}
        </Link>
      ))}
    </nav>
  );
}
