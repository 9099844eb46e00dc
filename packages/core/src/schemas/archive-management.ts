import { z } from 'zod';
import { countWords, EXTRA_PAPER_TYPES, PAPER_LIMITS, PAPER_TYPES } from '../papers';
import { bareDoi } from '../rules/issues';
import { isOneLine, MAX_ID, ONE_LINE, specializationIds, splitKeywords } from './fields';
import { optionalOrcid } from './orcid-field';

/**
 * Archive management (spec 03 §2 "Archive management", §5 "Archive paper edit"; issue 21 §2): the editor panel's
 * table of issues, an issue's papers, and the archived paper's form. Its rules where the spec is silent:
 * docs/decisions/0033.
 */

/** Archive tables show 20 rows a page (spec 03 §9). */
export const ARCHIVE_PAGE_SIZE = 20;
/** The subtitle's limit (spec 03 §5). */
export const SUBTITLE_MAX = 300;
export const archivePageQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

/** An issue as the archive table shows it; `issue` is its name (a whole number 1–30 kept as text). */
export const archiveIssueRow = z.object({
  id: z.number(),
  volume: z.number(),
  issue: z.string(),
  /** "MM YYYY". */
  chronology: z.string(),
  publishDate: z.string().nullable(),
  published: z.boolean(),
  papers: z.number(),
});
export type ArchiveIssueRow = z.infer<typeof archiveIssueRow>;

