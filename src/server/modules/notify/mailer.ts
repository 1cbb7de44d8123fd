// Outgoing e-mail: nodemailer over SMTP when SMTP_URL is set, otherwise only the fact that a message
// was due goes to the server log (never its content: it carries personal data). One transport per app, closed with it.
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Env } from '../../env';

export interface MailMessage {
  to: string[];
  cc?: string[];
  subject: string;
  text: string;
}

export interface MailResult {
  accepted: string[];
  rejected: string[];
}

export interface Mailer {
  /** 'smtp' sends for real; 'log' only notes in the server log that a message was not sent. */
  readonly kind: 'smtp' | 'log';
  send(message: MailMessage): Promise<MailResult>;
  close(): void;
}

/** Comma- or semicolon-separated addresses, trimmed, empty ones dropped, duplicates removed. */
export function parseAddressList(value: string | undefined | null): string[] {
  const out: string[] = [];
  for (const part of (value ?? '').split(/[,;]/)) {
    const a = part.trim();
    if (a && a.includes('@') && !out.some((o) => o.toLowerCase() === a.toLowerCase())) out.push(a);
  }
  return out;
}

const addresses = (list: unknown): string[] =>
  Array.isArray(list) ? list.map((a) => (typeof a === 'string' ? a : String((a as { address?: string }).address ?? a))) : [];

export function createMailer(env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM'>, log: FastifyBaseLogger): Mailer {
  const url = env.SMTP_URL?.trim();
  if (!url) {
    return {
      kind: 'log',
      async send(message) {
        // Recipients and the count only: subjects and bodies carry personal data, which never goes to logs.
        log.info({ mail: { recipients: message.to.length + (message.cc?.length ?? 0) } }, 'e-mail not sent: no SMTP_URL configured');
        return { accepted: [...message.to, ...(message.cc ?? [])], rejected: [] };
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport({
    url,
    // A slow or dead server must not hold a worker for long; the notifier retries later.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    kind: 'smtp',
    async send(message) {
      const info = await transport.sendMail({ from: env.MAIL_FROM, to: message.to, cc: message.cc, subject: message.subject, text: message.text });
      return { accepted: addresses(info.accepted), rejected: addresses(info.rejected) };
    },
    close() {
      transport.close();
    },
  };
}
