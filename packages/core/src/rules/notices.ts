/**
 * Notices about a published paper (issue 46 §2, decision 0087): a correction (erratum), an expression of concern or
 * a retraction. A notice never unpublishes its paper (COPE: a retracted paper stays readable, never deleted).
 */

/** The kinds of notice, from the mildest to the gravest (the order the screens list them in). */
export const NOTICE_KINDS = ['correction', 'expressionOfConcern', 'retraction'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** The longest text of a notice, in each language. */
export const NOTICE_TEXT_MAX = 10_000;

/**
 * Which text a notice lacks: the one in the journal's default language is required (the other is optional, as a
 * journal's page shows the default language's when the reader's is missing). Null when the notice has it.
 */
export function missingNoticeText(
  texts: { textEn: string; textAr: string },
  defaultLanguage: 'en' | 'ar',
): 'textEn' | 'textAr' | null {
  const field = defaultLanguage === 'ar' ? 'textAr' : 'textEn';
  return texts[field].trim() === '' ? field : null;
}

/** The text a reader sees: theirs, else the other language's. */
export const noticeTextIn = (texts: { en: string; ar: string }, language: 'en' | 'ar') =>
  (language === 'ar' ? texts.ar : texts.en) || texts.en || texts.ar;
