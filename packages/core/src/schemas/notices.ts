import { z } from 'zod';
import { DOI_STATES } from '../rules/doi';
import { bareDoi } from '../rules/issues';
import { NOTICE_KINDS, NOTICE_TEXT_MAX } from '../rules/notices';
import { day, id } from './fields';

/**
 * A notice about a published paper (issue 46 §2, decision 0087), as an editor publishes it: its kind, its text in
 * the journal's languages (the default language's required: core `missingNoticeText`, checked where the journal is
 * known), its date and an optional DOI of its own.
 */
const noticeText = z
  .string()
  .max(NOTICE_TEXT_MAX, { error: 'notices.text_max' })
  .default('')
  .transform((value) => value.trim());

export const noticeRequest = z.object({
  kind: z.enum(NOTICE_KINDS, { error: 'notices.kind_required' }),
  textEn: noticeText,
  textAr: noticeText,
  noticeDate: z
    .string({ error: 'notices.date_required' })
    .min(1, { error: 'notices.date_required', abort: true })
    .pipe(day),
  doi: z
    .string()
    .max(400, { error: 'notices.doi_invalid' })
    .nullish()
    .transform((value, context) => {
      const doi = bareDoi(value ?? '');
      if (doi === '') return null;
      if (doi === null) {
        context.addIssue({ code: 'custom', message: 'notices.doi_invalid' });
        return z.NEVER;
      }
      return doi;
    }),
});
export type NoticeRequest = z.input<typeof noticeRequest>;

/** A notice as the paper's public page shows it: its kind, its texts and its date (its id names its own page). */
export const publicNotice = z.object({
  id: z.number(),
  kind: z.enum(NOTICE_KINDS),
  text: z.object({ en: z.string(), ar: z.string() }),
  noticeDate: z.string().describe('YYYY-MM-DD.'),
  doi: z.string().nullable(),
});
export type PublicNotice = z.infer<typeof publicNotice>;

/** A notice as the editors see it: who published it and when, besides what the public sees. */
export const noticeView = publicNotice.extend({
  paperId: z.number(),
  createdBy: z.string().nullable().describe('The editor’s name, or null once their account is gone.'),
  createdAt: z.string(),
  deposit: z
    .object({ state: z.enum(DOI_STATES), message: z.string() })
    .nullable()
    .describe('Its DOI’s deposit with Crossref (with its paper’s, decision 0088), or null when none was asked for.'),
});
export type NoticeView = z.infer<typeof noticeView>;

export const noticesResponse = z.object({ notices: z.array(noticeView) });
export type NoticesResponse = z.infer<typeof noticesResponse>;

/** A notice's own public page (decision 0088): the notice, and the paper it is about. */
export const noticePageResponse = publicNotice.extend({
  paper: z.object({
    id: z.number(),
    title: z.object({ en: z.string(), ar: z.string() }),
    doi: z.string().nullable(),
    volume: z.number(),
    issue: z.string(),
  }),
});
export type NoticePageResponse = z.infer<typeof noticePageResponse>;

export const noticePageParams = z.object({ slug: z.string().min(1).max(60), id });
