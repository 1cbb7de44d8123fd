// One-time links by e-mail (verify an address, reset a password) through the app's mailer
// (src/server/modules/notify/mailer.ts). Tokens are 32 random bytes; only their SHA-256 is stored.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { RESET_LINK_MINUTES, VERIFY_LINK_HOURS } from '../../../contracts/auth';
import type { Env } from '../../env';
import { createMailer, type Mailer } from '../notify/mailer';
import { consumeEmailToken, insertEmailToken, type EmailTokenPurpose } from './auth.repo';

export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');

const TTL_MS: Record<EmailTokenPurpose, number> = { verify: VERIFY_LINK_HOURS * 3_600_000, reset: RESET_LINK_MINUTES * 60_000 };
const PAGE: Record<EmailTokenPurpose, string> = { verify: '/verify-email', reset: '/reset-password' };

function message(purpose: EmailTokenPurpose, link: string): { subject: string; text: string } {
  if (purpose === 'verify') {
    return {
      subject: 'Confirm your e-mail address for SeniorScope',
      text: `Please confirm your e-mail address by opening this link within ${VERIFY_LINK_HOURS} hours:\n\n${link}\n\nIf you did not create a SeniorScope account, you can ignore this e-mail.`,
    };
  }
  return {
    subject: 'Choose a new SeniorScope password',
    text: `Someone (hopefully you) asked to reset the password of your SeniorScope account. Open this link within ${RESET_LINK_MINUTES} minutes to choose a new one:\n\n${link}\n\nIf you did not ask for it, ignore this e-mail: your password stays as it is.`,
  };
}

export interface LinkSender {
  /**
   * Creates a one-time link for the user and e-mails it to `email`. Without SMTP_URL the link is
   * written to the server log (the link only: no address or other personal data). Never throws: a
   * failed delivery is logged, and the caller's answer stays the same.
   */
  send(purpose: EmailTokenPurpose, user: { id: number; email: string }, requestOrigin: string): Promise<void>;
  close(): void;
}

export function createLinkSender(pool: pg.Pool, env: Env, log: FastifyBaseLogger, mailer: Mailer = createMailer(env, log)): LinkSender {
  return {
    async send(purpose, user, requestOrigin) {
      try {
        // Links e-mailed for real must point at PUBLIC_URL: the Host header of the request that asked
        // for a reset is the attacker's choice.
        if (mailer.kind === 'smtp' && !env.PUBLIC_URL) {
          log.error({ purpose }, 'PUBLIC_URL is not set: one-time links are not e-mailed (they would carry the Host header of the request)');
          return;
        }
        const token = randomBytes(32).toString('base64url');
        await insertEmailToken(pool, { hash: hashLinkToken(token), userId: user.id, purpose, email: user.email, expiresAt: new Date(Date.now() + TTL_MS[purpose]) });
        const link = new URL(`${PAGE[purpose]}?token=${token}`, env.PUBLIC_URL ?? requestOrigin).toString();
        if (mailer.kind === 'log') {
          log.info({ link }, `one-time ${purpose} link (no SMTP_URL configured: logged instead of e-mailed)`);
          return;
        }
        await mailer.send({ to: [user.email], ...message(purpose, link) });
      } catch (err) {
        log.warn({ err, purpose }, 'could not send a one-time link');
      }
    },
    close() {
      mailer.close();
    },
  };
}

/** Uses a link's token once; null when it is unknown, used, expired or of another purpose. */
export const useLinkToken = (pool: pg.Pool, token: string, purpose: EmailTokenPurpose) => consumeEmailToken(pool, hashLinkToken(token), purpose);
