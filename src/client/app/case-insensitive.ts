// wouter matches case-sensitively by default. This parser (the regexparam syntax wouter uses:
// '/a/:id', '/a/:id?', '/files/*') compiles every route pattern with the 'i' flag, so '/SEARCH'
// matches '/search'. Parameters keep the case the user typed.
import { type Parser } from 'wouter';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const caseInsensitiveParser: Parser = (route: string, loose?: boolean) => {
  const keys: string[] = [];
  let pattern = '';
  for (const segment of route.split('/').filter(Boolean)) {
    if (segment[0] === '*') {
      keys.push('wild');
      pattern += segment[1] === '?' ? '(?:/(.*))?' : '/(.*)';
    } else if (segment[0] === ':') {
      const optional = segment.endsWith('?');
      keys.push(segment.slice(1, optional ? -1 : undefined));
      pattern += optional ? '(?:/([^/]+?))?' : '/([^/]+?)';
    } else {
      pattern += '/' + escape(segment);
    }
  }
  return { keys, pattern: new RegExp('^' + pattern + (loose ? '(?=$|/)' : '/?$'), 'i') };
};

/** True when the current path equals `href` (ignoring case and a trailing slash). */
export function isSamePath(location: string, href: string): boolean {
  const norm = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p).toLowerCase();
  return norm(location) === norm(href);
}
