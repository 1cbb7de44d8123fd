// Server rendering of a page's first screen (ADR 028). The client build writes its server renderer
// (src/client/entry-server.tsx, built by vite.config.ts) to `<clientDir>/../ssr/entry-server.js`; this
// module loads it by file path at run time, so the server never imports React or client code statically
// (the layer rule of ADR 024 stays). Without that file, or when a render fails, the page is served as
// before (the shell with the crawler summary of ADR 015) and the client renders it from nothing.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { TtlCache } from '../../lib/ttl-cache';

/** [query key, answer] pairs: the client's query cache as the page starts (html.ts writes the same block). */
export type InitialEntries = Array<[readonly unknown[], unknown]>;
type Render = (url: string, entries: InitialEntries) => Promise<string>;

/** Where the client build puts its server renderer. */
export const ssrEntryPath = (clientDir: string) => path.join(clientDir, '..', 'ssr', 'entry-server.js');

/** How long a rendered screen is reused for the same URL and the same data. */
const RENDER_TTL_MS = 5 * 60_000;

export interface ServerRenderer {
  /** The HTML of #root for `url` with `entries` in the query cache, or null (no renderer, or it failed). */
  render(url: string, entries: InitialEntries): Promise<string | null>;
  /**
   * Loads the renderer and renders `urls` once without data (not cached), so the screens' lazy chunks are
   * loaded before the first visitor's request: a cold first render loads them and renders twice.
   */
  warm(urls: string[]): Promise<void>;
}

export function createServerRenderer(clientDir: string, log: FastifyBaseLogger, options: { cache: boolean }): ServerRenderer {
  const file = ssrEntryPath(clientDir);
  let loaded: Promise<Render | null> | null = null;
  const load = () =>
    (loaded ??= existsSync(file)
      ? import(pathToFileURL(file).href).then(
          (m: { render: Render }) => m.render,
          (err: unknown) => {
            log.error({ err, file }, 'the server renderer does not load; pages are served without their first screen');
            return null;
          },
        )
      : Promise.resolve(null));
  // Keyed by the URL and a digest of the data: the same inputs render the same HTML.
  const cache = new TtlCache<string>({ ttlMs: options.cache ? RENDER_TTL_MS : 0, maxEntries: 200 });

  return {
    async render(url, entries) {
      const render = await load();
      if (!render) return null;
      const key = createHash('sha256').update(url).update('\0').update(JSON.stringify(entries)).digest('base64url');
      try {
        return await cache.get(key, () => render(url, entries));
      } catch (err) {
        log.error({ err, url }, 'server rendering failed; the page is served for the client to render');
        return null;
      }
    },
    async warm(urls) {
      const render = await load();
      if (!render) return;
      for (const url of urls) await render(url, []).catch((err: unknown) => log.warn({ err, url }, 'warming the server renderer failed'));
    },
  };
}
