/** The documents of a paper, the authors' and the reviewers' attachments alike. */
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { papers } from './papers';
import { reviewInvitations } from './reviewing';

/** The documents of a paper (DESIGN §7): stored under opaque keys, downloaded through an authorized route. */
export const paperFiles = pgTable(
  'paper_files',
  {
    id: serial('id').primaryKey(),
    paperId: integer('paper_id')
      .notNull()
      .references(() => papers.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: [
        'proposalFile',
        'signedInformedConsent',
        'departmentApprovalDocuments',
        'paymentReceipt',
        'finalVersion',
        'decisionAttachment',
        'reviewForAuthor',
        'reviewForEditor',
      ],
    }).notNull(),
    /** A reviewer's attachment belongs to their invitation (kinds reviewForAuthor, reviewForEditor). */
    invitationId: integer('invitation_id').references(() => reviewInvitations.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull().unique(),
    originalName: text('original_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
    /** Marked removed in the wizard: kept for history, no longer the paper's file of that kind. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [index('paper_files_paper_idx').on(t.paperId, t.kind)],
);
