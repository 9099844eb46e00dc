import { z } from 'zod';
import { PAPER_LIMITS } from '../papers';
import { isOneLine, ONE_LINE } from './fields';
import { optionalOrcid } from './orcid-field';

/**
 * The people on a paper (spec 02 §5): its authors and the reviewers its author suggests, as a draft keeps them and
 * as the dialogs ask for them.
 */

const PHONE_SHAPE = /^\+?[0-9][0-9 -]{4,}[0-9]$/;
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A person on the paper as a draft keeps it: every field may still be empty, but what is there keeps its limits
 * and shape (spec 02 §5: a draft relaxes the author requirements). `submissionIssues` requires them all.
 */
export const draftPerson = z.object({
  fullName: z
    .string()
    .trim()
    .max(PAPER_LIMITS.authorName, { error: 'validation.max' })
    .refine(isOneLine, ONE_LINE)
    .default(''),
  email: z
    .string()
    .trim()
    .max(PAPER_LIMITS.authorEmail, { error: 'validation.email_max', abort: true })
    .refine((value) => value === '' || EMAIL_SHAPE.test(value), { error: 'validation.valid_email' })
    .transform((value) => value.toLowerCase())
    .default(''),
  phone: z
    .string()
    .trim()
    .max(PAPER_LIMITS.authorPhone, { error: 'validation.valid_phone', abort: true })
    .refine((value) => value === '' || PHONE_SHAPE.test(value), { error: 'validation.valid_phone' })
    .default(''),
  workPlace: z
    .string()
    .trim()
    .max(PAPER_LIMITS.authorWork, { error: 'validation.max' })
    .refine(isOneLine, ONE_LINE)
    .default(''),
});
/**
 * An author also has an optional ORCID iD (issue 46 §3, decision 0085). Whether it is authenticated is never read
 * from a request: the server marks the iD of the author who is the paper's creator from their account's ORCID sign-in.
 */
export const draftAuthor = draftPerson.extend({ isMain: z.boolean().default(false), orcid: optionalOrcid });

/** A complete person, as the author and reviewer dialogs ask for one. */
const person = z.object({
  fullName: z
    .string()
    .trim()
    .min(1, { error: 'validation.required', abort: true })
    .max(PAPER_LIMITS.authorName, { error: 'validation.max' })
    .refine(isOneLine, ONE_LINE),
  email: z
    .string()
    .trim()
    .min(1, { error: 'validation.email_required', abort: true })
    .max(PAPER_LIMITS.authorEmail, { error: 'validation.email_max', abort: true })
    .regex(EMAIL_SHAPE, { error: 'validation.valid_email' })
    .transform((value) => value.toLowerCase()),
  phone: z
    .string()
    .trim()
    .min(1, { error: 'validation.required', abort: true })
    .max(PAPER_LIMITS.authorPhone, { error: 'validation.valid_phone', abort: true })
    .regex(PHONE_SHAPE, { error: 'validation.valid_phone' }),
  workPlace: z
    .string()
    .trim()
    .min(1, { error: 'validation.required', abort: true })
    .max(PAPER_LIMITS.authorWork, { error: 'validation.max' })
    .refine(isOneLine, ONE_LINE),
});
export const authorSchema = person.extend({ isMain: z.boolean().default(false), orcid: optionalOrcid });
export const suggestedReviewerSchema = person;
export type Author = z.input<typeof authorSchema>;

/**
 * The logged-in user as the first and main author of a new paper (spec 02 §2), with the ORCID iD their account
 * signed in with (the server marks it authenticated). A profile allows a longer work
 * place (and may allow a longer name) than an author has, so both are cut to the author's limits: the author's
 * own row is valid whenever the profile is.
 */
export function authorFromProfile(profile: {
  fullName: string;
  email: string;
  phone?: string | null;
  workPlace: string;
  orcid?: string | null;
}): Author & { isMain: true } {
  return {
    fullName: profile.fullName.slice(0, PAPER_LIMITS.authorName).trim(),
    email: profile.email,
    phone: profile.phone ?? '',
    workPlace: profile.workPlace.slice(0, PAPER_LIMITS.authorWork).trim(),
    isMain: true,
    orcid: profile.orcid ?? '',
  };
}
