// Routes of the auth module (registered under /api in src/server/app.ts): the sign-in page (/api/login),
// OpenID Connect, local accounts, the current user and signing out.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AUTH_MESSAGES,
  authConfigSchema,
  authUserSchema,
  linkSentResponseSchema,
  loginPageQuerySchema,
  loginRequestSchema,
  passwordResetRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  safeReturnTo,
  verifyEmailRequestSchema,
} from '../../../contracts/auth';
import { safeText } from '../../../contracts/text';
import { errorResponseSchema } from '../../../contracts/errors';
import type { Env } from '../../env';
import { AppError } from '../../lib/errors';
import type { RouteModule } from '../../types';
import { login, prepareAuth, register, resetPassword, resetTarget, toAuthUserResponse, verifyEmail } from './auth.service';
import { htmlPageResponse, noBodyResponse } from '../docs/responses';
import { createLinkSender } from './links';
import {
  decodeTx,
  encodeTx,
  findOrCreateOidcUser,
  finishSignIn,
  OIDC_TX_COOKIE,
  OIDC_TX_MAX_AGE_S,
  OIDC_TX_PATH,
  oidcConfigured,
  startSignIn,
  UnverifiedAccountError,
} from './oidc';
import {
  clearSessionCookie,
  createSession,
  destroyOtherSessions,
  destroySession,
  requireUser,
  SESSION_COOKIE,
  setSessionCookie,
  type SessionUser,
} from './session';

/** Secure cookies when configured, or when the request came over HTTPS through a trusted proxy. */
export const cookieSecure = (env: Env, request: FastifyRequest): boolean => env.COOKIE_SECURE || (env.TRUST_PROXY !== false && request.protocol === 'https');

/** Throws the first zod message as it is (the forms show it under the field). */
function rejectInvalid(request: FastifyRequest): void {
  const err = request.validationError as (Error & { validation?: Array<{ message?: string }> }) | undefined;
  if (err) throw new AppError('VALIDATION_ERROR', err.validation?.[0]?.message ?? err.message);
}

async function startSession(request: FastifyRequest, reply: FastifyReply, env: Env, pool: Parameters<typeof createSession>[0], user: SessionUser) {
  // A new token on every sign-in (no session fixation); the old one, if any, ends.
  await destroySession(pool, request.cookies[SESSION_COOKIE]);
  const { token, expiresAt } = await createSession(pool, user.id);
  setSessionCookie(reply, token, expiresAt, cookieSecure(env, request));
  request.user = user;
  return token;
}

