// The server's renderer of the first screen (ADR 028). Built by vite.config.ts into `<outDir>/../ssr`
// and loaded by src/server/modules/seo/ssr.ts when present: it renders the app at a URL with the answers
// the page needs already in its query cache, so the HTML carries the screen the client then hydrates
// (main.tsx) instead of rendering it from nothing. Nothing here runs in the browser.
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { Writable } from 'node:stream';
import { App } from './app/app';
import { renderFirstScreenInline } from './app/app-routes';
import { seedEntries } from './lib/initial-data';
import { createQueryClient } from './lib/query-client';

/**
 * The HTML of `#root` for `url` (path and query) with `entries` ([query key, answer]) as the query cache.
 * Written only once every lazy screen has loaded, so the HTML is complete and carries no inline script
 * (the CSP allows none). Rejects when any part fails to render: the caller then serves the page for the
 * client to render, rather than HTML the client would have to throw away.
 */
// On the server every screen is a first screen (effects never run here to clear the flag).
renderFirstScreenInline();

export async function render(url: string, entries: Array<[readonly unknown[], unknown]>): Promise<string> {
  // A screen's lazy chunk that is still loading suspends the render: React then writes its boundary as
  // pending and reveals it with an inline script. Once loaded, React.lazy renders it at once, so the
  // first renders of a screen (one per level of lazy chunks) are repeated until nothing was pending.
  for (let attempt = 0; ; attempt++) {
    const html = await renderOnce(url, entries);
    if (!STREAMED.test(html)) return html;
    if (attempt === 3) throw new Error(`${url} still suspends after ${attempt + 1} renders`);
  }
}

/** What React writes for a boundary that was not ready in the first pass (a pending marker and its template). */
const STREAMED = /<!--\$\?-->|<template id="B:/;

function renderOnce(url: string, entries: Array<[readonly unknown[], unknown]>): Promise<string> {
  const queryClient = createQueryClient();
  seedEntries(queryClient, entries);
  const [path = '/', search = ''] = url.split(/\?(.*)/s);
  return new Promise((resolve, reject) => {
    let failure: unknown = null;
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
        done();
      },
      final(done) {
        queryClient.clear();
        if (failure) reject(failure instanceof Error ? failure : new Error(String(failure)));
        else resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    const stream = renderToPipeableStream(
      <StrictMode>
        <App queryClient={queryClient} ssrPath={path} ssrSearch={search} />
      </StrictMode>,
      {
        // Large finished boundaries are otherwise written out of line and moved into place by a script.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady: () => stream.pipe(sink),
        onShellError: reject,
        onError: (err) => {
          failure ??= err;
        },
      },
    );
  });
}
