import { z } from 'zod';
import { LIMITS } from '../limits';

/** Reusable field rules. Every message is a translation key (spec 01 §5). */

/** The largest row id: ids are PostgreSQL `integer` (serial) columns. */
export const MAX_ID = 2_147_483_647;

/** Not blank and not whitespace-only. */
export const requiredText = (requiredKey: string, max: number, maxKey: string) =>
  z
    .string({ error: requiredKey })
    .refine((value) => value.trim().length > 0, { error: requiredKey, abort: true })
    .refine((value) => value.length <= max, { error: maxKey });

export const optionalText = (max: number, maxKey: string) =>
  z
    .string()
    .max(max, { error: maxKey })
    .optional()
    .transform((value) => (value?.trim() ? value.trim() : undefined));

/**
 * What a single-line field refuses (decision 0072): the control characters, C0 (TAB, LF, CR among them), DEL and
 * C1, and the Unicode line and paragraph separators. A name, a title, a subject or a keyword with a line break in it
 * splits a mail header, a CSV row or a log line, and shows as nothing on a page. Multi-line fields (an abstract, a
 * message, a comment) keep their line breaks and do not use this.
 */
const NOT_ONE_LINE = /[\p{Cc}\u2028\u2029]/u;
export const isOneLine = (value: string) => !NOT_ONE_LINE.test(value);
export const ONE_LINE = { error: 'validation.one_line' } as const;

/** `requiredText` on one line: names, titles, subjects. */
export const requiredLine = (requiredKey: string, max: number, maxKey: string) =>
  requiredText(requiredKey, max, maxKey).refine(isOneLine, ONE_LINE);

// A practical e-mail shape: something@something.tld, no spaces.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const email = z
  .string({ error: 'validation.email_required' })
  .trim()
  .min(1, { error: 'validation.email_required', abort: true })
  .max(LIMITS.email, { error: 'validation.email_max', abort: true })
  .regex(EMAIL_SHAPE, { error: 'validation.valid_email' })
  .transform((value) => value.toLowerCase());

export const newPassword = z
  .string({ error: 'validation.password_required' })
  .min(1, { error: 'validation.password_required', abort: true })
  .refine((value) => /[\p{L}\p{N}]/u.test(value), { error: 'validation.password_alpha', abort: true })
  .min(LIMITS.passwordMin, { error: 'validation.password_min' })
  .max(LIMITS.passwordMax, { error: 'validation.password_max' });

/** International (+20 10 1234 5678) or local (0101234567) numbers: an optional + then digits, spaces or dashes. */
const PHONE_SHAPE = /^\+?[0-9][0-9 -]{4,}[0-9]$/;

/** Optional: '' and null (what the profile answers for "none") both mean no value. */
const phoneText = z
  .string()
  .max(LIMITS.phone, { error: 'validation.valid_phone', abort: true })
  .refine((value) => value.trim() === '' || PHONE_SHAPE.test(value.trim()), { error: 'validation.valid_phone' });
export const phone = phoneText.nullish().transform((value) => (value?.trim() ? value.trim() : undefined));
/** A phone a form may leave out: left out is `undefined` (kept as it is), empty is `null` (cleared). */
export const phoneOrCleared = phoneText
  .nullish()
  .transform((value) => (value === undefined ? undefined : value?.trim() ? value.trim() : null));

/**
 * A calendar day, YYYY-MM-DD, that exists: the one type of every date a request carries. 2026-02-30, 2026-13-01
 * and year 0000 (which PostgreSQL's `date` lacks) get "enter a valid date", never a 500 from a Date or the database.
 */
export const day = z.iso
  .date({ error: 'validation.valid_date', abort: true })
  .refine((value) => !value.startsWith('0000'), { error: 'validation.valid_date', abort: true });

export const specializationIds = z
  .array(z.number().int().positive().max(MAX_ID), { error: 'validation.specializations' })
  .min(1, { error: 'validation.specializations' });

export const id = z.coerce.number().int().positive().max(MAX_ID);

/** Keywords are separated by commas or semicolons, Latin or Arabic (spec 03 §5). */
export const KEYWORD_SEPARATORS = [',', ';', '،', '؛'] as const;

/** Splits every entry on the separators, trims, drops empties and repeats (case-insensitive), keeps order. */
export function splitKeywords(entries: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const entry of entries) {
    for (const part of entry.split(/[,;،؛]/)) {
      const keyword = part.trim();
      if (keyword && !seen.has(keyword.toLowerCase())) {
        seen.add(keyword.toLowerCase());
        result.push(keyword);
      }
    }
  }
  return result;
}
