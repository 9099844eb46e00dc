import { z } from 'zod';
import { LANGUAGES } from '../enums';
import { email, requiredLine } from './fields';
import { richTextContent } from './journal-data';

/**
 * "Send an e-mail message" (spec 03 §3; issue 22 §3): the editor panel writes one message to many people of the
 * journal — recipients separated by semicolons, each checked, a subject and a rich text. The server writes one outbox
 * row per person (never a shared Bcc), each with a one-click unsubscribe from this journal's bulk mail (RFC 8058);
 * people who unsubscribed are left out and the answer says how many. Workflow mail cannot be unsubscribed from.
 */

export const BULK_MAIL_LIMITS = { recipients: 500, subject: 250, content: 100_000 } as const;

/** The addresses of a recipients field: split at semicolons (commas and line breaks too), trimmed, without repeats. */
export function splitRecipients(text: string): { valid: string[]; invalid: string[] } {
  const valid = new Set<string>();
  const invalid: string[] = [];
  for (const part of text.split(/[;,\n]/)) {
    const address = part.trim();
    if (address === '') continue;
    const parsed = email.safeParse(address);
    if (parsed.success) valid.add(parsed.data);
    else invalid.push(address);
  }
  return { valid: [...valid], invalid };
}

export const bulkMailRequest = z
  .object({
    recipients: z.string({ error: 'bulkMail.recipients_required' }),
    /** The language the message is written in: its direction and the unsubscribe footer's words, for everyone. */
    language: z.enum(LANGUAGES).default('en'),
    subject: requiredLine('validation.required', BULK_MAIL_LIMITS.subject, 'bulkMail.subject_max'),
    content: z
      .string({ error: 'bulkMail.content_required' })
      .max(BULK_MAIL_LIMITS.content, { error: 'validation.max' })
      .refine((html) => richTextContent(html) !== '', { error: 'bulkMail.content_required' }),
  })
  .superRefine((body, context) => {
    const { valid, invalid } = splitRecipients(body.recipients);
    const path = ['recipients'];
    if (invalid.length > 0) context.addIssue({ code: 'custom', path, message: 'bulkMail.recipients_invalid' });
    else if (valid.length === 0) context.addIssue({ code: 'custom', path, message: 'bulkMail.recipients_required' });
    else if (valid.length > BULK_MAIL_LIMITS.recipients)
      context.addIssue({ code: 'custom', path, message: 'bulkMail.recipients_max' });
  });
export type BulkMailRequest = z.input<typeof bulkMailRequest>;

/**
 * What is left of the journal's bulk mail budget (BULK_MAIL_BUDGET, decision 0073): messages in the last 60 minutes
 * and the last 24 hours, counted from its outbox. A message may go to at most the smaller of the two.
 */
export const bulkMailBudget = z.object({
  perHour: z.number(),
  perDay: z.number(),
  leftThisHour: z.number(),
  leftToday: z.number(),
});
export type BulkMailBudget = z.infer<typeof bulkMailBudget>;

export const bulkMailResponse = z.object({
  message: z.string(),
  messageKey: z.string(),
  /** Messages written, one per person. */
  sent: z.number(),
  /** People left out because they unsubscribed from the journal's bulk mail. */
  leftOut: z.number(),
  /** The budget left after this message. */
  budget: bulkMailBudget,
});
export type BulkMailResponse = z.infer<typeof bulkMailResponse>;

/** The one-click unsubscribe (RFC 8058): the signed token of the link, and what the page says. */
export const unsubscribeRequest = z.object({ token: z.string().min(1).max(2_000) });
export const unsubscribeView = z.object({ email: z.string(), journalTitleEn: z.string(), journalTitleAr: z.string() });
