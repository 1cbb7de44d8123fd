// A link inside running text, underlined in the primary colour. An in-app path goes through the router;
// anything else (a server URL under /api/, mailto:, tel:, another site) is a plain <a>.
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { cn } from '../lib/utils';

export function TextLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  const classes = cn('font-medium text-primary underline underline-offset-4', className);
  if (href.startsWith('/') && !href.startsWith('/api/')) {
    return (
      <Link href={href} className={classes}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} className={classes}>
      {children}
    </a>
  );
}
