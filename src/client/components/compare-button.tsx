// "Compare" on cards, the map card and the community page (issue 16): adds the community to the
// comparison of up to 4, or takes it out; the pressed state shows it is in.
import { CheckIcon, PlusIcon } from 'lucide-react';
import { useCompare } from '../lib/compare';
import { cn } from '../lib/utils';
import { Button } from './ui/button';

export function CompareButton({ communityId, name, className, size = 'sm' }: { communityId: number; name: string; className?: string; size?: 'sm' | 'default' }) {
  const { has, add, remove, pending, ids } = useCompare();
  const selected = has(communityId);
  return (
    <Button
      type="button"
      variant={selected ? 'secondary' : 'outline'}
      size={size}
      className={cn(selected && 'border border-primary text-primary', className)}
      aria-pressed={selected}
      aria-label={`${selected ? 'Comparing' : 'Compare'} ${name}`}
      data-testid="compare-button"
      disabled={pending}
      title={selected ? 'Remove from the comparison' : `Add to the comparison (${ids.length} of 4 chosen)`}
      onClick={() => (selected ? remove(communityId) : add(communityId))}
    >
      {selected ? <CheckIcon aria-hidden="true" /> : <PlusIcon aria-hidden="true" />}
      {selected ? 'Comparing' : 'Compare'}
    </Button>
  );
}
