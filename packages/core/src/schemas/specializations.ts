import { z } from 'zod';
import { requiredLine } from './fields';

/**
 * The journal's specializations and their keywords (spec 03 "Specializations and keywords", §5; issue 22 §2): names
 * in both languages up to 100 characters, keywords one per line (empty lines dropped, repeats kept once).
 */

export const SPECIALIZATION_LIMITS = { name: 100, keyword: 100, keywords: 200 } as const;

/** The form's keywords, one per line, as the list stored: trimmed, empty lines dropped, each kept once. */
export function keywordLines(text: string): string[] {
  const seen = new Set<string>();
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !seen.has(line.toLowerCase()) && Boolean(seen.add(line.toLowerCase())));
}

export const specializationRequest = z.object({
  nameAr: requiredLine('validation.required', SPECIALIZATION_LIMITS.name, 'specializations.name_max'),
  nameEn: requiredLine('validation.required', SPECIALIZATION_LIMITS.name, 'specializations.name_max'),
  keywords: z
    .string({ error: 'validation.keywords_required' })
    .transform(keywordLines)
    .pipe(
      z
        .array(z.string().max(SPECIALIZATION_LIMITS.keyword, { error: 'specializations.keyword_max' }))
        .min(1, { error: 'validation.keywords_required' })
        .max(SPECIALIZATION_LIMITS.keywords, { error: 'specializations.keywords_many' }),
    ),
});
export type SpecializationRequest = z.input<typeof specializationRequest>;

export const specializationRow = z.object({
  id: z.number(),
  nameEn: z.string(),
  nameAr: z.string(),
  keywords: z.array(z.string()),
});
export type SpecializationRow = z.infer<typeof specializationRow>;

export const specializationsResponse = z.object({ items: z.array(specializationRow) });

/** What deleting a specialization touches: the papers filed under it and the people holding it (any role). */
export const specializationUsage = z.object({
  papers: z.number(),
  people: z.number(),
});
export type SpecializationUsage = z.infer<typeof specializationUsage>;
