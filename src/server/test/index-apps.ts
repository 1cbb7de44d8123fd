// The HTTP half of the equivalence tests (ADR 026, 027, 029): the same requests to an app answering from its
// in-memory indexes and to an app on SQL, over one test database.
import { afterAll, beforeAll, expect } from 'vitest';
import type { App } from '../types';
import { buildTestApp, type TestDatabase } from './db';
import { registerOverHttp } from './factories';

export interface IndexAndSqlApps {
  onIndex: App;
  onSql: App;
  /** `sid=...` of a user registered on `onIndex` (empty when no `email` was given). */
  cookie: string;
  /** The same GET to both apps, at once. */
  both(url: string, headers?: Record<string, string>): ReturnType<typeof getBoth>;
}

function getBoth(a: App, b: App, url: string, headers?: Record<string, string>) {
  return Promise.all([a.inject({ method: 'GET', url, headers }), b.inject({ method: 'GET', url, headers })]);
}

/**
 * Builds both apps in a `beforeAll` of the calling describe (`tdb` is read then), registers `email` when given,
 * waits for `ready` (the first build of the index under test runs in the background at start), and closes both
 * after. `debounceMs` is the index's rebuild debounce after a change notification, when the test makes one.
 */
export function useIndexAndSqlApps(
  tdb: () => TestDatabase,
  options: { email?: string; debounceMs?: number; ready: (onIndex: App, onSql: App) => void | Promise<void> },
): IndexAndSqlApps {
  const apps = { cookie: '' } as IndexAndSqlApps;
  apps.both = (url, headers) => getBoth(apps.onIndex, apps.onSql, url, headers);
  beforeAll(async () => {
    const onIndexEnv: Record<string, string> = { SEARCH_INDEX: 'true' };
    if (options.debounceMs !== undefined) onIndexEnv.SEARCH_INDEX_DEBOUNCE_MS = String(options.debounceMs);
    apps.onIndex = await buildTestApp(tdb(), onIndexEnv);
    apps.onSql = await buildTestApp(tdb(), { SEARCH_INDEX: 'false' });
    if (options.email) apps.cookie = `sid=${await registerOverHttp(apps.onIndex, options.email)}`;
    await options.ready(apps.onIndex, apps.onSql);
  }, 60_000);
  afterAll(async () => {
    await apps.onIndex?.close();
    await apps.onSql?.close();
  });
  return apps;
}

/**
 * The `ready` of an index that only the app on the index has: waits for its first build there (it runs in the
 * background at start, so the answers that follow come from the index) and checks that the app on SQL has none.
 */
export function indexReady(index: (app: App) => { ready(): Promise<void> } | null) {
  return async (onIndex: App, onSql: App) => {
    await index(onIndex)!.ready();
    expect(index(onSql)).toBeNull();
  };
}
