/** Who is signed in, and what holds off guessing and flooding: failed sign-ins, used captchas, rate limits. */
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './accounts';

export const sessions = pgTable('sessions', {
  id: serial('id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/**
 * Failed sign-ins of the last hour, one row each (decision 0014): keyed by the hash of the e-mail tried (known
 * account or not) or of a trusted device, so one account meets at most 100 guesses an hour whatever the address.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    throttleKey: text('throttle_key').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('login_failures_key_idx').on(table.throttleKey, table.failedAt),
    index('login_failures_at_idx').on(table.failedAt),
  ],
);

/** Captcha solutions already used: a replayed solution is refused (STACK: ALTCHA). */
export const captchaUses = pgTable('captcha_uses', {
  signature: text('signature').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Rate-limit counters that every server process on PostgreSQL shares (decision 0015): one row per limit and
 * client key, its hits in the window that ends at `expiresAt`. The migration makes it UNLOGGED: counters need no
 * crash safety, and skipping the WAL keeps the writes cheap. Housekeeping deletes ended windows.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
