import { z } from 'zod';
import { MAX_ID } from './fields';

/**
 * Paid download (issue 21 §3, docs/decisions/0033): what the paper page and search results need to say whether the
 * caller reads a journal's full texts, and at what price a membership is sold.
 */

export const fullTextAccessQuery = z.object({ paperId: z.coerce.number().int().positive().max(MAX_ID).optional() });

export const fullTextAccessResponse = z.object({
  /** The journal charges at download: full texts need a membership. */
  membersOnly: z.boolean(),
  /** The caller reads the full text (of the paper asked about, or of the journal's papers in general). */
  canRead: z.boolean(),
  /** Why: open journal, editor, the paper's author, member, or none. */
  access: z.enum(['open', 'staff', 'author', 'member', 'membersOnly']),
  /** The membership's price ("123.45") and currency, when the journal sells one. */
  price: z.string().nullable(),
  currency: z.string(),
  /** 1 monthly, 2 yearly. */
  membershipType: z.number().nullable(),
  signedIn: z.boolean(),
  /** The last day of the caller's membership of this journal (YYYY-MM-DD), past or not; null for none. */
  membershipUntil: z.string().nullable(),
});
export type FullTextAccessAnswer = z.infer<typeof fullTextAccessResponse>;
