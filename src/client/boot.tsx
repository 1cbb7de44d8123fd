// The app's start (loaded by main.tsx once the server's HTML has painted): seeds the query cache and
// hydrates or renders #root.
import { type ReactNode, StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadScreen, renderFirstScreenInline } from './app/app-routes';
import { AUTH_USER_URL } from './lib/auth';
import { seedInitialData } from './lib/initial-data';
import { queryClient } from './lib/query-client';

// What the server already put into the page (the site's demo flag, a community, a first page of
// results) is not asked for again.
seedInitialData(queryClient);

/** Marks the document once React has committed its first screen (hydrated or rendered): `<html data-interactive>`. */
function Interactive({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.interactive = '';
  }, []);
  return children;
}

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <Interactive>
      <App />
    </Interactive>
  </StrictMode>
);
// A page the server rendered (modules/seo/ssr.ts marks it data-ssr) is hydrated: React adopts the HTML
// that is already painted. The screen's chunk (modulepreloaded by the server) is settled meanwhile; until
// it is, hydration waits with the server's HTML in place and React's listeners already attached, so a click
// made before then is replayed once hydrated rather than lost. As a transition the work yields to the
// browser every few milliseconds instead of blocking the main thread in one long task (ADR 028).
if (container.dataset.ssr === '1') {
  const signedIn = queryClient.getQueryData([AUTH_USER_URL]) != null;
  renderFirstScreenInline();
  // A chunk that fails to load fails again in render, where the error boundary shows it.
  preloadScreen(window.location.pathname, signedIn).catch(() => {});
  startTransition(() => void hydrateRoot(container, app));
} else {
  startTransition(() => void createRoot(container).render(app));
}
