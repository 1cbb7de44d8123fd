// Request rules shared by the whole app: which paths are the API, and which state-changing requests
// come from another origin.
import type { FastifyRequest } from 'fastify';
import type { Env } from '../env';
import { AppError } from './errors';

/**
 * Is this path (with or without its query string) under /api? Case-insensitive, the way the router
 * matches routes (`caseSensitive: false`): '/API/admin/users' is the API too. The one test of "/api"
 * for the session lookup, the 404/SPA fallback and anything else.
 */
export function isApiPath(url: string): boolean {
  return /^\/api(?:[/?#]|$)/i.test(url);
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CROSS_ORIGIN_MESSAGE = 'This request came from another site and was refused.';

/**
 * Is `origin` the app's own: the origin of PUBLIC_URL, or the host the request was sent to (the Host
 * header, which a browser never lets a page on another site choose). The scheme is not compared with
 * the request's: behind a TLS-terminating proxy without TRUST_PROXY the app sees http.
 */
export function isOwnOrigin(env: Pick<Env, 'PUBLIC_URL'>, request: FastifyRequest, origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // 'null' (sandboxed frames, file://) or garbage
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (env.PUBLIC_URL && url.origin === new URL(env.PUBLIC_URL).origin) return true;
  try {
    // Parsed with the origin's scheme so that default ports compare equal ('host:80' and 'http://host').
    return url.host === new URL(`${url.protocol}//${request.host}`).host;
  } catch {
    return false;
  }
}

/**
 * Refuses a state-changing request (not GET/HEAD/OPTIONS) that a browser marks as cross-site
 * (`Sec-Fetch-Site: cross-site`) or whose `Origin` is not the app's own. Requests with neither header
 * (curl, server-to-server calls, tests) pass: only browsers send them, and browsers always do on a
 * cross-origin POST. This covers what SameSite=Lax cookies do not: a form or `text/plain` fetch posted
 * from another site with no cookie needed (imports by a signed-in admin on a sibling subdomain, notify calls).
 */
export function assertSameOrigin(env: Pick<Env, 'PUBLIC_URL'>, request: FastifyRequest): void {
  if (SAFE_METHODS.has(request.method)) return;
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site') throw new AppError('CROSS_ORIGIN', CROSS_ORIGIN_MESSAGE);
  const origin = request.headers.origin;
  if (origin === undefined) return;
  if (!isOwnOrigin(env, request, origin)) throw new AppError('CROSS_ORIGIN', CROSS_ORIGIN_MESSAGE);
}
