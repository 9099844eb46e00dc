import { z } from 'zod';

/**
 * The journal's outbox (issue 22 §3): every message the platform wrote for the journal, newest first, a page at a
 * time, filtered by state and searched by recipient or subject; a failed one can be sent again. Bodies are never
 * shown: many hold a token or a signed link (an activation, an invitation to review).
 */

/** `sending`: a worker is talking to the mail server (decision 0058). */
export const OUTBOX_STATES = ['pending', 'sending', 'sent', 'failed'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];
/** The states of a message still on its way: the outbox screen looks again while its page shows one. */
export const OUTBOX_WAITING_STATES: readonly OutboxState[] = ['pending', 'sending'];
export const OUTBOX_PAGE_SIZE = 20;
/** The most messages the list counts (as the user list and the paper logs): beyond, it says "more than". */
export const OUTBOX_COUNT_CAP = 10_000;

const invalid = { error: 'validation.invalid' } as const;

export const outboxQuery = z.object({
  state: z.enum(OUTBOX_STATES, invalid).optional(),
  search: z.string().max(200, invalid).optional(),
  page: z.coerce
    .number(invalid)
    .int(invalid)
    .min(1, invalid)
    .max(OUTBOX_COUNT_CAP / OUTBOX_PAGE_SIZE, invalid)
    .default(1),
});
export type OutboxQuery = z.infer<typeof outboxQuery>;

export const outboxRow = z.object({
  id: z.number(),
  kind: z.string().describe('Which message it is: a template type, or the platform’s own (activation, reset, …).'),
  to: z.string(),
  subject: z.string(),
  state: z.enum(OUTBOX_STATES),
  attempts: z.number(),
  /** The journal's address, in the platform administrator's outbox across journals; null in a journal's own. */
  journalSlug: z.string().nullable(),
  lastError: z.string().nullable().describe('Why the last attempt failed (cut to 300 characters).'),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxRow = z.infer<typeof outboxRow>;

export const outboxResponse = z.object({
  items: z.array(outboxRow),
  total: z.number().describe(`The messages found, counted up to ${OUTBOX_COUNT_CAP}.`),
  more: z.boolean(),
  page: z.number(),
  pageSize: z.number(),
});
export type OutboxResponse = z.infer<typeof outboxResponse>;
