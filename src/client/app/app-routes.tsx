// The routes of the briefing rendered: each page of the route table (routes.tsx) inside its layout,
// a Suspense fallback of final size and its own error boundary (a failing screen leaves the
// header working). Matching is case-insensitive (see case-insensitive.ts).
import { Suspense, useEffect, useState } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { NotFoundPage } from '../components/not-found';
import { PageLoading } from '../components/page-loading';
import { useAuth } from '../lib/auth';
import { caseInsensitiveParser } from './case-insensitive';
import { Layout } from './layout/layout';
import { RouteErrorBoundary } from './route-error-boundary';
import { DashboardPage, LandingPage, ROUTES, type AppRoute, type LazyPage } from './routes';

/**
 * The server-rendered first screen (ADR 028) is rendered without its Suspense boundary, on the server and
 * while the browser hydrates it (its chunk is loaded first, preloadScreen): React hydrates the content of a
 * boundary in a later pass than the layout around it, and by then the layout's own requests (the compare
 * list, ...) may have answered, so the screen would no longer match the server's HTML. Every screen mounted
 * after that one has its boundary and loading state.
 */
let firstScreenInline = false;
export function renderFirstScreenInline(): void {
  firstScreenInline = true;
}

function Screen({ Page, layout, title, description }: Omit<AppRoute, 'path'>) {
  const [location] = useLocation();
  const [inline] = useState(() => firstScreenInline);
  useEffect(() => {
    firstScreenInline = false;
  }, []);
  return (
    <Layout variant={layout} title={title} description={description}>
      <RouteErrorBoundary resetKey={location}>
        {inline ? (
          <Page />
        ) : (
          <Suspense fallback={<PageLoading />}>
            <Page />
          </Suspense>
        )}
      </RouteErrorBoundary>
    </Layout>
  );
}

/** Loads the screen of `path` before a server-rendered page hydrates (main.tsx), so that it does not suspend. */
export async function preloadScreen(path: string, signedIn: boolean): Promise<void> {
  if (caseInsensitiveParser('/').pattern.exec(path)) return (signedIn ? DashboardPage : LandingPage).preload();
  const route = ROUTES.find((r) => caseInsensitiveParser(r.path).pattern.exec(path));
  if (route) await (route.Page as LazyPage).preload();
}

/** '/': the landing screen while signed out or while the session is loading, else the dashboard. */
function HomeRoute() {
  const { isAuthenticated, isLoading } = useAuth();
  if (isLoading || !isAuthenticated) return <Screen
        Page={LandingPage}
        layout="consumer"
        title="Senior Living Market Intelligence"
        description="Find and compare senior living communities near you: prices, care types, reviews and free advice."
      />;
  return <Screen Page={DashboardPage} layout="analyst" title="Dashboard" />;
}

export function AppRoutes() {
  return (
    <Switch>
      <Route path="/">
        <HomeRoute />
      </Route>
      {ROUTES.map(({ path, ...rest }) => (
        <Route key={path} path={path}>
          <Screen {...rest} />
        </Route>
      ))}
      <Route>
        <Layout variant="consumer" title="Page Not Found">
          <NotFoundPage />
        </Layout>
      </Route>
    </Switch>
  );
}
