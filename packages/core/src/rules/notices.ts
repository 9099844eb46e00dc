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

/**
 * The gravest of a paper's notices, the mark lists show beside it (decision 0089): a retraction, else an expression
 * of concern, else a correction; null for a paper without any.
 */
export function gravestNotice(kinds: readonly NoticeKind[]): NoticeKind | null {
  let gravest: NoticeKind | null = null;
  for (const kind of kinds)
    if (gravest === null || NOTICE_KINDS.indexOf(kind) > NOTICE_KINDS.indexOf(gravest)) gravest = kind;
  return gravest;
}

/** Only a correction may carry a corrected file (the paper's new version of record, decision 0089). */
export const NOTICE_KIND_WITH_FILE: NoticeKind = 'correction';

/**
 * A paper's earlier versions (decision 0089), oldest first: each file a correction replaced, dated from when it
 * became the version of record (the paper's publish date for the first, else the correction that brought it) and
 * named by the correction that replaced it. `replacedOn` lists those corrections' dates in the order they were
 * published.
 */
export function earlierVersions(publishDate: string | null, replacedOn: readonly string[]) {
  return replacedOn.map((correctedOn, index) => ({
    version: index + 1,
    from: index === 0 ? publishDate : replacedOn[index - 1]!,
    correctedOn,
  }));
}
