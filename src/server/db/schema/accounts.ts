// Accounts and what they keep: users, sessions, e-mail tokens, favorites, compare, shortlists and their shares (ADR 022), saved prospect lists.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, instant, looseRef, ownedBy } from './columns';
import { communities } from './directory';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Stored lower-cased. */
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    profileImageUrl: text('profile_image_url'),
    role: text('role').$type<'user' | 'admin'>().notNull().default('user'),
    /** A trial is plan 'basic' with trialEndsAt in the future. */
    plan: text('plan').$type<'basic' | 'pro'>().notNull().default('basic'),
    trialEndsAt: instant('trial_ends_at'),
    oidcSubject: text('oidc_subject'),
    /** When the owner of `email` proved it (a one-time link, or a verified single sign-on claim). */
    emailVerifiedAt: instant('email_verified_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(t.email),
    uniqueIndex('users_oidc_subject_uq').on(t.oidcSubject),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie token; the token itself is never stored. */
    id: text('id').primaryKey(),
    userId: ownedBy('user_id', () => users.id),
    expiresAt: instant('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** One-time links sent by e-mail (verify the address, reset the password). Only the SHA-256 is stored. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: text('id').primaryKey(),
    userId: ownedBy('user_id', () => users.id),
    /** 'verify' | 'reset'. */
    purpose: text('purpose').notNull(),
    /** The address the link was sent to (a verification proves this address, not a later one). */
    email: text('email').notNull(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('email_tokens_user_idx').on(t.userId, t.purpose)],
);

export const favorites = pgTable(
  'favorites',
  {
    userId: ownedBy('user_id', () => users.id),
    communityId: ownedBy('community_id', () => communities.id),
    createdAt: createdAt(),
    /** The shortlist note of this community ("visited Tuesday, lovely garden"), by the owner or a collaborator (issue 16). */
    note: text('note'),
    noteUpdatedAt: instant('note_updated_at'),
    noteUpdatedBy: looseRef('note_updated_by', () => users.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.communityId] })],
);

// Issue 16 (ADR 022): compare and the shortlist that travels. The shortlist is the owner's favorites.

/** The communities a signed-in user compares (at most COMPARE_LIMIT, enforced by the compare service). */
export const compareItems = pgTable(
  'compare_items',
  {
    userId: ownedBy('user_id', () => users.id),
    communityId: ownedBy('community_id', () => communities.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.communityId] })],
);

/** Signed-in family members who may read an owner's shortlist and edit its notes. */
export const shortlistCollaborators = pgTable(
  'shortlist_collaborators',
  {
    ownerId: ownedBy('owner_id', () => users.id),
    userId: ownedBy('user_id', () => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.userId] }), index('shortlist_collaborators_user_idx').on(t.userId)],
);

/**
 * Share links of a shortlist. The link carries `lookup` and a secret; only the SHA-256 of the secret is
 * stored and compared in constant time. Revoked links are kept (revokedAt) so the owner sees them.
 */
export const shortlistShares = pgTable(
  'shortlist_shares',
  {
    id: serial('id').primaryKey(),
    ownerId: ownedBy('owner_id', () => users.id),
    /** Public half of the token: finds the row. */
    lookup: text('lookup').notNull(),
    /** SHA-256 (hex) of the secret half. */
    secretHash: text('secret_hash').notNull(),
    /** 'read' | 'comment'. */
    access: text('access').notNull(),
    /** The link stops working at this instant (the end of the owner's chosen day, UTC); null = no expiry. */
    expiresAt: instant('expires_at'),
    revokedAt: instant('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('shortlist_shares_lookup_uq').on(t.lookup), index('shortlist_shares_owner_idx').on(t.ownerId)],
);

/** Comments left through a comment link (by a visitor who gives a name) on an owner's shortlist. */
export const shortlistComments = pgTable(
  'shortlist_comments',
  {
    id: serial('id').primaryKey(),
    ownerId: ownedBy('owner_id', () => users.id),
    shareId: ownedBy('share_id', () => shortlistShares.id),
    /** The community the comment is about; null for the whole list. */
    communityId: integer('community_id').references(() => communities.id, { onDelete: 'cascade' }),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('shortlist_comments_owner_idx').on(t.ownerId, t.createdAt)],
);

/** A Pro user's named prospect list (issue 15): communities and operators saved from the insights screens. */
export const prospectLists = pgTable(
  'prospect_lists',
  {
    id: serial('id').primaryKey(),
    userId: ownedBy('user_id', () => users.id),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('prospect_lists_user_name_idx').on(t.userId, sql`lower(${t.name})`)],
);

/** One saved community or operator of a prospect list; item_type is 'community' | 'operator'. */
export const prospectListItems = pgTable(
  'prospect_list_items',
  {
    listId: ownedBy('list_id', () => prospectLists.id),
    itemType: text('item_type').notNull(),
    itemId: integer('item_id').notNull(),
    addedAt: instant('added_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.listId, t.itemType, t.itemId] })],
);
