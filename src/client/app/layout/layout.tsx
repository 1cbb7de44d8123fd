import { type ReactNode, Suspense, lazy, useEffect, useLayoutEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'wouter';
import { CompareTray } from '../../components/compare-tray';
import { DemoRibbon } from './demo-ribbon';
import { setPageMeta } from '../../lib/page-meta';
import { Footer } from './footer';
import { Header } from './header';

const ChatWidget = lazy(() => import('../../features/chat/chat-widget').then((m) => ({ default: m.ChatWidget })));

/**
 * consumer: header, footer and chat widget (landing, search, community, saved, marketing, resources).
 * analyst: header only (dashboard, insights, operators, sentiment, pricing analytics, admin).
 * standalone: the page brings its own header (the plans page); the footer stays.
 */
export type LayoutVariant = 'consumer' | 'analyst' | 'standalone';

const noSubscription = () => () => {};
const onClient = () => true;
/** On the server and while hydrating: false (then React renders again with true). */
const onServer = () => false;

const isJsdom = typeof navigator !== 'undefined' && navigator.userAgent.includes('jsdom');

export function Layout({ variant, title, description, children }: { variant: LayoutVariant; title?: string; description?: string; children: ReactNode }) {
  const [location] = useLocation();
  // The assistant's button is drawn once the page is interactive, never in the server's HTML: a click on it
  // before hydration would be lost (React does not replay it into a lazy boundary that is still loading).
  const interactive = useSyncExternalStore(noSubscription, onClient, onServer);

  // A layout effect runs before the page's own effects, so a page may refine the title with usePageMeta.
  useLayoutEffect(() => {
    if (title) setPageMeta(title, description);
  }, [title, description, location]);

  // A new screen starts at the top (jsdom does not implement scrolling).
  useEffect(() => {
    if (!isJsdom && !window.location.hash) window.scrollTo(0, 0);
  }, [location]);

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:px-4 focus:py-2 focus:shadow-lg"
      >
        Skip to main content
      </a>
      <DemoRibbon />
      {variant !== 'standalone' && <Header />}
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        {children}
      </main>
      {variant !== 'analyst' && <Footer />}
      {variant === 'consumer' && <CompareTray />}
      {variant === 'consumer' && interactive && (
        <Suspense fallback={null}>
          <ChatWidget />
        </Suspense>
      )}
    </div>
  );
}
