// Answers the server put into the page (modules/seo, a <script type="application/json"> data block) go
// into the query cache before the first render: the page paints with them instead of asking again.
import type { QueryClient } from '@tanstack/react-query';

/** The id of the data block (src/server/modules/seo/html.ts writes it). */
export const INITIAL_DATA_ID = 'initial-data';

/** Seeds `client` with the page's [query key, answer] pairs; returns how many were taken. */
export function seedInitialData(client: QueryClient, doc: Document = document): number {
  const block = doc.getElementById(INITIAL_DATA_ID);
  if (!block?.textContent) return 0;
  block.remove();
  let entries: unknown;
  try {
    entries = JSON.parse(block.textContent);
  } catch {
    return 0; // a broken block only costs the round trips it would have saved
  }
  if (!Array.isArray(entries)) return 0;
  return seedEntries(client, entries);
}

/** Puts each well-formed [query key, answer] pair into `client`; returns how many. */
export function seedEntries(client: QueryClient, entries: unknown[]): number {
  let taken = 0;
  for (const entry of entries) {
    if (!Array.isArray(entry) || !Array.isArray(entry[0]) || entry[1] === undefined) continue;
    client.setQueryData(entry[0], entry[1]);
    taken++;
  }
  return taken;
}
