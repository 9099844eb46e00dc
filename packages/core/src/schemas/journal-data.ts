import { z } from 'zod';
import { ISSUE_FREQUENCIES, LANGUAGES } from '../enums';
import { MB } from '../files';
import { LIMITS, REMINDER_DAYS } from '../limits';
import { CODE_PREFIX_SHAPE } from '../papers';
import { optionalText, requiredLine, requiredText } from './fields';

/**
 * The journal data screen (spec 03 §3 "Journal data", §5; issue 22 §2): one form, one save. Every rule lives here,
 * for the server's check and the form's.
 */

const url = (max: number) =>
  z
    .string()
    .max(max, { error: 'validation.url_max' })
    .refine((value) => value === '' || /^https?:\/\/[^\s]+\.[^\s]+$/.test(value), { error: 'validation.valid_url' });

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The visible text of rich text (its tags and entities gone): what "required" is checked on. */
export function richTextContent(html: string): string {
  return html
    .replace(/<(img)\b[^>]*>/gi, ' image ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;/g, ' ')
    .trim();
}

/** A section of the journal's pages in rich text: required, the HTML at most 100,000 characters. */
const richText = z
  .string({ error: 'validation.required' })
  .max(100_000, { error: 'validation.max' })
  .refine((value) => richTextContent(value) !== '', { error: 'validation.required' });

/** ISSN: four digits, a hyphen, three digits and a check digit or X (ISO 3297); empty when the journal has none. */
export const ISSN_SHAPE = /^\d{4}-\d{3}[\dX]$/;
/** A Crossref DOI prefix: "10." and a registrant code of digits, possibly dotted (e.g. 10.5555, 10.1000.10). */
export const DOI_PREFIX_SHAPE = /^10\.\d{4,9}(\.\d+)*$/;

const issn = z
  .string()
  .trim()
  .toUpperCase()
  .refine((value) => value === '' || ISSN_SHAPE.test(value), { error: 'journalData.issn_format' });

/** The journal's reminders (issue 10 §2): whole days from 1 to 365, each. */
const reminderDay = z
  .number({ error: 'journalData.days_range' })
  .int({ error: 'journalData.days_range' })
  .min(1, { error: 'journalData.days_range' })
  .max(365, { error: 'journalData.days_range' });

export const REMINDER_KINDS = Object.keys(REMINDER_DAYS) as (keyof typeof REMINDER_DAYS)[];

/** Journal images (logo and covers): common web images of at most 5 MB, checked by content on the server. */
export const JOURNAL_IMAGE_RULE = {
  extensions: ['jpg', 'jpeg', 'png', 'webp', 'gif'],
  mimeTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
  maxBytes: 5 * MB,
} as const;
export const JOURNAL_IMAGES = ['logo', 'coverEn', 'coverAr'] as const;
export type JournalImage = (typeof JOURNAL_IMAGES)[number];

/** PUT journal-data: its `data` part (JSON); the images are the request's files of the same names. */
export const journalDataRequest = z.object({
  titleAr: requiredLine('validation.required', 150, 'validation.max'),
  titleEn: requiredLine('validation.required', LIMITS.journalTitleEn, 'validation.max'),
  foundationNameAr: requiredLine('validation.required', 200, 'validation.max'),
  foundationNameEn: requiredLine('validation.required', LIMITS.foundationNameEn, 'validation.max'),
  website: url(LIMITS.website).refine((value) => value !== '', { error: 'validation.required' }),
  email: z
    .string()
    .trim()
    .max(LIMITS.email, { error: 'validation.max' })
    .regex(EMAIL_SHAPE, { error: 'validation.valid_email' }),
  /** The journal mailbox's application password; empty keeps the one stored (it is never sent to the browser). */
  password: z.string().max(LIMITS.journalPassword, { error: 'validation.max' }).default(''),
  facebook: url(200).default(''),
  linkedin: url(200).default(''),
  twitter: url(200).default(''),
  impactFactor: z
    .number({ error: 'validation.impactFactor' })
    .min(0, { error: 'validation.impactFactor' })
    .max(LIMITS.impactFactorMax, { error: 'validation.impactFactor' }),
  /** The start of the journal's new paper codes: a capital letter, then up to four capitals or digits. */
  codePrefix: optionalText(LIMITS.codePrefix, 'validation.codePrefix_max').refine(
    (value) => value === undefined || CODE_PREFIX_SHAPE.test(value),
    { error: 'validation.codePrefix_format' },
  ),
  crossMark: z.boolean().default(false),
  welcomeMsgAr: requiredText('validation.required', 300, 'validation.max'),
  welcomeMsgEn: requiredText('validation.required', LIMITS.welcomeMsgEn, 'validation.max'),
  editorialBoardAr: richText,
  editorialBoardEn: richText,
  aboutUsAr: richText,
  aboutUsEn: richText,
  contactUsAr: richText,
  contactUsEn: richText,
  publishPolicyAr: richText,
  publishPolicyEn: richText,
  termsAndConditionsAr: richText,
  termsAndConditionsEn: richText,
  reportsTermsAndConditionsEn: richText,
  aimsAndScopesAr: richText,
  aimsAndScopesEn: richText,
  issueFrequency: z
    .number({ error: 'validation.required' })
    .int({ error: 'validation.invalid' })
    .min(0, { error: 'validation.invalid' })
    .max(ISSUE_FREQUENCIES.length - 1, { error: 'validation.invalid' }),
  defaultLanguage: z.enum(LANGUAGES, { error: 'validation.invalid' }),
  multiLanguage: z.boolean(),
  // The review and submission options (journal features, DESIGN §2) and the reminders (issue 10 §2).
  openReview: z.boolean().default(false),
  ethicsQuestionnaire: z.boolean().default(false),
  extraPaperTypes: z.boolean().default(false),
  suggestedReviewersMin: z
    .number({ error: 'journalData.suggested_range' })
    .int({ error: 'journalData.suggested_range' })
    .min(0, { error: 'journalData.suggested_range' })
    .max(5, { error: 'journalData.suggested_range' }),
  extensionMaxDays: z
    .number({ error: 'journalData.extension_days_range' })
    .int({ error: 'journalData.extension_days_range' })
    .min(1, { error: 'journalData.extension_days_range' })
    .max(90, { error: 'journalData.extension_days_range' }),
  extensionMaxCount: z
    .number({ error: 'journalData.extension_count_range' })
    .int({ error: 'journalData.extension_count_range' })
    .min(0, { error: 'journalData.extension_count_range' })
    .max(10, { error: 'journalData.extension_count_range' }),
  reminderDays: z.object(
    Object.fromEntries(REMINDER_KINDS.map((kind) => [kind, reminderDay])) as Record<
      keyof typeof REMINDER_DAYS,
      typeof reminderDay
    >,
  ),
  // What publishing needs (issue 21 §5): identifiers, publisher, DOI deposits, licence.
  printIssn: issn.default(''),
  onlineIssn: issn.default(''),
  publisherEn: z.string().trim().max(200, { error: 'validation.max' }).default(''),
  publisherAr: z.string().trim().max(200, { error: 'validation.max' }).default(''),
  doiPrefix: z
    .string()
    .trim()
    .refine((value) => value === '' || DOI_PREFIX_SHAPE.test(value), { error: 'journalData.doi_prefix_format' })
    .default(''),
  depositorName: z.string().trim().max(200, { error: 'validation.max' }).default(''),
  depositorEmail: z
    .string()
    .trim()
    .max(LIMITS.email, { error: 'validation.max' })
    .refine((value) => value === '' || EMAIL_SHAPE.test(value), { error: 'validation.valid_email' })
    .default(''),
  licenseUrl: url(300).default(''),
  /** The delete flags of spec 03 §3: the stored image goes; a file sent with the flag replaces it. */
  deleteLogo: z.boolean().default(false),
  deleteCoverEn: z.boolean().default(false),
  deleteCoverAr: z.boolean().default(false),
});
export type JournalDataRequest = z.input<typeof journalDataRequest>;
export type JournalDataValues = z.output<typeof journalDataRequest>;

const NUMBER_FIELDS = [
  'impactFactor',
  'issueFrequency',
  'suggestedReviewersMin',
  'extensionMaxDays',
  'extensionMaxCount',
] as const;
const BOOLEAN_FIELDS = ['crossMark', 'multiLanguage', 'openReview', 'ethicsQuestionnaire', 'extraPaperTypes'] as const;
type TextField = Exclude<
  keyof JournalDataValues,
  | (typeof NUMBER_FIELDS)[number]
  | (typeof BOOLEAN_FIELDS)[number]
  | 'password'
  | 'codePrefix'
  | 'defaultLanguage'
  | 'reminderDays'
  | `delete${string}`
>;
const TEXT_FIELDS = Object.keys(journalDataRequest.shape).filter(
  (key) =>
    !(NUMBER_FIELDS as readonly string[]).includes(key) &&
    !(BOOLEAN_FIELDS as readonly string[]).includes(key) &&
    !['password', 'codePrefix', 'defaultLanguage', 'reminderDays'].includes(key) &&
    !key.startsWith('delete'),
) as TextField[];

/**
 * GET journal-data: the form's values as stored (never the mail password: whether one is stored), and the images'
 * links. Stored values are answered as they are, so the answer's schema only names their types.
 */
export const journalDataResponse = z.object({
  ...(Object.fromEntries(TEXT_FIELDS.map((key) => [key, z.string()])) as Record<TextField, z.ZodString>),
  ...(Object.fromEntries(NUMBER_FIELDS.map((key) => [key, z.number()])) as Record<
    (typeof NUMBER_FIELDS)[number],
    z.ZodNumber
  >),
  ...(Object.fromEntries(BOOLEAN_FIELDS.map((key) => [key, z.boolean()])) as Record<
    (typeof BOOLEAN_FIELDS)[number],
    z.ZodBoolean
  >),
  codePrefix: z.string().nullable(),
  defaultLanguage: z.enum(LANGUAGES),
  reminderDays: z.record(z.string(), z.number()),
  passwordSet: z.boolean(),
  images: z.object({ logo: z.string().nullable(), coverEn: z.string().nullable(), coverAr: z.string().nullable() }),
});
export type JournalDataResponse = z.infer<typeof journalDataResponse>;
