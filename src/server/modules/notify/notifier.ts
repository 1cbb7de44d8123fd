// Lead notifications. A stored lead starts with notification_status 'pending'; this worker picks it up
// (leads.service does not know about e-mail, so the HTTP answer never waits for SMTP and never fails
// because of it), mails the advisors (and the community when NOTIFY_COMMUNITIES=true), and records the
// outcome on the lead: 'sent', 'logged' (no SMTP configured) or 'failed' with the error, retried with
// backoff. Only the notification_* columns and notified_at are ever written here. Several app nodes may
// run this worker on one database: each lead is claimed by one of them ('sending', FOR UPDATE SKIP
// LOCKED), so it is e-mailed once. Logs never carry the requester's personal data.
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { ADVISOR_RESPONSE_HOURS } from '../../../contracts/constants';
import type { LeadColumns, LeadCommunityColumns } from '../../db/rows';
import type { Env } from '../../env';
import type { App } from '../../types';
import { createMailer, parseAddressList, type Mailer, type MailMessage } from './mailer';

/** Minutes to wait after the n-th failed attempt (n = 1..5); after MAX_ATTEMPTS only a manual retry sends. */
export const RETRY_BACKOFF_MINUTES = [1, 5, 15, 60, 180] as const;
export const MAX_NOTIFY_ATTEMPTS = RETRY_BACKOFF_MINUTES.length + 1;
export const NOTIFY_INTERVAL_MS = 10_000;
const BATCH = 20;
const ERROR_MAX = 1000;

export interface NotifierDeps {
  pool: pg.Pool;
  env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'ADVISOR_EMAILS' | 'NOTIFY_COMMUNITIES' | 'PUBLIC_URL'>;
  log: FastifyBaseLogger;
  mailer: Mailer;
}

export type NotifyOutcome = 'sent' | 'logged' | 'failed' | 'skipped';

type LeadForMail = Pick<
  LeadColumns,
  'id' | 'name' | 'email' | 'phone' | 'care_needs' | 'notes' | 'source' | 'status' | 'created_at' | 'notification_status' | 'notification_attempts' | 'community_id'
> &
  LeadCommunityColumns;

const fmtTime = (d: Date) => d.toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC');

/** The e-mail about one lead (exported for tests and the ADR). */
export function buildLeadMessage(lead: LeadForMail, deps: Pick<NotifierDeps, 'env'>): MailMessage {
  const advisors = parseAddressList(deps.env.ADVISOR_EMAILS);
  const community = lead.community_name
    ? `${lead.community_name}${lead.community_city || lead.community_state ? ` (${[lead.community_city, lead.community_state].filter(Boolean).join(', ')})` : ''}`
    : null;
  const cc = deps.env.NOTIFY_COMMUNITIES ? parseAddressList(lead.community_email) : [];
  const due = new Date(lead.created_at.getTime() + ADVISOR_RESPONSE_HOURS * 3_600_000);
  const base = deps.env.PUBLIC_URL ? deps.env.PUBLIC_URL.replace(/\/$/, '') : '';
  const lines = [
    `A new information request arrived${community ? ` for ${community}` : ''}.`,
    '',
    `Requester: ${lead.name}`,
    `E-mail:    ${lead.email}`,
    `Phone:     ${lead.phone ?? '(not given)'}`,
    `Community: ${community ?? '(none chosen)'}`,
    `Care needs: ${lead.care_needs.length ? lead.care_needs.join(', ') : '(not given)'}`,
    `Notes:     ${lead.notes ?? '(none)'}`,
    `Arrived:   ${fmtTime(lead.created_at)} (request #${lead.id}, via ${lead.source})`,
    '',
    `We promised a care advisor will contact them within ${ADVISOR_RESPONSE_HOURS} hours, by ${fmtTime(due)}.`,
    `Open the requests inbox: ${base}/admin`,
  ];
  return {
    to: advisors,
    cc: cc.length ? cc : undefined,
    subject: `New information request from ${lead.name}${lead.community_name ? ` for ${lead.community_name}` : ''}`,
    text: lines.join('\n'),
  };
}

const errorText = (e: unknown) => {
  const msg = e instanceof Error ? e.message : String(e);
  return (msg || 'Unknown error').slice(0, ERROR_MAX);
};

/**
 * A claim ('sending') older than this is taken to be from a node that died while sending: the lead is
 * due again (at-least-once: that node may or may not have handed the e-mail to SMTP). Far above the
 * SMTP timeouts of the mailer (10 s connect + 20 s socket).
 */
export const SENDING_LEASE_MINUTES = 10;

/** Due now (without `force`): pending, failed and past its backoff, or a claim whose lease ran out. */
const DUE_SQL = `(notification_status = 'pending'
    OR (notification_status = 'failed'
        AND notification_attempts < $1
        AND (notified_at IS NULL OR notified_at + make_interval(mins => ($2::int[])[GREATEST(notification_attempts, 1)]) <= now()))
    OR (notification_status = 'sending' AND notified_at < now() - make_interval(mins => ${SENDING_LEASE_MINUTES})))`;

/**
 * Claims one lead for this node: an atomic UPDATE of a row locked with FOR UPDATE SKIP LOCKED, so two
 * nodes (or two passes) never both claim it, and no transaction stays open while the e-mail is sent.
 * `force` (a manual retry) ignores the backoff and the attempt limit, never a sent or sending one.
 */
