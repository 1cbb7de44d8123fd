// The requester's e-mail receipt (issue 16): who receives the request, the 24-hour promise and the
// private link to its status page, through the app's mailer (src/server/modules/notify/mailer.ts).
// Sent after the lead is committed, in the background: the answer never waits for (or fails because
// of) an e-mail server. The confirmation screen shows the same link, so a lost receipt loses nothing.
import type { FastifyBaseLogger } from 'fastify';
import { ADVISOR_RESPONSE_HOURS } from '../../../contracts/constants';
import { LEAD_RECIPIENT_NOTICE } from '../../../contracts/leads';
import type { Env } from '../../env';
import { createMailer, type Mailer } from '../notify/mailer';

export interface Receipt {
  to: string;
  name: string;
  communityName: string | null;
  consentCall: boolean;
  consentText: boolean;
  /** The status page's path with its token (`/requests/track#…`). */
  statusPath: string;
}

export function receiptMessage(r: Receipt, link: string | null): { subject: string; text: string } {
  const about = r.communityName ? ` about ${r.communityName}` : '';
  const consent = [r.consentCall ? 'call you' : null, r.consentText ? 'text you' : null].filter(Boolean);
  return {
    subject: `We received your information request${about}`,
    text: [
      `Hello ${r.name},`,
      '',
      `we received your information request${about}. ${LEAD_RECIPIENT_NOTICE}`,
      `A care advisor will contact you within ${ADVISOR_RESPONSE_HOURS} hours.`,
      consent.length ? `You allowed the advisor to ${consent.join(' and ')}.` : 'You did not allow calls or text messages: the advisor will answer by e-mail.',
      '',
      link ? `Follow your request, or withdraw it, on this private page (keep this link to yourself):\n${link}` : 'Sign in with this e-mail address to follow your request under "My requests".',
    ].join('\n'),
  };
}

export interface ReceiptSender {
  /** Never throws: a failed delivery is logged. */
  send(receipt: Receipt, requestOrigin: string): Promise<void>;
  close(): void;
}

export function createReceiptSender(env: Env, log: FastifyBaseLogger, mailer: Mailer = createMailer(env, log)): ReceiptSender {
  return {
    async send(receipt, requestOrigin) {
      try {
        if (mailer.kind === 'log') {
          // As the one-time links (ADR 012): without SMTP the link alone is logged, no address or name.
          log.info({ link: new URL(receipt.statusPath, env.PUBLIC_URL ?? requestOrigin).toString() }, 'request status link (no SMTP_URL configured: logged instead of e-mailed)');
          return;
        }
        // An e-mailed link points at PUBLIC_URL only: the Host header is the sender's choice.
        if (!env.PUBLIC_URL) log.error('PUBLIC_URL is not set: the request receipt is e-mailed without its status link');
        const link = env.PUBLIC_URL ? new URL(receipt.statusPath, env.PUBLIC_URL).toString() : null;
        await mailer.send({ to: [receipt.to], ...receiptMessage(receipt, link) });
      } catch (err) {
        log.warn({ err }, 'could not send a request receipt');
      }
    },
    close() {
      mailer.close();
    },
  };
}
