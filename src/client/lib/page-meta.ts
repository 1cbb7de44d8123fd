// The document's <title>, meta description and (when the server injected them, ADR 015) canonical
// link and Open Graph/Twitter tags follow client navigation, so a page never keeps another page's head.
import { useEffect } from 'react';
import { SITE_NAME } from './site';

export const DEFAULT_DESCRIPTION = 'Find and compare senior living communities, and study the senior living market.';
const DESCRIPTION_MAX = 160;

function setMeta(attr: 'name' | 'property', key: string, content: string, create: boolean) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!el && !create) return;
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.content = content;
}

/** Sets the page's title ("{title} | SeniorScope") and description, and keeps injected social tags in step. */
export function setPageMeta(title: string, description: string = DEFAULT_DESCRIPTION): void {
  const full = title.endsWith(`| ${SITE_NAME}`) ? title : `${title} | ${SITE_NAME}`;
  const text = description.length > DESCRIPTION_MAX ? `${description.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…` : description;
  document.title = full;
  setMeta('name', 'description', text, true);
  for (const [attr, key, value] of [
    ['property', 'og:title', full],
    ['property', 'og:description', text],
    ['property', 'og:url', window.location.href.split('#')[0]!],
    ['name', 'twitter:title', full],
    ['name', 'twitter:description', text],
  ] as const) {
    setMeta(attr, key, value, false);
  }
  const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (canonical) canonical.href = window.location.href.split('#')[0]!;
}

/** A page refines the title and description its layout set (once its data is there). */
export function usePageMeta(title: string | null | undefined, description?: string | null): void {
  useEffect(() => {
    if (title) setPageMeta(title, description ?? undefined);
  }, [title, description]);
}