export const archiveIssuesResponse = z.object({
  items: z.array(archiveIssueRow),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type ArchiveIssuesResponse = z.infer<typeof archiveIssuesResponse>;

export const archivePaperRow = z.object({
  id: z.number(),
  order: z.number(),
  titleAr: z.string(),
  titleEn: z.string(),
  /** When the archive metadata last changed (ISO). */
  modifiedAt: z.string(),
});
export type ArchivePaperRow = z.infer<typeof archivePaperRow>;

export const archiveIssuePapersResponse = z.object({
  issue: archiveIssueRow.omit({ papers: true }),
  items: z.array(archivePaperRow),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type ArchiveIssuePapersResponse = z.infer<typeof archiveIssuePapersResponse>;

const text = (max: number, maxKey: string) =>
  z.string().max(max, { error: maxKey }).refine(isOneLine, ONE_LINE).default('');

/** Digits only ("12", or 12 from a number field), a whole number 1–99999. */
const digits = (requiredKey: string) =>
  z.union([z.number(), z.string()], { error: requiredKey }).transform((value, context) => {
    const shown = String(value).trim();
    if (shown === '') {
      context.addIssue({ code: 'custom', message: requiredKey });
      return z.NEVER;
    }
    if (!/^\d{1,5}$/.test(shown) || Number(shown) < 1) {
      context.addIssue({ code: 'custom', message: 'archiveManagement.v_digits' });
      return z.NEVER;
    }
    return Number(shown);
  });

/** The archived paper's fields (spec 03 §5 "Archive paper edit"); volume, issue, chronology and date are read-only. */
const archivedPaperFields = z.object({
  paperType: z
    .number({ error: 'archiveManagement.v_paper_type' })
    .int()
    .refine((value) => PAPER_TYPES.includes(value as never), {
      error: 'archiveManagement.v_paper_type',
    }),
  titleEn: text(PAPER_LIMITS.title * 3, 'archiveManagement.v_title_max'),
  titleAr: text(PAPER_LIMITS.title * 3, 'archiveManagement.v_title_max'),
  subtitle: text(SUBTITLE_MAX, 'archiveManagement.v_subtitle_max'),
  abstractEn: z.string().default(''),
  abstractAr: z.string().default(''),
  correspondingAuthor: z
    .string({ error: 'archiveManagement.v_author_required' })
    .trim()
    .min(1, { error: 'archiveManagement.v_author_required', abort: true })
    .max(PAPER_LIMITS.authorName, { error: 'archiveManagement.v_author_max' })
    .refine(isOneLine, ONE_LINE),
  jointAuthors: z
    .array(
      z
        .string()
        .trim()
        .max(PAPER_LIMITS.authorName, { error: 'archiveManagement.v_author_max' })
        .refine(isOneLine, ONE_LINE),
    )
    .max(50)
    .default([]),
  /** Optional iDs (decision 0085): the corresponding author's, and the joint authors' in their order ('' for none). */
  correspondingAuthorOrcid: optionalOrcid,
  jointAuthorOrcids: z.array(optionalOrcid).max(50).default([]),
  specializationIds: specializationIds.max(50),
  keywords: z
    .array(z.string().max(PAPER_LIMITS.keywordsTotal))
    .max(100)
    .default([])
    .transform(splitKeywords)
    .refine((list) => list.length > 0, { error: 'validation.keywords_required', abort: true })
    .refine((list) => list.join(', ').length <= PAPER_LIMITS.keywordsTotal, { error: 'validation.keywords_max' })
    .refine((list) => list.every(isOneLine), ONE_LINE),
  fromPage: digits('archiveManagement.v_from_page_required'),
  toPage: digits('archiveManagement.v_to_page_required'),
  orderInIssue: digits('archiveManagement.v_order_required'),
  doi: z
    .string()
    .max(400, { error: 'archiveManagement.v_doi' })
    .nullish()
    .transform((value, context) => {
      const doi = bareDoi(value ?? '');
      if (doi === '') return null;
      if (doi === null) {
        context.addIssue({ code: 'custom', message: 'archiveManagement.v_doi' });
        return z.NEVER;
      }
      return doi;
    }),
});

/** The abstracts as stored: an abstract kept as it is need not meet today's word limits (decision 0083). */
export interface KeptAbstracts {
  abstractEn: string;
  abstractAr: string;
}

/**
 * The archived paper's form, checked as saved: an abstract the editor changes (or gives for a title) is 20–250
 * words (spec 03 §5); one kept exactly as stored is left as it is, so that a paper brought in from another system
 * with a longer or shorter abstract can still have its title corrected (decision 0083).
 */
export const archivedPaperRequestKeeping = (kept: KeptAbstracts | null) =>
  archivedPaperFields
    .superRefine((paper, context) => {
      const blank = (value: string) => value.trim() === '';
      // A paper may be published in one language: one title and its abstract at least (decision 0033).
      if (blank(paper.titleEn) && blank(paper.titleAr)) {
        for (const path of ['titleEn', 'titleAr']) {
          context.addIssue({ code: 'custom', path: [path], message: 'archiveManagement.v_title_required' });
        }
      }
      for (const [title, abstract] of [
        ['titleEn', 'abstractEn'],
        ['titleAr', 'abstractAr'],
      ] as const) {
        if (kept && paper[abstract] === kept[abstract]) continue;
        const words = countWords(paper[abstract]);
        const needed = !blank(paper[title]);
        if ((needed || words > 0) && (words < PAPER_LIMITS.abstractMinWords || words > PAPER_LIMITS.abstractMaxWords)) {
          context.addIssue({ code: 'custom', path: [abstract], message: 'validation.abstract_words' });
        }
      }
      if (paper.fromPage > paper.toPage) {
        context.addIssue({ code: 'custom', path: ['toPage'], message: 'archiveManagement.v_pages_order' });
      }
    })
    .transform(withoutBlankJointAuthors);

/** A joint author left without a name is dropped, with the iD beside it. */
function withoutBlankJointAuthors<T extends { jointAuthors: string[]; jointAuthorOrcids: string[] }>(paper: T): T {
  const kept = paper.jointAuthors.flatMap((name, index) => (name === '' ? [] : [index]));
  return {
    ...paper,
    jointAuthors: kept.map((index) => paper.jointAuthors[index]!),
    jointAuthorOrcids: kept.map((index) => paper.jointAuthorOrcids[index] ?? ''),
  };
}

/** The form of a paper with nothing kept (every abstract checked). */
export const archivedPaperRequest = archivedPaperRequestKeeping(null);
export type ArchivedPaperRequest = z.input<typeof archivedPaperRequest>;
export type ArchivedPaperFields = z.output<typeof archivedPaperRequest>;

/** Paper types 6 and 7 only where the journal has extra paper types (DESIGN §2). */
export const paperTypeAllowed = (paperType: number, extraPaperTypes: boolean) =>
  extraPaperTypes || !(EXTRA_PAPER_TYPES as readonly number[]).includes(paperType);

/** The archived paper as its form opens. */
export const archivedPaperResponse = z.object({
  id: z.number(),
  volume: z.number(),
  issue: z.string(),
  chronology: z.string(),
  publishDate: z.string().nullable(),
  published: z.boolean(),
  modifiedAt: z.string(),
  paperType: z.number().nullable(),
  titleEn: z.string(),
  titleAr: z.string(),
  subtitle: z.string(),
  abstractEn: z.string(),
  abstractAr: z.string(),
  correspondingAuthor: z.string(),
  jointAuthors: z.array(z.string()),
  /** The bare iDs (null or '' for none) and whether each came from the author's own ORCID sign-in. */
  correspondingAuthorOrcid: z.string().nullable(),
  correspondingAuthorOrcidAuthenticated: z.boolean(),
  jointAuthorOrcids: z.array(z.string()),
  jointAuthorOrcidsAuthenticated: z.array(z.boolean()),
  specializationIds: z.array(z.number()),
  keywords: z.array(z.string()),
  fromPage: z.number().nullable(),
  toPage: z.number().nullable(),
  orderInIssue: z.number(),
  /** How many papers the issue holds: the order runs 1..papersInIssue. */
  papersInIssue: z.number(),
  doi: z.string().nullable(),
  finalFile: z.object({ id: z.number(), name: z.string(), size: z.number() }).nullable(),
  /** The journal offers paper types 6 and 7. */
  extraPaperTypes: z.boolean(),
  specializations: z.array(z.object({ id: z.number(), nameEn: z.string(), nameAr: z.string() })),
});
export type ArchivedPaper = z.infer<typeof archivedPaperResponse>;

export const archivedPaperParams = z.object({
  slug: z.string().min(1).max(60),
  id: z.coerce.number().int().positive().max(MAX_ID),
});
