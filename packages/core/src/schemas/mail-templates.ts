import { z } from 'zod';
import { LANGUAGES } from '../enums';
import { requiredLine } from './fields';
import { richTextContent } from './journal-data';

/**
 * The journal's mails (spec 03 "Mail template", §5; DESIGN §7; issue 22 §3): every message the platform sends for a
 * journal has a type, and each type a text per journal in both languages, written by the journal's editor panel in
 * rich text with `{_Name_}` placeholders. The server fills them, wraps the content in a page of the recipient's
 * direction and sends it as HTML with a plain-text alternative.
 */
export const TEMPLATE_TYPES = [
  'activation',
  'passwordReset',
  'accountInvitation',
  'journalInvitation',
  'importedAccountInvitation',
  'paperReceived',
  'newProposal',
  'newRevision',
  'mailStaff',
  'directRefusal',
  'reviewInvitation',
  'invitationAccepted',
  'invitationRefused',
  'deadlineChanged',
  'reviewFinished',
  'reviewerRemoved',
  'reviewerInvitationPending',
  'reviewerReviewDueSoon',
  'reviewerReviewDueToday',
  'reviewerReminder',
  'authorRevisionDue',
  'editorNoReviewer',
  'finalDecision',
  'paperPublished',
  'paperNotice',
] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];

/** The spec's placeholders, and the ones the platform's other mails need (links, deadlines, the issue). */
export const PLACEHOLDERS = [
  'Board_Title',
  'User_Name',
  'Author_Name',
  'Proposal_Title',
  'Person',
  'Proposal_Number',
  'Proposal_Send_Date',
  'Proposal_Abstract',
  'Reviewing_Deadline',
  'Old_Deadline',
  'Proposal_Comments',
  'AcceptReviewLink',
  'Refuse_Review_Link',
  'Proposal_Download_Link',
  'Refuse_Reviewing_Reason',
  'Refuse_Paper_Reason',
  'Suggested_Reviewer',
  'Final_Decision',
  'Revision_Deadline',
  'Issue',
  'Volume',
  'Paper_Link',
  'Paper_DOI',
  'Account_Link',
  'Link_Validity',
  'Paper_Version',
  'Sender_Email',
  'Message',
  'Journal_Roles',
  'Notice_Kind',
  'Notice_Text',
  'Notice_Date',
] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

/** Every mail knows its journal and the person it goes to. */
export const COMMON_PLACEHOLDERS = ['Board_Title', 'User_Name'] as const;
/** What every mail about a paper fills. */
export const PAPER_PLACEHOLDERS = [
  'Proposal_Title',
  'Proposal_Number',
  'Proposal_Send_Date',
  'Proposal_Abstract',
  'Proposal_Download_Link',
] as const;
const LINK = ['Account_Link', 'Link_Validity'] as const;

/**
 * What each type fills besides the common ones: the screen lists them beside the editor, the server refuses a text
 * naming any other, and the code that sends a type must give every one of them (the compiler checks it).
 */
export const TEMPLATE_PLACEHOLDERS = {
  activation: LINK,
  passwordReset: LINK,
  accountInvitation: LINK,
  journalInvitation: [...LINK, 'Journal_Roles'],
  importedAccountInvitation: LINK,
  paperReceived: PAPER_PLACEHOLDERS,
  newProposal: [...PAPER_PLACEHOLDERS, 'Person'],
  newRevision: [...PAPER_PLACEHOLDERS, 'Person', 'Paper_Version'],
  mailStaff: [...PAPER_PLACEHOLDERS, 'Person', 'Sender_Email', 'Message'],
  directRefusal: [...PAPER_PLACEHOLDERS, 'Author_Name', 'Refuse_Paper_Reason'],
  reviewInvitation: [...PAPER_PLACEHOLDERS, 'Reviewing_Deadline', 'AcceptReviewLink', 'Refuse_Review_Link'],
  invitationAccepted: [...PAPER_PLACEHOLDERS, 'Person', 'Reviewing_Deadline'],
  invitationRefused: [...PAPER_PLACEHOLDERS, 'Person', 'Refuse_Reviewing_Reason', 'Suggested_Reviewer'],
  deadlineChanged: [...PAPER_PLACEHOLDERS, 'Person', 'Old_Deadline', 'Reviewing_Deadline'],
  reviewFinished: [...PAPER_PLACEHOLDERS, 'Person'],
  reviewerRemoved: PAPER_PLACEHOLDERS,
  reviewerInvitationPending: [...PAPER_PLACEHOLDERS, 'Reviewing_Deadline', 'AcceptReviewLink', 'Refuse_Review_Link'],
  reviewerReviewDueSoon: [...PAPER_PLACEHOLDERS, 'Reviewing_Deadline'],
  reviewerReviewDueToday: [...PAPER_PLACEHOLDERS, 'Reviewing_Deadline'],
  reviewerReminder: [...PAPER_PLACEHOLDERS, 'Reviewing_Deadline'],
  authorRevisionDue: [...PAPER_PLACEHOLDERS, 'Author_Name', 'Revision_Deadline'],
  editorNoReviewer: PAPER_PLACEHOLDERS,
  finalDecision: [...PAPER_PLACEHOLDERS, 'Author_Name', 'Final_Decision', 'Proposal_Comments'],
  paperPublished: [...PAPER_PLACEHOLDERS, 'Author_Name', 'Issue', 'Volume', 'Paper_Link', 'Paper_DOI'],
  paperNotice: [...PAPER_PLACEHOLDERS, 'Author_Name', 'Paper_Link', 'Notice_Kind', 'Notice_Text', 'Notice_Date'],
} as const satisfies Record<TemplateType, readonly Placeholder[]>;

