// The compare bar (issue 16): while communities are chosen for comparison, a bar at the bottom of the
// consumer pages says how many and leads to /compare. Hidden on /compare itself and in print.
import { ScaleIcon, XIcon } from 'lucide-react';
import { useLocation } from 'wouter';
import { COMPARE_LIMIT } from '../../contracts/constants';
import { useCompare } from '../lib/compare';
import { Button } from './ui/button';
import { ButtonLink } from './button-link';

export function CompareTray() {
  const [location] = useLocation();
  const { ids, clear } = useCompare();
  if (ids.length === 0 || location.toLowerCase().startsWith('/compare')) return null;
  return (
    <>
      {/* Room under the page for the fixed bar. */}
      <div aria-hidden="true" className="h-20 print:hidden" />
      <aside
      aria-label="Comparison"
      data-testid="compare-tray"
      className="fixed inset-x-0 bottom-0 z-40 border-t bg-card/95 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] backdrop-blur print:hidden"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 py-3 pr-24 pl-4 sm:pl-6 lg:pl-8">
        <p className="flex items-center gap-2 text-sm font-medium text-gray-900">
          <ScaleIcon className="size-5 text-primary" aria-hidden="true" />
          <span data-testid="compare-count">
            {ids.length} of {COMPARE_LIMIT} communities chosen to compare
          </span>
        </p>
        <div className="flex gap-2">
          <Button variant="ghost" size="sm" onClick={() => void clear()}>
            <XIcon aria-hidden="true" />
            Clear
          </Button>
          <ButtonLink href="/compare" size="sm">Compare side by side</ButtonLink>
        </div>
      </div>
    </aside>
    </>
  );
}
