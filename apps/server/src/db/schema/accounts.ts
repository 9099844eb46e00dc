/** Accounts: users, their roles and specializations in each journal, and their single-use links. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { RolesRequest } from '@journals/core/schemas/users';
import { createdAt } from './columns';
import { journals, specializations } from './journals';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    fullName: text('full_name').notNull(),
    nameOnPaper: text('name_on_paper').notNull().default(''),
    phone: text('phone'),
    jobTitle: text('job_title').notNull().default(''),
    workPlace: text('work_place').notNull().default(''),
    orcid: text('orcid').unique(),
    personalKeywords: text('personal_keywords')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    availableAsReviewer: boolean('available_as_reviewer').notNull().default(false),
    emailConfirmed: boolean('email_confirmed').notNull().default(false),
    banned: boolean('banned').notNull().default(false),
    isPlatformAdmin: boolean('is_platform_admin').notNull().default(false),
    /** When the platform administrator erased the person (decision 0053): the row stays, anonymised, for the records. */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    /** Set by a paid registration; null when no fee applies or it is unpaid. */
    registrationPaid: boolean('registration_paid').notNull().default(true),
    membershipUntil: date('membership_until'),
    /** The language mails are written in: the one the user registered in. */
    language: text('language', { enum: ['en', 'ar'] })
      .notNull()
      .default('en'),
    createdAt: createdAt(),
  },
  (t) => [
    // The user list's search by name or e-mail (pg_trgm, migration 0004).
    index('users_full_name_trgm_idx').using('gin', t.fullName.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')).with({ fastupdate: false }),
    // The platform's suspended accounts, newest first (decision 0052): a few among 100,000 without a scan.
    index('users_banned_idx')
      .on(t.id.desc())
      .where(sql`${t.banned}`),
  ],
);

export const userSpecializations = pgTable(
  'user_specializations',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    specializationId: integer('specialization_id')
      .notNull()
      .references(() => specializations.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.specializationId] })],
);

/** A user's roles in one journal (DESIGN §3). */
export const journalRoles = pgTable(
  'journal_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    journalId: integer('journal_id')
      .notNull()
      .references(() => journals.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['researcher', 'reviewer', 'handlingEditor', 'editor'] }).notNull(),
    editorType: smallint('editor_type'),
    externalReviewer: boolean('external_reviewer').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.journalId, t.role] }),
    // A journal's people newest first (the user list), and those of one role.
    index('journal_roles_journal_user_idx').on(t.journalId, t.userId),
    index('journal_roles_journal_role_user_idx').on(t.journalId, t.role, t.userId),
  ],
);

/**
 * A journal's ban of a person (issue 22 §1, decision 0040): no sign-in to that journal, and a session reads as signed
 * out there; the person's roles stay (an unban gives them back). The platform-wide ban is users.banned.
 */
export const journalBans = pgTable(
  'journal_bans',
  {
    journalId: integer('journal_id')
      .notNull()
      .references(() => journals.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bannedBy: integer('banned_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.journalId, t.userId] })],
);

/** Reviewer and handling-editor specializations of a role. */
export const roleSpecializations = pgTable(
  'role_specializations',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['reviewer', 'handlingEditor'] }).notNull(),
    specializationId: integer('specialization_id')
      .notNull()
      .references(() => specializations.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.role, t.specializationId] }),
    // The reviewers of a specialization (the candidate list).
    index('role_specializations_spec_idx').on(t.specializationId, t.role),
  ],
);

/** Single-use, expiring links: account activation and password reset. */
export const userTokens = pgTable('user_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose', { enum: ['activate', 'reset'] }).notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * A journal's invitation to a person (issue 44 §3, decision 0071): one per person and journal, the roles offered, the
 * address and name as the manager typed them. An existing account gets its roles only when it accepts through the
 * mailed link (token_hash); a new account was given them when it was made, and its invitation is its link to choose
 * a password (user_tokens), answered when the account is confirmed.
 */
export const journalInvitations = pgTable(
  'journal_invitations',
  {
    id: serial('id').primaryKey(),
    journalId: integer('journal_id')
      .notNull()
      .references(() => journals.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    roles: jsonb('roles').$type<RolesRequest>().notNull(),
    newAccount: boolean('new_account').notNull().default(false),
    tokenHash: text('token_hash').unique(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    answer: text('answer', { enum: ['accepted', 'declined'] }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('journal_invitations_journal_user_idx').on(t.journalId, t.userId)],
);
