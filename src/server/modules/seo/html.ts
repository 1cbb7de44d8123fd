// Safe HTML building for the pages the server pre-renders (ADR 015): every text is escaped, JSON-LD
// cannot close its <script>, and the built client shell gets its head tags and a summary injected.

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or attribute value -> HTML (quotes included, so it is safe in both). */
export function escapeHtml(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** JSON that cannot end a <script> element or open a comment (</script>, <!--) when placed inside one. */
function scriptJson(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** A JSON-LD <script> whose content cannot end the element or open a comment (</script>, <!--). */
export function jsonLdScript(data: unknown): string {
  return `<script type="application/ld+json">${scriptJson(data)}</script>`;
}

/** The id of the data block the client puts into its query cache before its first render. */
export const INITIAL_DATA_ID = 'initial-data';

/**
 * API answers the page is about to ask for, as [query key, answer] pairs (the keys of the client's
 * TanStack queries). A data block, not a script: the CSP's script-src does not apply and nothing runs.
 */
export function initialDataScript(entries: Array<[readonly unknown[], unknown]>): string {
  return `<script type="application/json" id="${INITIAL_DATA_ID}">${scriptJson(entries)}</script>`;
}

/** Shortens text at a word boundary to at most `max` characters (an ellipsis when cut). */
export function truncate(text: string, max: number): string {
  const t = text.replace(/\s+/g, ' ').trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute URL of the page. */
  canonical: string;
  /** Absolute URL of the preview picture. */
  image?: string;
  imageAlt?: string;
  /** e.g. noindex for pages that are not found. */
  robots?: string;
  jsonLd?: unknown;
}

/** The <head> tags of a page: description, canonical, Open Graph, Twitter card, JSON-LD. */
export function headTags(meta: PageMeta, siteName: string): string {
  const tags = [
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(meta.canonical)}" />`,
    meta.robots ? `<meta name="robots" content="${escapeHtml(meta.robots)}" />` : '',
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(siteName)}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(meta.canonical)}" />`,
    meta.image ? `<meta property="og:image" content="${escapeHtml(meta.image)}" />` : '',
    meta.image && meta.imageAlt ? `<meta property="og:image:alt" content="${escapeHtml(meta.imageAlt)}" />` : '',
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${escapeHtml(meta.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}" />`,
    meta.image ? `<meta name="twitter:image" content="${escapeHtml(meta.image)}" />` : '',
    meta.jsonLd === undefined ? '' : jsonLdScript(meta.jsonLd),
  ];
  return tags.filter(Boolean).join('\n    ');
}

/**
 * The client shell (dist/client/index.html) with this page's title, head tags and inside #root either
 * its server-rendered first screen (`ssr`: hydrated by the client) or a pre-rendered summary (React's
 * createRoot clears it on mount). The shell's own title and description are replaced, not duplicated;
 * without a title they stay.
 */
export function injectIntoShell(shell: string, page: { title?: string; head: string; body: string; ssr?: boolean }): string {
  let html = shell;
  let head = page.head;
  if (page.title !== undefined) {
    const title = `<title>${escapeHtml(page.title)}</title>`;
    html = html.replace(/<meta\s+name="description"[^>]*>\s*/i, '');
    html = /<title>[\s\S]*?<\/title>/i.test(html) ? html.replace(/<title>[\s\S]*?<\/title>/i, () => title) : html;
    if (!/<title>/i.test(html)) head = `${title}\n    ${head}`;
  }
  html = /<\/head>/i.test(html) ? html.replace(/<\/head>/i, () => `    ${head}\n  </head>`) : html.replace(/<div id="root">/i, (m) => `${head}\n${m}`);
  // data-ssr: the client hydrates this HTML instead of replacing it (src/client/main.tsx, ADR 028).
  return html.replace(/<div id="root">\s*<\/div>/i, () => `<div id="root"${page.ssr ? ' data-ssr="1"' : ''}>${page.body}</div>`);
}