async function claimLead(pool: pg.Pool, leadId: number, force: boolean): Promise<boolean> {
  const { rowCount } = await pool.query(
    `UPDATE leads l SET notification_status = 'sending', notified_at = now()
       FROM (SELECT id FROM leads
              WHERE id = $3
                AND (${DUE_SQL} OR ($4 AND notification_status = 'failed'))
              FOR UPDATE SKIP LOCKED) due
      WHERE l.id = due.id`,
    [MAX_NOTIFY_ATTEMPTS, [...RETRY_BACKOFF_MINUTES], leadId, force],
  );
  return rowCount === 1;
}

/**
 * Notifies about one lead. Skips it when another worker holds it or it is not due (unless `force`,
 * which a manual retry uses to ignore the backoff and the attempt limit, never a sent one).
 */
export async function notifyLead(deps: NotifierDeps, leadId: number, options: { force?: boolean } = {}): Promise<NotifyOutcome> {
  if (!(await claimLead(deps.pool, leadId, options.force ?? false))) return 'skipped';
  let outcome: NotifyOutcome;
  let error: string | null = null;
  try {
    const { rows } = await deps.pool.query<LeadForMail>(
      `SELECT l.id, l.name, l.email, l.phone, l.care_needs, l.notes, l.source, l.status, l.created_at,
              l.notification_status, l.notification_attempts, l.community_id,
              c.name AS community_name, c.city AS community_city, c.state AS community_state, c.email AS community_email
         FROM leads l LEFT JOIN communities c ON c.id = l.community_id
        WHERE l.id = $1`,
      [leadId],
    );
    const lead = rows[0];
    if (!lead) return 'skipped'; // deleted meanwhile
    const message = buildLeadMessage(lead, deps);
    if (deps.mailer.kind === 'log' || message.to.length + (message.cc?.length ?? 0) === 0) {
      // No SMTP, or nobody to send to. The log names the request only: never the requester's name,
      // e-mail, phone or notes (they are in the admin inbox).
      deps.log.info(
        { leadId, communityId: lead.community_id, recipients: message.to.length + (message.cc?.length ?? 0) },
        `lead notification logged instead of e-mailed (${deps.mailer.kind === 'log' ? 'no SMTP_URL configured' : 'no recipients'}): request #${lead.id}`,
      );
      if (deps.mailer.kind === 'smtp') error = 'No recipients: ADVISOR_EMAILS is empty (the request is in the admin inbox)';
      outcome = 'logged';
    } else {
      try {
        const result = await deps.mailer.send(message);
        if (result.accepted.length === 0) throw new Error(`All recipients were rejected: ${result.rejected.join(', ')}`);
        if (result.rejected.length) error = `Sent, but these recipients were rejected: ${result.rejected.join(', ')}`;
        outcome = 'sent';
      } catch (e) {
        error = errorText(e);
        outcome = 'failed';
        deps.log.warn({ leadId, err: { message: error } }, 'lead notification failed; it will be retried');
      }
    }
  } catch (e) {
    // The claim stays; after the lease the lead is due again.
    deps.log.warn({ leadId, err: { message: errorText(e) } }, 'lead notification interrupted; it will be retried');
    throw e;
  }
  await deps.pool.query(
    `UPDATE leads
        SET notification_status = $2,
            notification_attempts = notification_attempts + 1,
            notification_error = $3,
            notified_at = now()
      WHERE id = $1 AND notification_status = 'sending'`,
    [leadId, outcome, error],
  );
  return outcome;
}

/** Leads whose notification is due now: pending, failed and past their backoff, or a stale claim. */
export async function dueLeadIds(pool: pg.Pool, limit = BATCH): Promise<number[]> {
  const { rows } = await pool.query<{ id: number }>(
    `SELECT id FROM leads WHERE ${DUE_SQL} ORDER BY id LIMIT $3`,
    [MAX_NOTIFY_ATTEMPTS, [...RETRY_BACKOFF_MINUTES], limit],
  );
  return rows.map((r) => r.id);
}

export interface ProcessResult {
  sent: number;
  logged: number;
  failed: number;
  skipped: number;
}

/** One pass of the worker (tests call it directly). */
export async function processPendingNotifications(deps: NotifierDeps): Promise<ProcessResult> {
  const result: ProcessResult = { sent: 0, logged: 0, failed: 0, skipped: 0 };
  for (const id of await dueLeadIds(deps.pool)) {
    const outcome = await notifyLead(deps, id);
    result[outcome] += 1;
  }
  return result;
}

/**
 * Creates the mailer and, when `worker` is true, polls every `intervalMs` from onReady until onClose.
 * Returns the deps so routes can send a manual retry through the same mailer.
 */
export function setupNotifier(
  app: App,
  options: { pool: pg.Pool; env: NotifierDeps['env']; worker: boolean; intervalMs?: number },
): NotifierDeps {
  const log = app.log.child({ module: 'notify' });
  const deps: NotifierDeps = { pool: options.pool, env: options.env, log, mailer: createMailer(options.env, log) };
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = processPendingNotifications(deps)
      .catch((err) => log.error({ err }, 'notification pass failed'))
      .finally(() => {
        running = null;
      });
  };
  if (options.worker) {
    app.addHook('onReady', async () => {
      timer = setInterval(tick, options.intervalMs ?? NOTIFY_INTERVAL_MS);
      timer.unref();
      tick();
    });
  }
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    timer = null;
    if (running) await running;
    deps.mailer.close();
  });
  return deps;
}