/** The values a type's mail is sent with: every placeholder it lists (the common ones come from the journal). */
export type TemplateValuesOf<T extends TemplateType> = Record<(typeof TEMPLATE_PLACEHOLDERS)[T][number], string>;
export type PaperValues = Record<(typeof PAPER_PLACEHOLDERS)[number], string>;
export type TemplateValues = Partial<Record<Placeholder, string>>;

export function placeholdersOf(type: TemplateType): Placeholder[] {
  return [...COMMON_PLACEHOLDERS, ...TEMPLATE_PLACEHOLDERS[type]];
}

export const placeholderToken = (name: Placeholder) => `{_${name}_}`;
const TOKEN = /\{_([A-Za-z_]+?)_\}/g;

/** The placeholders a text names that its type does not fill (a typo would otherwise vanish from every mail). */
export function unknownPlaceholders(type: TemplateType, ...texts: string[]): string[] {
  const known = new Set<string>(placeholdersOf(type));
  const unknown = new Set<string>();
  for (const text of texts) for (const [, name] of text.matchAll(TOKEN)) if (!known.has(name!)) unknown.add(name!);
  return [...unknown];
}

export const MAIL_TEMPLATE_LIMITS = { title: 250, content: 100_000 } as const;

const content = z
  .string({ error: 'mailTemplates.content_required' })
  .max(MAIL_TEMPLATE_LIMITS.content, { error: 'validation.max' })
  .refine((html) => richTextContent(html) !== '', { error: 'mailTemplates.content_required' });

/** The edit of one type's texts (spec 03 §5 "Template edit": titles ≤ 250, both contents required). */
export const mailTemplateRequest = z.object({
  enTitle: requiredLine('validation.required', MAIL_TEMPLATE_LIMITS.title, 'mailTemplates.title_max'),
  arTitle: requiredLine('validation.required', MAIL_TEMPLATE_LIMITS.title, 'mailTemplates.title_max'),
  enContent: content,
  arContent: content,
});
export type MailTemplateRequest = z.input<typeof mailTemplateRequest>;

export const mailTemplateType = z.enum(TEMPLATE_TYPES, { error: 'mailTemplates.type_required' });

const mailTemplateItem = z
  .object({
    type: mailTemplateType,
    placeholders: z.array(z.enum(PLACEHOLDERS)),
    enTitle: z.string(),
    arTitle: z.string(),
    enContent: z.string(),
    arContent: z.string(),
    /** False while the journal sends the platform's default text of this type. */
    edited: z.boolean(),
  })
  .meta({ id: 'MailTemplate' });
export type MailTemplateItem = z.infer<typeof mailTemplateItem>;
export const mailTemplatesResponse = z.object({ items: z.array(mailTemplateItem) });
export type MailTemplatesResponse = z.infer<typeof mailTemplatesResponse>;

/** A preview of a text not yet saved, filled with a real paper of the journal, in one language. */
export const mailPreviewRequest = z.object({
  language: z.enum(LANGUAGES),
  title: z.string().max(MAIL_TEMPLATE_LIMITS.title, { error: 'mailTemplates.title_max' }),
  content: z.string().max(MAIL_TEMPLATE_LIMITS.content, { error: 'validation.max' }),
});
export const mailPreviewResponse = z.object({
  subject: z.string(),
  /** The message's content as the mail carries it, inside its page's direction (no page around it). */
  html: z.string(),
  text: z.string(),
  /** The paper whose data filled it, or null when the journal has none yet (sample values then). */
  paperCode: z.string().nullable(),
});
export type MailPreviewResponse = z.infer<typeof mailPreviewResponse>;
