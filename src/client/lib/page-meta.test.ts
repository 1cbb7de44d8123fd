import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_DESCRIPTION, setPageMeta } from './page-meta';

const meta = (selector: string) => document.head.querySelector<HTMLMetaElement>(selector)?.content;

afterEach(() => {
  document.head.innerHTML = '';
  document.title = '';
});

describe('setPageMeta', () => {
  it('sets the title with the site name once and creates the description', () => {
    setPageMeta('Oak Manor — Austin, TX', 'Assisted Living in Austin, TX.');
    expect(document.title).toBe('Oak Manor — Austin, TX | SeniorScope');
    expect(meta('meta[name="description"]')).toBe('Assisted Living in Austin, TX.');
    setPageMeta('Dashboard | SeniorScope');
    expect(document.title).toBe('Dashboard | SeniorScope');
    expect(meta('meta[name="description"]')).toBe(DEFAULT_DESCRIPTION);
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
  });

  it('keeps tags the server injected in step with client navigation, and adds none it did not', () => {
    document.head.innerHTML =
      '<link rel="canonical" href="https://x.example/community/1" /><meta property="og:title" content="Old" /><meta property="og:url" content="https://x.example/community/1" />';
    window.history.pushState({}, '', '/search?location=Austin#results');
    setPageMeta('Senior Living in Austin — 3 communities', 'x'.repeat(300));
    expect(meta('meta[property="og:title"]')).toBe('Senior Living in Austin — 3 communities | SeniorScope');
    expect(meta('meta[property="og:url"]')).toBe(`${window.location.origin}/search?location=Austin`);
    expect(document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')!.href).toBe(`${window.location.origin}/search?location=Austin`);
    expect(meta('meta[name="description"]')!.length).toBeLessThanOrEqual(160);
    expect(document.head.querySelector('meta[name="twitter:title"]')).toBeNull();
  });
});
