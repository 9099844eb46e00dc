import { z } from 'zod';
import { bareDoi } from '../rules/issues';
import { NOTICE_KINDS, NOTICE_TEXT_MAX } from '../rules/notices';
import { day } from './fields';

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

/** A notice as the paper's public page shows it: its kind, its texts and its date. */
export const publicNotice = z.object({
  kind: z.enum(NOTICE_KINDS),
  text: z.object({ en: z.string(), ar: z.string() }),
  noticeDate: z.string().describe('YYYY-MM-DD.'),
  doi: z.string().nullable(),
});
export type PublicNotice = z.infer<typeof publicNotice>;

/** A notice as the editors see it: who published it and when, besides what the public sees. */
export const noticeView = publicNotice.extend({
  id: z.number(),
  paperId: z.number(),
  createdBy: z.string().nullable().describe('The editor’s name, or null once their account is gone.'),
  createdAt: z.string(),
});
export type NoticeView = z.infer<typeof noticeView>;

export const noticesResponse = z.object({ notices: z.array(noticeView) });
export type NoticesResponse = z.infer<typeof noticesResponse>;
