// The site ribbon while the database holds demo communities (ADR 008): persistent across pages until
// dismissed; the dismissal is remembered in localStorage. Not shown when there is no demo community.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { InfoIcon, XIcon } from 'lucide-react';
import { useState, useSyncExternalStore } from 'react';
import type { SiteResponse } from '../../../contracts/health';
import { Button } from '../../components/ui/button';
import { getJson } from '../../lib/api';

export const DEMO_RIBBON_TEXT = 'This site is showing demo data: communities, prices and reviews are fictional';
export const DEMO_RIBBON_DISMISSED_KEY = 'seniorscope.demoRibbonDismissed';

export const siteQueryOptions = () => queryOptions({ queryKey: ['/api/site'], queryFn: () => getJson<SiteResponse>('/api/site') });

function readDismissed(): boolean {
  try {
    return window.localStorage.getItem(DEMO_RIBBON_DISMISSED_KEY) === '1';
  } catch {
    return false; // storage blocked: the ribbon simply shows again on the next page load
  }
}

const noSubscription = () => () => {};

export function DemoRibbon() {
  const { data } = useQuery(siteQueryOptions());
  // The server renders the ribbon (it cannot read localStorage); a browser that dismissed it hides it
  // right after hydrating, without a hydration mismatch (ADR 028).
  const stored = useSyncExternalStore(noSubscription, readDismissed, () => false);
  const [dismissedNow, setDismissed] = useState(false);
  const dismissed = stored || dismissedNow;
  if (!data?.demoData || dismissed) return null;
  const dismiss = () => {
    try {
      window.localStorage.setItem(DEMO_RIBBON_DISMISSED_KEY, '1');
    } catch {
      // not remembered; still hidden on this page
    }
    setDismissed(true);
  };
  return (
    <section aria-label="Demo data notice" data-testid="demo-ribbon" className="border-b border-amber-300 bg-amber-50 text-amber-950">
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-2 text-sm sm:px-6 lg:px-8">
        <InfoIcon className="size-4 shrink-0" aria-hidden="true" />
        <p className="flex-1">{DEMO_RIBBON_TEXT}</p>
        <Button variant="ghost" size="icon" className="size-8 shrink-0 hover:bg-amber-100" aria-label="Dismiss the demo data notice" onClick={dismiss}>
          <XIcon aria-hidden="true" />
        </Button>
      </div>
    </section>
  );
}
