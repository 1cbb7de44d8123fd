// Requests for information and their events, imports, app metadata and rate-limit counters.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, instant, looseRef, ownedBy, textArray, updatedAt } from './columns';
import { users } from './accounts';
import { communities } from './directory';

export const leads = pgTable(
  'leads',
  {
    id: serial('id').primaryKey(),
    communityId: looseRef('community_id', () => communities.id),
    userId: looseRef('user_id', () => users.id),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    careNeeds: textArray('care_needs'),
    notes: text('notes'),
    source: text('source').notNull().default('website'),
    /** 'new' | 'contacted' | 'tour_scheduled' | 'closed' | 'withdrawn' (by the family). */
    status: text('status').notNull().default('new'),
    statusChangedAt: instant('status_changed_at'),
    statusChangedBy: looseRef('status_changed_by', () => users.id),
    /** 'pending' | 'sending' | 'sent' | 'logged' | 'failed'. */
    notificationStatus: text('notification_status').notNull().default('pending'),
    notificationAttempts: integer('notification_attempts').notNull().default(0),
    notificationError: text('notification_error'),
    notifiedAt: instant('notified_at'),
    createdAt: createdAt(),
    /** The client's Idempotency-Key of the submit that created this lead (a repeat returns this lead). */
    idempotencyKey: text('idempotency_key'),
    /** sha256 of the request the key was first used with (the same key with another request is a 409). */
    idempotencyFingerprint: text('idempotency_fingerprint'),
    /** The requester's explicit consent to be called / texted, as ticked on the form (issue 16). */
    consentCall: boolean('consent_call').notNull().default(false),
    consentText: boolean('consent_text').notNull().default(false),
    /** SHA-256 of the private status-link token e-mailed to the requester (the token is never stored). */
    statusTokenHash: text('status_token_hash'),
    /** When the family withdrew the request (status 'withdrawn'). */
    withdrawnAt: instant('withdrawn_at'),
  },
  (t) => [
    uniqueIndex('leads_idempotency_key_idx').on(t.idempotencyKey),
    uniqueIndex('leads_status_token_idx').on(t.statusTokenHash),
    index('leads_user_idx').on(t.userId, t.createdAt),
    index('leads_status_created_idx').on(t.status, t.createdAt),
    index('leads_community_idx').on(t.communityId),
    index('leads_created_idx').on(t.createdAt),
  ],
);

export const leadEvents = pgTable(
  'lead_events',
  {
    id: serial('id').primaryKey(),
    leadId: ownedBy('lead_id', () => leads.id),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    changedBy: looseRef('changed_by', () => users.id),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('lead_events_lead_idx').on(t.leadId, t.createdAt)],
);

export const imports = pgTable('imports', {
  id: serial('id').primaryKey(),
  kind: text('kind').notNull(),
  fileName: text('file_name').notNull(),
  /** 'ok' | 'failed'. */
  status: text('status').notNull(),
  rowsRead: integer('rows_read').notNull().default(0),
  inserted: integer('inserted').notNull().default(0),
  updated: integer('updated').notNull().default(0),
  rejected: integer('rejected').notNull().default(0),
  /** [{ line, reason }] for each rejected row (capped). */
  rejections: jsonb('rejections').notNull().default(sql`'[]'::jsonb`),
  error: text('error'),
  startedAt: instant('started_at').notNull().defaultNow(),
  finishedAt: instant('finished_at'),
});

/** Small key/value facts about the database, e.g. which dataset was generated. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

/**
 * Rate-limit counters shared by every app node (src/server/lib/rate-limit-store.ts). UNLOGGED in the
 * migration: counters of the current minute are worth nothing after a crash, and skipping the WAL keeps
 * each counted request cheap (docs/decisions/011).
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    expiresAt: instant('expires_at').notNull(),
  },
  (t) => [index('rate_limits_expires_idx').on(t.expiresAt)],
);
