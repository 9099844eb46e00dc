import { describe, expect, it } from 'vitest';
import { doiOf, isArabicText, parseCitation } from '../src/features/imports/oai-record';

/** How a harvested record's citation and identifiers are read (decision 0079): the forms OJS and others write. */

describe('a Dublin Core citation', () => {
  it('gives the volume, issue, year and pages in the forms OJS 3, OJS 2 and others write, in English and Arabic', () => {
    const forms: [string, ReturnType<typeof parseCitation>][] = [
      ['Journal of Testing; Vol. 3 No. 1 (2020); 5-9', { volume: 3, number: '1', year: 2020, fromPage: 5, toPage: 9 }],
      ['Journal of Testing; Vol 2, No 4 (2019)', { volume: 2, number: '4', year: 2019, fromPage: null, toPage: null }],
      ['Journal, Vol 3, No 1 (2020), pp. 5-9', { volume: 3, number: '1', year: 2020, fromPage: 5, toPage: 9 }],
      [
        'Journal; Vol. 12 No. 1-2 (2021): Special Issue on Water; 101',
        { volume: 12, number: '1-2', year: 2021, fromPage: 101, toPage: 101 },
      ],
      ['مجلة الاختبار; مجلد ٣ عدد ١ (٢٠٢٠); ٥-٩', { volume: 3, number: '1', year: 2020, fromPage: 5, toPage: 9 }],
      [
        'مجلة الاختبار، المجلد 3، العدد 2 (2020)، ص. 10-20',
        { volume: 3, number: '2', year: 2020, fromPage: 10, toPage: 20 },
      ],
      ['Review, Volume 7, Issue 3, pages 40–52', { volume: 7, number: '3', year: null, fromPage: 40, toPage: 52 }],
    ];
    for (const [text, citation] of forms) expect(parseCitation(text), text).toEqual(citation);
  });

  it('names no issue without both a volume and a number (an ISSN, a journal name, a November)', () => {
    for (const text of ['1234-5678', 'Journal of Testing', 'Journal of Testing; Vol. 5 (2019)', 'Published Nov 2020'])
      expect(parseCitation(text), text).toBeNull();
  });
});

describe('identifiers and scripts', () => {
  it('finds a DOI written bare, as doi:, as info:doi/ or as a doi.org link; not in another link', () => {
    const doi = (value: string) => doiOf([{ value, lang: null }]);
    expect(doi('10.5555/abc.1')).toBe('10.5555/abc.1');
    expect(doi('doi:10.5555/abc.1')).toBe('10.5555/abc.1');
    expect(doi('info:doi/10.5555/abc.1')).toBe('10.5555/abc.1');
    expect(doi('https://doi.org/10.5555/abc%2F1')).toBe('10.5555/abc/1');
    expect(doi('https://dx.doi.org/10.5555/abc.1')).toBe('10.5555/abc.1');
    expect(doi('https://journal.example/article/view/10.5555')).toBeNull();
  });

  it('knows an Arabic text by its script, and a Latin one with an Arabic word as not Arabic', () => {
    expect(isArabicText('الزراعة في وادي الرافدين')).toBe(true);
    expect(isArabicText('Al-Zira‘a (الزراعة) in the Ancient Near East')).toBe(false);
    expect(isArabicText('Water Rights')).toBe(false);
  });
});
