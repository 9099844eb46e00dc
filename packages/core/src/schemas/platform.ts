import { z } from 'zod';
import { JOURNAL_ROLES, LANGUAGES } from '../enums';
import { LIMITS } from '../limits';
import { CODE_PREFIX_SHAPE } from '../papers';
import { email, optionalText, requiredLine } from './fields';

/**
 * The platform administrator's journals (issue 22 §4): the list with its counts, and a new journal made without a
 * developer — its address (slug), titles, default language, code prefix and its first journal manager by e-mail.
 */

/**
 * Words a journal's address may not be: the platform's own top-level paths (the API, built assets, the payment
 * sandbox, the health check, the locale prefixes of the reports) and names that would mislead.
 */
export const RESERVED_SLUGS = [
  'api',
  'assets',
  'pay',
  'healthz',
  'en',
  'ar',
  'admin',
  'platform',
  'dashboard',
  'docs',
  'static',
  'www',
  'mail',
  'login',
  'register',
] as const;
export const JOURNAL_SLUG = { max: 60, shape: /^[a-z0-9]+(?:-[a-z0-9]+)*$/ } as const;

export const journalSlug = z
  .string({ error: 'platform.slug_required' })
  .trim()
  .min(1, { error: 'platform.slug_required', abort: true })
  .max(JOURNAL_SLUG.max, { error: 'platform.slug_max', abort: true })
  .regex(JOURNAL_SLUG.shape, { error: 'platform.slug_shape', abort: true })
  .refine((slug) => !(RESERVED_SLUGS as readonly string[]).includes(slug), { error: 'platform.slug_reserved' });

export const newJournalRequest = z.object({
  slug: journalSlug,
  titleEn: requiredLine('validation.required', LIMITS.journalTitleEn, 'validation.max'),
  titleAr: requiredLine('validation.required', 150, 'validation.max'),
  defaultLanguage: z.enum(LANGUAGES, { error: 'validation.invalid' }).default('en'),
  codePrefix: optionalText(LIMITS.codePrefix, 'validation.codePrefix_max').refine(
    (value) => value === undefined || CODE_PREFIX_SHAPE.test(value),
    { error: 'validation.codePrefix_format' },
  ),
  managerEmail: email,
  /** The manager's name, for an e-mail without an account (an existing account keeps its own). */
  managerName: requiredLine('validation.required', LIMITS.fullName, 'validation.max'),
});
export type NewJournalRequest = z.input<typeof newJournalRequest>;

const platformJournal = z
  .object({
    id: z.number(),
    slug: z.string(),
    titleEn: z.string(),
    titleAr: z.string(),
    defaultLanguage: z.enum(LANGUAGES),
    /** False while switched off: its public site says so, its mail is not delivered, its reminders stop. */
    active: z.boolean(),
    /** Submitted papers (drafts not counted). */
    papers: z.number(),
    published: z.number(),
    issues: z.number(),
    /** People holding a role in the journal. */
    people: z.number(),
    createdAt: z.string(),
  })
  .meta({ id: 'PlatformJournal' });
export type PlatformJournal = z.infer<typeof platformJournal>;
export const platformJournalsResponse = z.object({ items: z.array(platformJournal) });
export type PlatformJournalsResponse = z.infer<typeof platformJournalsResponse>;

export const newJournalResponse = z.object({
  id: z.number(),
  slug: z.string(),
  message: z.string(),
  messageKey: z.string(),
  /** True when the manager's e-mail had no account: one was made and invited to choose a password. */
  invited: z.boolean(),
});

/** Switching a journal off or on again. */
export const journalStateRequest = z.object({ active: z.boolean({ error: 'validation.invalid' }) });

/**
 * The people of every journal (issue 22 §4, decision 0052): every account of the platform, newest first, a page at
 * a time, searched by name or e-mail, or only the suspended ones; each with its journals and its roles there.
 */
export const PLATFORM_USERS_PAGE_SIZE = 20;
/** The most accounts the list counts (as the journal's users): beyond it the list says "more than". */
export const PLATFORM_USERS_COUNT_CAP = 10_000;

const invalid = { error: 'validation.invalid' } as const;

export const platformUsersQuery = z.object({
  search: z.string().max(200, invalid).optional(),
  /** "true": only the accounts suspended on the whole platform. */
  banned: z.enum(['true', 'false'], invalid).optional(),
  page: z.coerce
    .number(invalid)
    .int(invalid)
    .min(1, invalid)
    .max(PLATFORM_USERS_COUNT_CAP / PLATFORM_USERS_PAGE_SIZE, invalid)
    .default(1),
});
export type PlatformUsersQuery = z.infer<typeof platformUsersQuery>;

const platformUser = z
  .object({
    id: z.number(),
    fullName: z.string(),
    email: z.string(),
    emailConfirmed: z.boolean(),
    /** Suspended on the whole platform: no sign-in to any journal. */
    banned: z.boolean(),
    isPlatformAdmin: z.boolean(),
    /** Erased by the platform administrator: anonymised, its records kept (decision 0053). */
    erased: z.boolean(),
    journals: z
      .array(z.object({ slug: z.string(), roles: z.array(z.enum(JOURNAL_ROLES)) }))
      .describe('The journals where the person holds a role, by address, with those roles.'),
    createdAt: z.string(),
  })
  .meta({ id: 'PlatformUser' });
export type PlatformUser = z.infer<typeof platformUser>;

export const platformUsersResponse = z.object({
  items: z.array(platformUser),
  total: z.number().describe(`The accounts found, counted up to ${PLATFORM_USERS_COUNT_CAP}.`),
  more: z.boolean(),
  page: z.number(),
  pageSize: z.number(),
});
export type PlatformUsersResponse = z.infer<typeof platformUsersResponse>;

/** Suspending an account on the whole platform, or lifting the suspension. */
export const platformBanRequest = z.object({ banned: z.boolean({ error: 'validation.invalid' }) });

/**
 * Erasing a person (decision 0053): the account's e-mail typed again, so that nobody is erased by a slip of the
 * pointer. What stays of them is the anonymised account its records point to.
 */
export const eraseRequest = z.object({
  email: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required'),
});

/** The name and e-mail an erased account keeps: nothing of the person, unique, and never deliverable (RFC 2606). */
export const erasedAccount = (id: number) => ({ fullName: `#${id}`, email: `erased-${id}@erased.invalid` });
