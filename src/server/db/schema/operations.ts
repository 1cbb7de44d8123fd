// Requests for information and their events, imports, app metadata and rate-limit counters.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { textArray } from './columns';
import { users } from './accounts';
import { communities } from './directory';

export const leads = pgTable(
  'leads',
  {
    id: serial('id').primaryKey(),
    communityId: integer('community_id').references(() => communities.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    careNeeds: textArray('care_needs'),
    notes: text('notes'),
    source: text('source').notNull().default('website'),
    /** 'new' | 'contacted' | 'tour_scheduled' | 'closed' | 'withdrawn' (by the family). */
    status: text('status').notNull().default('new'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    statusChangedBy: integer('status_changed_by').references(() => users.id, { onDelete: 'set null' }),
    /** 'pending' | 'sending' | 'sent' | 'logged' | 'failed'. */
    notificationStatus: text('notification_status').notNull().default('pending'),
    notificationAttempts: integer('notification_attempts').notNull().default(0),
    notificationError: text('notification_error'),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
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
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/** Small key/value facts about the database, e.g. which dataset was generated. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_expires_idx').on(t.expiresAt)],
);
