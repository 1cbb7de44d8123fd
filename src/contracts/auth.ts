// Sign-in, sign-up and the current user (GET /api/login page, /api/auth/*). Isomorphic: the same
// schemas validate the forms on the client and the requests on the server.
import { z } from 'zod';
import { safeText } from './text';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const TRIAL_DAYS = 14;

const emailSchema = safeText({ error: 'Please enter your e-mail address.' })
  .trim()
  .toLowerCase()
  .min(1, 'Please enter your e-mail address.')
  .max(254, 'That e-mail address is too long.')
  .pipe(z.email({ error: 'Please enter a valid e-mail address.' }));

export const registerRequestSchema = z.object({
  email: emailSchema,
  password: safeText({ error: 'Please choose a password.' })
    .min(PASSWORD_MIN, `Your password needs at least ${PASSWORD_MIN} characters.`)
    .max(PASSWORD_MAX, `Your password can have at most ${PASSWORD_MAX} characters.`),
  firstName: safeText()
    .trim()
    .max(100, 'Your first name can have at most 100 characters.')
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: safeText({ error: 'Please enter your password.' })
    .min(1, 'Please enter your password.')
    .max(PASSWORD_MAX, `Your password can have at most ${PASSWORD_MAX} characters.`),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const USER_ROLES = ['user', 'admin'] as const;
export const USER_PLANS = ['basic', 'pro'] as const;

/** Who a user is (the signed-in user's own answer and the admin's user list). */
export const userNameFields = {
  id: z.number().int(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
};

/** What a user may use: role, plan and trial (the signed-in user's own answer and the admin's user list). */
export const userPlanFields = {
  role: z.enum(USER_ROLES),
  plan: z.enum(USER_PLANS),
  /** ISO timestamp; the 14-day Professional trial ends then. */
  trialEndsAt: z.string().nullable(),
  /** A paid Professional plan or a running trial. */
  isPro: z.boolean(),
};

/** GET /api/auth/user (and the answer of register / login). */
export const authUserSchema = z.object({
  ...userNameFields,
  profileImageUrl: z.string().nullable(),
  ...userPlanFields,
  /** The owner of `email` proved it (the one-time link, or a verified single sign-on e-mail). */
  emailVerified: z.boolean(),
});
export type AuthUserResponse = z.infer<typeof authUserSchema>;

/** GET /api/auth/config: what the sign-in page may offer. */
export const authConfigSchema = z.object({ oidc: z.boolean() });
export type AuthConfig = z.infer<typeof authConfigSchema>;

/** GET /api/login (and /api/login/callback) query. */
export const loginPageQuerySchema = z.object({
  /** Anything that is not a safe same-origin path becomes '/' (safeReturnTo), never an error page. */
  returnTo: safeText().max(2000).optional().catch(undefined),
  sso: safeText().max(10).optional(),
  error: safeText().max(100).optional(),
});

const passwordSchema = safeText({ error: 'Please choose a password.' })
  .min(PASSWORD_MIN, `Your password needs at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Your password can have at most ${PASSWORD_MAX} characters.`);

const tokenSchema = safeText({ error: 'The link is incomplete.' }).trim().min(20, 'The link is incomplete.').max(200, 'The link is invalid.');

/** POST /api/auth/verify-email: the token of the one-time link. */
export const verifyEmailRequestSchema = z.object({ token: tokenSchema });
export type VerifyEmailRequest = z.input<typeof verifyEmailRequestSchema>;

/** POST /api/auth/password-reset: ask for a reset link (always the same answer). */
export const passwordResetRequestSchema = z.object({ email: emailSchema });
export type PasswordResetRequest = z.input<typeof passwordResetRequestSchema>;

/** POST /api/auth/reset-password: the link's token and the new password. */
export const resetPasswordRequestSchema = z.object({ token: tokenSchema, password: passwordSchema });
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

/** The answer of a request that sends a link (the same whether or not an account exists). */
export const linkSentResponseSchema = z.object({ message: z.string() });
export type LinkSentResponse = z.infer<typeof linkSentResponseSchema>;

/** How long a one-time link works. */
export const VERIFY_LINK_HOURS = 48;
export const RESET_LINK_MINUTES = 60;

export const AUTH_MESSAGES = {
  badCredentials: 'Incorrect e-mail or password.',
  emailTaken: 'An account with this e-mail already exists.',
  ssoUnavailable: 'Single sign-on is not configured on this server.',
  ssoFailed: 'Single sign-on did not complete. Please try again.',
  ssoUnverifiedAccount:
    'An account with this e-mail already exists but its address is not verified yet. Sign in with your password and open the link we e-mailed you, then single sign-on will work.',
  resetSent: 'If an account exists for that e-mail, we have sent it a link to choose a new password. The link works once, within an hour.',
  verificationSent: 'We have sent a new verification link to your e-mail address.',
  linkInvalid: 'This link is invalid, was already used or has expired. Please ask for a new one.',
} as const;

/**
 * Where to go after signing in: only a same-origin relative path ('/x', never '//host' or '/\\host'),
 * otherwise '/'. The answer is percent-encoded ('/你' -> '/%E4%BD%A0', spaces -> %20), so it is always
 * a valid Location header. Used by the server (sign-in page, OIDC callback) and by the sign-in page.
 */
export function safeReturnTo(value: string | null | undefined): string {
  if (!value || typeof value !== 'string' || value.length > 2000) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  // Control characters (tabs and newlines are dropped by URL parsers: '/\t/evil.com').
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || code === 0x5c) return '/';
  }
  // Never bounce back into the sign-in page itself.
  if (/^\/api\/log(in|out)(\/|\?|#|$)/i.test(value)) return '/';
  return encodeRedirectPath(value);
}

/**
 * Percent-encodes what a Location header cannot carry (non-ASCII, spaces, quotes, a '%' that starts no
 * escape) and keeps existing escapes and URL punctuation. '/' for a lone surrogate.
 */
export function encodeRedirectPath(path: string): string {
  try {
    return path.replace(/%(?![0-9A-Fa-f]{2})|[^\x21-\x7E]|["<>`{}|^]/gu, (c) => encodeURIComponent(c));
  } catch {
    return '/';
  }
}
