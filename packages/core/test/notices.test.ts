import { describe, expect, it } from 'vitest';
import { missingNoticeText, noticeTextIn } from '../src/rules/notices';
import { noticeRequest } from '../src/schemas/notices';

describe('a notice about a published paper', () => {
  it('needs the text in the journal’s default language, the other being optional', () => {
    expect(missingNoticeText({ textEn: 'Retracted.', textAr: '' }, 'en')).toBeNull();
    expect(missingNoticeText({ textEn: 'Retracted.', textAr: '' }, 'ar')).toBe('textAr');
    expect(missingNoticeText({ textEn: '', textAr: 'سُحب.' }, 'en')).toBe('textEn');
    expect(missingNoticeText({ textEn: ' \n ', textAr: 'سُحب.' }, 'ar')).toBeNull();
  });

  it('shows a reader the text in their language, else the other one', () => {
    expect(noticeTextIn({ en: 'Corrected.', ar: 'صُوِّب.' }, 'ar')).toBe('صُوِّب.');
    expect(noticeTextIn({ en: 'Corrected.', ar: '' }, 'ar')).toBe('Corrected.');
    expect(noticeTextIn({ en: '', ar: 'صُوِّب.' }, 'en')).toBe('صُوِّب.');
  });

  it('reads the request: a kind, a real day, trimmed texts and a DOI in any form people type', () => {
    const read = noticeRequest.parse({
      kind: 'expressionOfConcern',
      textEn: '  The editors are looking into the data.  ',
      noticeDate: '2026-06-01',
      doi: 'https://doi.org/10.5555/Notice.1',
    });
    expect(read).toEqual({
      kind: 'expressionOfConcern',
      textEn: 'The editors are looking into the data.',
      textAr: '',
      noticeDate: '2026-06-01',
      doi: '10.5555/Notice.1',
    });
    expect(noticeRequest.parse({ kind: 'correction', textEn: 'x', noticeDate: '2026-06-01', doi: '' }).doi).toBeNull();
    const refused = noticeRequest.safeParse({ kind: 'erratum', noticeDate: '2026-02-30', doi: 'not a doi' });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['kind', 'notices.kind_required'],
      ['noticeDate', 'validation.valid_date'],
      ['doi', 'notices.doi_invalid'],
    ]);
  });
});
