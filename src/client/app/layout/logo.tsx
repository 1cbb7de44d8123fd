import { Building2Icon } from 'lucide-react';
import { Link } from 'wouter';
import { cn } from '../../lib/utils';

export function Logo({ className, onClick }: { className?: string; onClick?: () => void }) {
  return (
    <Link href="/" onClick={onClick} className={cn('flex shrink-0 items-center gap-2 rounded-md text-gray-900', className)} aria-label="SeniorScope home">
      <span className="flex size-9 items-center justify-center rounded-lg bg-primary text-white">
        <Building2Icon className="size-5" aria-hidden="true" />
      </span>
      <span className="text-lg font-bold tracking-tight">
        Senior<span className="text-primary">Scope</span>
      </span>
    </Link>
  );
}
