/** Payments: a journal's fees and the payments made through a provider. */
import { PAYMENT_CURRENCY } from '@journals/core/rules/payments';
import { boolean, index, integer, numeric, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './accounts';
import { journals } from './journals';
import { papers } from './papers';

/** Payment settings per journal (spec 03 §3); the admin screen comes later, the flags are read now. */
export const journalPaymentSettings = pgTable('journal_payment_settings', {
  journalId: integer('journal_id')
    .primaryKey()
    .references(() => journals.id, { onDelete: 'cascade' }),
  merchantId: text('merchant_id').notNull().default(''),
  securityKey: text('security_key').notNull().default(''),
  merchantName: text('merchant_name').notNull().default(''),
  atRegister: boolean('at_register').notNull().default(false),
  atRegisterPrice: numeric('at_register_price', { precision: 8, scale: 2 }),
  atUpload: boolean('at_upload').notNull().default(false),
  atUploadPrice: numeric('at_upload_price', { precision: 8, scale: 2 }),
  atPublish: boolean('at_publish').notNull().default(false),
  atPublishPrice: numeric('at_publish_price', { precision: 8, scale: 2 }),
  atDownload: boolean('at_download').notNull().default(false),
  atDownloadPrice: numeric('at_download_price', { precision: 8, scale: 2 }),
  membershipType: smallint('membership_type'),
});

/** Payments through a provider (DESIGN §7); amounts are numeric, callbacks idempotent by reference. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    journalId: integer('journal_id')
      .notNull()
      .references(() => journals.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['register', 'upload', 'publish', 'download'] }).notNull(),
    paperId: integer('paper_id').references(() => papers.id, { onDelete: 'cascade' }),
    amount: numeric('amount', { precision: 8, scale: 2 }).notNull(),
    currency: text('currency').notNull().default(PAYMENT_CURRENCY),
    provider: text('provider').notNull().default('sandbox'),
    /** Our reference sent to the provider; the callback names it. */
    reference: text('reference').notNull().unique(),
    state: text('state', { enum: ['pending', 'paid', 'failed'] })
      .notNull()
      .default('pending'),
    providerTransactionId: text('provider_transaction_id'),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [index('payments_user_idx').on(t.userId)],
);