/** Where links in e-mails point when PUBLIC_URL is unset (development, logged links only). */
const requestOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The sign-in page when the client is not built (tests, API-only deployments). */
function fallbackLoginPage(returnTo: string, oidc: boolean): string {
  const rt = escapeHtml(encodeURIComponent(returnTo));
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in</title></head>
<body><main><h1>Sign in</h1>
<p>The web client is not built on this server. Sign in through the API: <code>POST /api/auth/login</code> with
<code>{ "email", "password" }</code>, or create an account with <code>POST /api/auth/register</code>.</p>
${oidc ? `<p><a href="/api/login?sso=1&amp;returnTo=${rt}">Continue with single sign-on</a></p>` : ''}
</main></body></html>`;
}

export const authRoutes: RouteModule = (app, { pool, env }) => {
  prepareAuth();
  const links = createLinkSender(pool, env, app.log);
  app.addHook('onClose', async () => links.close());
  const authLimit = { rateLimit: { max: env.AUTH_RATE_LIMIT_MAX, timeWindow: '1 minute' } };
  /** A form's post (sign-up, sign-in, the e-mail links' pages): its body checked by rejectInvalid (a 400), rate-limited. */
  const formPost = <B extends z.ZodType, R extends Record<number, z.ZodType>>(body: B, response: R) => ({
    schema: { body, response: { ...response, 400: errorResponseSchema } },
    attachValidation: true,
    config: authLimit,
  });
  const ssoLimit = { rateLimit: { max: Math.max(env.AUTH_RATE_LIMIT_MAX, 30), timeWindow: '1 minute' } };
  const txCookie = (request: FastifyRequest) => ({
    path: OIDC_TX_PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: cookieSecure(env, request),
  });

  // The sign-in page. The client router renders LoginPage here; ?sso=1 goes to the OIDC provider.
  app.get(
    '/login',
    {
      schema: {
        querystring: loginPageQuerySchema,
        response: {
          200: htmlPageResponse('The sign-in page (the client app)'),
          302: noBodyResponse('?sso=1: to the OpenID Connect provider'),
          303: noBodyResponse('Already signed in: to returnTo; SSO not configured or failed: back here with ?error'),
        },
      },
      config: ssoLimit,
    }, async (request, reply) => {
    const returnTo = safeReturnTo(request.query.returnTo);
    if (request.query.sso === '1') {
      if (!oidcConfigured(env)) {
        const back = new URLSearchParams({ error: 'sso_unavailable' });
        if (returnTo !== '/') back.set('returnTo', returnTo);
        return reply.redirect(`/api/login?${back.toString()}`, 303);
      }
      try {
        const { url, tx } = await startSignIn(env, returnTo);
        reply.setCookie(OIDC_TX_COOKIE, encodeTx(tx), { ...txCookie(request), maxAge: OIDC_TX_MAX_AGE_S });
        return reply.header('Cache-Control', 'no-store').redirect(url.toString(), 302);
      } catch (err) {
        request.log.warn({ err }, 'OIDC discovery failed');
        return reply.redirect('/api/login?error=sso_failed', 303);
      }
    }
    if (request.user && !request.query.error) return reply.redirect(returnTo, 303);
    reply.header('Cache-Control', 'no-cache');
    if (typeof reply.sendFile === 'function') return reply.sendFile('index.html', { cacheControl: false });
    return reply.type('text/html; charset=utf-8').send(fallbackLoginPage(returnTo, oidcConfigured(env)));
  });

  // The OIDC provider sends the browser back here with ?code&state.
  app.get(
    '/login/callback',
    {
      schema: {
        // What the provider sends back (RFC 6749 4.1.2, RFC 9207); any other parameter is text as well.
        querystring: z
          .object({
            code: safeText().max(4000).optional(),
            state: safeText().max(4000).optional(),
            iss: safeText().max(4000).optional(),
            error: safeText().max(4000).optional(),
            error_description: safeText().max(4000).optional(),
          })
          .catchall(safeText().max(4000)),
        response: { 303: noBodyResponse('Signed in: to the page the sign-in started from; refused: to /api/login?error=…') },
      },
      config: ssoLimit,
    },
    async (request, reply) => {
      const tx = decodeTx(request.cookies[OIDC_TX_COOKIE]);
      reply.clearCookie(OIDC_TX_COOKIE, txCookie(request));
      if (!oidcConfigured(env)) return reply.redirect('/api/login?error=sso_unavailable', 303);
      if (!tx) return reply.redirect('/api/login?error=sso_failed', 303);
      try {
        const rawQuery = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
        const claims = await finishSignIn(env, rawQuery, tx);
        const user = await findOrCreateOidcUser(pool, env, claims);
        await startSession(request, reply, env, pool, user);
        return reply.header('Cache-Control', 'no-store').redirect(safeReturnTo(tx.returnTo), 303);
      } catch (err) {
        if (err instanceof UnverifiedAccountError) {
          request.log.info('OIDC sign-in refused: the local account with this e-mail is not verified');
          return reply.redirect('/api/login?error=sso_unverified', 303);
        }
        request.log.warn({ err }, 'OIDC sign-in failed');
        return reply.redirect('/api/login?error=sso_failed', 303);
      }
    },
  );

  app.get('/auth/config', { schema: { response: { 200: authConfigSchema } } }, async () => ({ oidc: oidcConfigured(env) }));

  app.post('/auth/register', formPost(registerRequestSchema, { 201: authUserSchema, 409: errorResponseSchema }), async (request, reply) => {
    rejectInvalid(request);
    const user = await register(pool, env, request.body);
    await startSession(request, reply, env, pool, user);
    await links.send('verify', user, requestOrigin(request));
    return reply.status(201).header('Cache-Control', 'no-store').send(toAuthUserResponse(user));
  });

  app.post('/auth/login', formPost(loginRequestSchema, { 200: authUserSchema, 401: errorResponseSchema }), async (request, reply) => {
    rejectInvalid(request);
    const user = await login(pool, env, request.body);
    await startSession(request, reply, env, pool, user);
    return reply.header('Cache-Control', 'no-store').send(toAuthUserResponse(user));
  });

  app.get('/auth/user', { schema: { response: { 200: authUserSchema, 401: errorResponseSchema } } }, async (request, reply) => {
    if (!request.user) throw new AppError('UNAUTHENTICATED', 'You are not signed in.');
    return reply.header('Cache-Control', 'no-store').send(toAuthUserResponse(request.user));
  });

  // E-mail verification: the link opens the client page /verify-email, which posts the token here
  // (a GET would be spent by mail scanners that prefetch links).
  app.post('/auth/verify-email', formPost(verifyEmailRequestSchema, { 200: authUserSchema }), async (request, reply) => {
    rejectInvalid(request);
    const user = await verifyEmail(pool, env, request.body.token);
    if (request.user?.id === user.id) request.user = user;
    return reply.header('Cache-Control', 'no-store').send(toAuthUserResponse(user));
  });

  // A new verification link for the signed-in user.
  app.post(
    '/auth/verify-email/resend',
    { preHandler: requireUser, schema: { response: { 202: linkSentResponseSchema, 401: errorResponseSchema } }, config: authLimit },
    async (request, reply) => {
      const user = request.user as SessionUser;
      if (!user.emailVerified) await links.send('verify', user, requestOrigin(request));
      return reply.status(202).send({ message: AUTH_MESSAGES.verificationSent });
    },
  );

  // Forgotten password: always the same answer, so it tells no one which e-mails have accounts; the
  // link is sent in the background (the answer takes as long either way).
  app.post('/auth/password-reset', formPost(passwordResetRequestSchema, { 202: linkSentResponseSchema }), async (request, reply) => {
    rejectInvalid(request);
    const origin = requestOrigin(request);
    void resetTarget(pool, request.body.email)
      .then((user) => (user ? links.send('reset', { id: user.id, email: user.email }, origin) : undefined))
      .catch((err: unknown) => request.log.warn({ err }, 'password reset request failed'));
    return reply.status(202).header('Cache-Control', 'no-store').send({ message: AUTH_MESSAGES.resetSent });
  });

  // The reset link's page posts the token and the new password: every other session of the account
  // ends, and this browser is signed in.
  app.post('/auth/reset-password', formPost(resetPasswordRequestSchema, { 200: authUserSchema }), async (request, reply) => {
    rejectInvalid(request);
    const user = await resetPassword(pool, env, request.body.token, request.body.password);
    const token = await startSession(request, reply, env, pool, user);
    await destroyOtherSessions(pool, user.id, token);
    return reply.header('Cache-Control', 'no-store').send(toAuthUserResponse(user));
  });

  const signOut = async (request: FastifyRequest, reply: FastifyReply) => {
    await destroySession(pool, request.cookies[SESSION_COOKIE]);
    clearSessionCookie(reply, cookieSecure(env, request));
    request.user = null;
  };

  // A navigation (the header's Sign Out link), not a data call.
  app.get('/logout', { schema: { response: { 303: noBodyResponse('Signed out: to the landing page') } } }, async (request, reply) => {
    await signOut(request, reply);
    return reply.header('Cache-Control', 'no-store').redirect('/', 303);
  });

  app.post('/auth/logout', { schema: { response: { 204: noBodyResponse('Signed out; the session cookie is cleared') } } }, async (request, reply) => {
    await signOut(request, reply);
    return reply.status(204).send(null);
  });
};
