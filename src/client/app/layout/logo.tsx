import { Building2Icon } from 'lucide-react';
import { Link } from 'wouter';
import { cn } from '../../lib/utils';

/** The brand mark, a link home. `wordmarkClassName` styles the word (the plans page hides it on phones). */
export function Logo({ className, wordmarkClassName, onClick }: { className?: string; wordmarkClassName?: string; onClick?: () => void }) {
  return (
    <Link href="/" onClick={onClick} className={cn('flex shrink-0 items-center gap-2 rounded-md text-gray-900', className)} aria-label="SeniorScope home">
      <span className="flex size-9 items-center justify-center rounded-lg bg-primary text-white">
        <Building2Icon className="size-5" aria-hidden="true" />
      </span>
      <span className={cn('text-lg font-bold tracking-tight', wordmarkClassName)}>
        Senior<span className="text-primary">Scope</span>
      </span>
    </Link>
  );
}
