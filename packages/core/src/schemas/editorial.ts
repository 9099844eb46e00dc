import { z } from 'zod';
import { EDITORIAL_CARDS } from '../editorial';
import { day } from './fields';

/** The editorial desk's requests and answers (issue 10 §1). */

const instant = z.string().describe('An instant, ISO 8601.');

export const editorialCard = z.enum(EDITORIAL_CARDS, { error: 'validation.invalid' });

/** One paper in a card's list, the last-updated table and the report. */
export const editorialPaperItem = z.object({
  id: z.number(),
  code: z.string().nullable(),
  title: z.string(),
  version: z.number(),
  specializationEn: z.string().nullable(),
  specializationAr: z.string().nullable(),
  submittedAt: instant.nullable(),
  status: z.number(),
  statusDate: instant,
});
export type EditorialPaperItem = z.infer<typeof editorialPaperItem>;

export const editorialCounts = z.object(
  Object.fromEntries(EDITORIAL_CARDS.map((card) => [card, z.number()])) as Record<
    (typeof EDITORIAL_CARDS)[number],
    z.ZodNumber
  >,
);
export type EditorialCounts = z.infer<typeof editorialCounts>;

/** GET editorial: the nine cards and the last-updated papers. */
export const editorialDashboardResponse = z.object({
  scope: z
    .enum(['journal', 'specializations', 'none'])
    .describe('An editor sees the journal, a handling editor their fields; none: a handling editor without any.'),
  counts: editorialCounts,
  lastUpdated: z.array(editorialPaperItem),
});

export const editorialListQuery = z.object({
  search: z.string().max(200, { error: 'validation.invalid' }).optional(),
  page: z.coerce.number({ error: 'validation.invalid' }).int().min(1).max(100_000).default(1),
});

/** GET editorial/cards/{card}: one page of a card's papers, newest status first. */
export const editorialListResponse = z.object({
  items: z.array(editorialPaperItem),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

/** The report's date range: both days optional; `from` not after `to`. */
export const editorialReportQuery = z
  .object({ from: day.optional(), to: day.optional() })
  .refine((range) => !range.from || !range.to || range.from <= range.to, {
    error: 'validation.date_range',
    path: ['to'],
  });

export const editorialReportRow = editorialPaperItem.extend({
  authorName: z.string(),
  authorEmail: z.string(),
  reviewerNames: z.string().describe('The reviewers of this version (not removed), comma-separated.'),
  decisionDate: instant.nullable(),
});
export type EditorialReportRow = z.infer<typeof editorialReportRow>;

/** GET editorial/cards/{card}/report: the card's papers whose submission falls in the range. */
export const editorialReportResponse = z.object({
  card: editorialCard,
  from: z.string().nullable(),
  to: z.string().nullable(),
  rows: z.array(editorialReportRow),
  truncated: z.boolean().describe('More rows matched than one report carries (core REPORT_MAX_ROWS).'),
});
