// Preload hints for a page's own JavaScript (issue 14). Each screen is a lazy chunk that the browser
// would only discover after the entry script has run; with a <link rel="modulepreload"> per file in the
// shell it downloads beside the entry. The file names come from Vite's build manifest
// (dist/client/.vite/manifest.json, `build.manifest` in vite.config.ts).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { escapeHtml } from './html';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** The client's screens the server serves with their start-up hints, by their source path under src/client. */
export const PAGE_SOURCES = {
  landing: 'features/landing/landing-page.tsx',
  search: 'features/search/search-page.tsx',
  community: 'features/community/community-page.tsx',
  dashboard: 'features/dashboard/dashboard-page.tsx',
  communityInsights: 'features/community-insights/community-insights-page.tsx',
  operatorInsights: 'features/operator-insights/operator-insights-page.tsx',
  sentiment: 'features/sentiment/sentiment-page.tsx',
  pricingAnalytics: 'features/pricing-analytics/pricing-analytics-page.tsx',
} as const;
export type PageName = keyof typeof PAGE_SOURCES;

/** The screens whose first screen the server renders (ADR 028); the analyst screens depend on the session. */
export const SSR_PAGES: ReadonlySet<PageName> = new Set(['landing', 'search', 'community']);

/** The analyst screens' addresses (src/client/app/routes.tsx). */
export const ANALYST_PAGES: Partial<Record<PageName, string>> = {
  dashboard: '/dashboard',
  communityInsights: '/community-insights',
  operatorInsights: '/operator-insights',
  sentiment: '/sentiment-analysis',
  pricingAnalytics: '/pricing-analytics',
};

/** modulepreload tags of `files` (paths under the site's root, e.g. `/assets/x.js`). */
export const modulepreloadTags = (files: readonly string[]): string =>
  files.map((f) => `<link rel="modulepreload" crossorigin href="${escapeHtml(f)}" />`).join('\n    ');

/** The id of the data block listing the scripts a server-rendered page loads after its first paint (src/client/main.tsx). */
export const AFTER_PAINT_ID = 'preload-after-paint';

/** The modulepreloads of the built shell (index.html): the app's start (vite.config.ts). */
const SHELL_PRELOAD = /<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>\s*/g;

/**
 * A server-rendered page's head without the shell's modulepreloads, and a data block listing them with the
 * screen's own files for src/client/main.tsx to preload after the first paint (ADR 028). The page paints
 * without a script; scripts downloading beside its styles and font would hold that paint back on a slow
 * connection.
 */
export function preloadAfterPaint(shell: string, pageFiles: readonly string[]): { shell: string; block: string } {
  const files = [...shell.matchAll(SHELL_PRELOAD)].map((m) => m[1]!);
  const list = JSON.stringify([...new Set([...files, ...pageFiles])]).replace(/</g, '\\u003c');
  return { shell: shell.replace(SHELL_PRELOAD, ''), block: `<script type="application/json" id="${AFTER_PAINT_ID}">${list}</script>` };
}

/** A screen's chunk and the chunks it imports statically, minus what the shell already loads, as `/assets/…` paths. */
export function createPagePreloads(clientDir: string): (page: PageName) => string[] {
  const file = path.join(clientDir, '.vite', 'manifest.json');
  let files: Map<string, string[]> | null = null;
  const build = (): Map<string, string[]> => {
    const out = new Map<string, string[]>();
    if (!existsSync(file)) return out; // a build without a manifest: no hints, the page still works
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
    const closure = (key: string, seen: Set<string>) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      for (const dep of manifest[key].imports ?? []) closure(dep, seen);
    };
    // What the shell already loads: the entry and its static imports, and the app's start that the entry
    // imports after the first paint (src/client/main.tsx), which vite.config.ts modulepreloads in the shell.
    const shell = new Set<string>();
    for (const [key, chunk] of Object.entries(manifest)) {
      if (!chunk.isEntry) continue;
      closure(key, shell);
      for (const dynamic of chunk.dynamicImports ?? []) if (dynamic.endsWith('boot.tsx')) closure(dynamic, shell);
    }
    for (const [page, src] of Object.entries(PAGE_SOURCES)) {
      const own = new Set<string>();
      closure(src, own);
      out.set(page, [...own].filter((k) => !shell.has(k)).map((k) => `/${manifest[k]!.file}`));
    }
    return out;
  };
  // Read once (a deploy restarts the server with its new build).
  return (page) => (files ??= build()).get(page) ?? [];
}
