import { type QueryClient } from '@tanstack/react-query';
import { Router } from 'wouter';
import { type BaseLocationHook } from 'wouter';
import { AppProviders } from './providers';
import { caseInsensitiveParser } from './case-insensitive';
import { AppRoutes } from './app-routes';

export interface AppProps {
  /** Tests pass their own client and a memory location hook. */
  queryClient?: QueryClient;
  hook?: BaseLocationHook;
  searchHook?: () => string;
  /** Server rendering (entry-server.tsx): the path and query string to render. */
  ssrPath?: string;
  ssrSearch?: string;
}

export function App({ queryClient, hook, searchHook, ssrPath, ssrSearch }: AppProps) {
  return (
    <AppProviders queryClient={queryClient}>
      <Router parser={caseInsensitiveParser} {...(hook ? { hook } : {})} {...(searchHook ? { searchHook } : {})}
        {...(ssrPath !== undefined ? { ssrPath, ssrSearch } : {})}
      >
        <AppRoutes />
      </Router>
    </AppProviders>
  );
}
