import { z } from 'zod';
import { bareDoi, issueName, monthAndYear, pagesInOrder, PUBLISH_MONTH, VOLUME_MAX } from '../rules/issues';
import { day, id } from './fields';

/**
 * Issues management (spec 03 §3–§5 "Issue", "Paper in issue", §7 "Issues and archive"; issue 21 §1): the journal's
 * issues, and an issue's papers with the form that assigns or edits one.
 */

/** Issue texts: titles and abstracts of a paper in an issue. */
export const ISSUE_TITLE_MAX = 500;
export const ISSUE_ABSTRACT_MAX = 10_000;

const wholeNumber = (key: string, min: number, max: number) =>
  z.coerce.number({ error: key }).int({ error: key }).min(min, { error: key }).max(max, { error: key });

/** POST/PUT issues: the issue's name (1–30), volume, chronology "MM YYYY", publish date, shown on the home. */
export const issueRequest = z.object({
  issue: z
    .string({ error: 'issues.name_required' })
    .trim()
    .min(1, { error: 'issues.name_required', abort: true })
    .max(30, { error: 'issues.name_invalid', abort: true })
    .transform((value, context) => {
      const name = issueName(value);
      if (name === null) {
        context.addIssue({ code: 'custom', message: 'issues.name_invalid' });
        return z.NEVER;
      }
      return name;
    }),
  volume: wholeNumber('issues.volume_invalid', 1, VOLUME_MAX),
  publishMonth: z
    .string({ error: 'issues.month_required' })
    .trim()
    .min(1, { error: 'issues.month_required', abort: true })
    .regex(PUBLISH_MONTH, { error: 'issues.month_required' })
    .refine((value) => (monthAndYear(value)?.year ?? 0) >= 1900, { error: 'issues.month_required' }),
  publishDate: z
    .string({ error: 'issues.date_required' })
    .min(1, { error: 'issues.date_required', abort: true })
    .pipe(day),
  isAllow: z.boolean().default(true),
});
export type IssueRequest = z.infer<typeof issueRequest>;

const instant = z.string().describe('An instant, ISO 8601.');

export const issueItem = z.object({
  id: z.number(),
  issue: z.string(),
  volume: z.number(),
  publishMonth: z.string().describe('"MM YYYY" (the chronology).'),
  publishDate: z.string().nullable().describe('YYYY-MM-DD.'),
  isAllow: z.boolean(),
  status: z.number().describe('0 in press, 1 published.'),
  publishedAt: instant.nullable(),
  modifiedAt: instant,
  paperCount: z.number(),
});
export type IssueItem = z.infer<typeof issueItem>;

export const issuesResponse = z.object({ items: z.array(issueItem) });

/** A paper placed in the issue, with its archive metadata as the form edits it. */
export const issuePaper = z.object({
  paperId: z.number(),
  code: z.string().nullable(),
  title: z.string().describe('The title as submitted.'),
  orderInIssue: z.number(),
  fromPage: z.number().nullable(),
  toPage: z.number().nullable(),
  doi: z.string().nullable(),
  titleEn: z.string(),
  titleAr: z.string(),
  abstractEn: z.string(),
  abstractAr: z.string(),
  finalFile: z.object({ id: z.number(), originalName: z.string(), size: z.number() }).nullable(),
  modifiedAt: instant,
});
export type IssuePaper = z.infer<typeof issuePaper>;

/** An accepted paper of the journal not in any issue, prefilled as the form would start it. */
export const unassignedPaper = z.object({
  paperId: z.number(),
  code: z.string().nullable(),
  title: z.string(),
  titleEn: z.string(),
  titleAr: z.string(),
  abstractEn: z.string(),
  abstractAr: z.string(),
  /** False while the journal charges at publish and the author has not paid: shown disabled with the reason. */
  publishPaid: z.boolean(),
});
export type UnassignedPaper = z.infer<typeof unassignedPaper>;

export const issuePapersResponse = z.object({
  issue: issueItem,
  papers: z.array(issuePaper),
  unassigned: z.array(unassignedPaper),
  /** Whether the journal charges at publish. */
  chargesAtPublish: z.boolean(),
});
export type IssuePapersResponse = z.infer<typeof issuePapersResponse>;

const optionalPage = z.preprocess(
  (value) => (value === '' || value === null || value === undefined ? undefined : value),
  wholeNumber('issues.page_invalid', 1, 100_000).optional(),
);

const text = (max: number) =>
  z
    .string()
    .max(max, { error: 'issues.text_too_long' })
    .default('')
    .transform((value) => value.trim());

/**
 * The issue paper form (multipart text fields beside the final PDF `finalVersion`): the paper (when assigning), the
 * order, the pages, the DOI (stored bare), the titles and abstracts in both languages.
 */
export const issuePaperFields = z
  .object({
    paperId: z.preprocess((value) => (value === '' ? undefined : value), id.optional()),
    orderInIssue: z.preprocess(
      (value) => (value === '' ? undefined : value),
      wholeNumber('issues.order_required', 1, 10_000),
    ),
    fromPage: optionalPage,
    toPage: optionalPage,
    doi: z
      .string()
      .max(300, { error: 'issues.doi_invalid' })
      .default('')
      .transform((value, context) => {
        const doi = bareDoi(value);
        if (doi === null) {
          context.addIssue({ code: 'custom', message: 'issues.doi_invalid' });
          return z.NEVER;
        }
        return doi || null;
      }),
    titleEn: text(ISSUE_TITLE_MAX),
    titleAr: text(ISSUE_TITLE_MAX),
    abstractEn: text(ISSUE_ABSTRACT_MAX),
    abstractAr: text(ISSUE_ABSTRACT_MAX),
  })
  .refine((body) => pagesInOrder(body.fromPage, body.toPage), {
    error: 'issues.pages_order',
    path: ['toPage'],
  });
export type IssuePaperFields = z.infer<typeof issuePaperFields>;

export const issueMessageResponse = z.object({ messageKey: z.string(), message: z.string() });
export const issueCreatedResponse = issueMessageResponse.extend({ id: z.number() });
export const publishResponse = issueMessageResponse.extend({
  alreadyPublished: z.boolean().describe('True when the issue was already published (a retry has no effect).'),
});
