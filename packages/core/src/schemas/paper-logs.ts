import { z } from 'zod';
import { PAPER_LOG_ACTIONS, PAPER_STATUS } from '../enums';

/**
 * The paper logs (spec 03 "Paper logs", "Paper log entry", §4 log actions; issue 10 §3): the journal's log entries a
 * page at a time, and one paper's whole log.
 */

/** Rows of the paper logs table (spec 03: server pagination, no page-size choice). */
export const PAPER_LOG_PAGE_SIZE = 10;
/**
 * The most entries a list counts (decision 0024): a busy journal writes hundreds of thousands, and counting them all
 * on every page costs more than the page. Beyond it the list says "more than" and its pages stop there; the search
 * and the status filter narrow it.
 */
export const PAPER_LOG_COUNT_CAP = 10_000;

const instant = z.string().describe('An instant, ISO 8601.');
const paperStatus = z.number().int().min(PAPER_STATUS.draft).max(PAPER_STATUS.published);

export const paperLogAction = z.enum(PAPER_LOG_ACTIONS);

/** One entry: what happened, who did it (null when their account is gone or nobody did: a scheduled reminder). */
export const paperLogEntry = z.object({
  id: z.number(),
  action: paperLogAction,
  at: instant,
  by: z.object({ fullName: z.string(), email: z.string() }).nullable(),
  paper: z.object({ id: z.number(), code: z.string().nullable(), title: z.string(), version: z.number() }),
  paperStatus: paperStatus.describe('The status of the paper recorded with the entry (after the event).'),
  notes: z.string().nullable().describe('Plain text: a name, a reason, a deadline change, a decision code.'),
});
export type PaperLogEntry = z.infer<typeof paperLogEntry>;

/** GET paper-logs: search by the paper's title or code, the status recorded with the entry, a page from 1. */
export const paperLogsQuery = z.object({
  search: z.string().max(200, { error: 'validation.invalid' }).optional(),
  status: z.coerce
    .number({ error: 'validation.invalid' })
    .int({ error: 'validation.invalid' })
    .min(PAPER_STATUS.draft, { error: 'validation.invalid' })
    .max(PAPER_STATUS.published, { error: 'validation.invalid' })
    .optional(),
  page: z.coerce
    .number({ error: 'validation.invalid' })
    .int({ error: 'validation.invalid' })
    .min(1, { error: 'validation.invalid' })
    .max(PAPER_LOG_COUNT_CAP / PAPER_LOG_PAGE_SIZE, { error: 'validation.invalid' })
    .default(1),
});
export type PaperLogsQuery = z.infer<typeof paperLogsQuery>;

/** The journal's entries (an editor) or those of the papers of their specializations (a handling editor), newest first. */
export const paperLogsResponse = z.object({
  items: z.array(paperLogEntry),
  total: z.number().describe(`The entries found, counted up to ${PAPER_LOG_COUNT_CAP}.`),
  more: z.boolean().describe(`True when there are more than ${PAPER_LOG_COUNT_CAP} (total is then the cap).`),
  page: z.number(),
  pageSize: z.number(),
});

/** GET papers/{id}/logs: every entry of every version of the paper (same code), oldest first. */
export const paperLogResponse = z.object({
  paper: z.object({ id: z.number(), code: z.string().nullable(), title: z.string() }),
  items: z.array(paperLogEntry),
});
