// 'Communities for {operator}': each entry navigates to /community-insights?focus={id}&name={name}.
import { ChevronRightIcon, MapPinIcon } from 'lucide-react';
import { useLocation } from 'wouter';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { useOperatorCommunities } from '../api/get-operator-insights';

export interface OperatorCommunitiesDialogProps {
  operator: { id: number; name: string } | null;
  onClose: () => void;
}

export function OperatorCommunitiesDialog({ operator, onClose }: OperatorCommunitiesDialogProps) {
  const [, navigate] = useLocation();
  const query = useOperatorCommunities(operator?.id ?? null);
  const list = query.data ?? [];
  return (
    <Dialog open={operator !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[85vh] overflow-hidden sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Communities for {operator?.name}</DialogTitle>
          <DialogDescription>
            {query.isSuccess ? `${list.length} ${list.length === 1 ? 'community' : 'communities'}. Choose one to see it in Community Insights.` : 'Communities run by this operator.'}
          </DialogDescription>
        </DialogHeader>
        <div className="-mx-2 max-h-[60vh] overflow-y-auto px-2">
          {query.isPending ? (
            <div className="space-y-2" aria-label="Loading communities">
              {Array.from({ length: 4 }, (_, i) => (
                <Skeleton key={i} className="h-16 w-full" />
              ))}
            </div>
          ) : query.isError ? (
            <p role="alert" className="py-6 text-center text-destructive">
              {query.error.message}
            </p>
          ) : list.length === 0 ? (
            <p className="py-6 text-center text-muted-foreground">No communities found for this operator</p>
          ) : (
            <ul className="divide-y rounded-md border">
              {list.map((c) => (
                <li key={c.id}>
                  <button
                    type="button"
                    className="flex w-full items-center justify-between gap-4 px-4 py-3 text-left hover:bg-accent focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
                    onClick={() => {
                      onClose();
                      navigate(`/community-insights?focus=${c.id}&name=${encodeURIComponent(c.name)}`);
                    }}
                  >
                    <span className="min-w-0">
                      <span className="block font-medium text-gray-900">{c.name}</span>
                      <span className="mt-0.5 flex items-center gap-1 text-sm text-muted-foreground">
                        <MapPinIcon className="size-3.5 shrink-0" aria-hidden="true" />
                        {[c.address, c.city, c.state].filter(Boolean).join(', ')}
                      </span>
                    </span>
                    <ChevronRightIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
