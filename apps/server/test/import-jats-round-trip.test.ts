import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HarvestJournal, jatsDocument } from '../src/features/harvesting/jats';
import type { ArchiveRecord } from '../src/features/harvesting/published-records';
import type { ImportedPaper } from '../src/features/imports/model';
import { zipOf } from './fixtures/jats/evil-zips';
import { galleyPdf, papers, uploadFolder } from './fixtures/jats/read-jats';

/**
 * Our own JATS export reads back field for field (issue 45 §2, decision 0078): each paper of an issue as the
 * issue's JATS export writes it (harvesting/jats.ts, one file a paper named by its order, its PDF beside it by the
 * same name), then read by the JATS reader — identifiers, both titles, the subtitle, both abstracts paragraph by
 * paragraph, the keywords, the authors in order with the corresponding one, the pages, the issue and the dates.
 */

const journal: HarvestJournal = {
  slug: 'jhs',
  titleEn: 'Journal of Health Sciences',
  titleAr: 'مجلة العلوم الصحية',
  defaultLanguage: 'en',
  printIssn: '1234-5678',
  onlineIssn: '2345-6789',
  publisherEn: 'Nile University Press',
  publisherAr: 'مطبعة جامعة النيل',
  licenseUrl: 'https://creativecommons.org/licenses/by/4.0/',
  email: 'editor@jhs.example',
  doiPrefix: '10.5555',
  depositorName: 'JHS',
  depositorEmail: 'editor@jhs.example',
};

function record(own: Partial<ArchiveRecord>): ArchiveRecord {
  return {
    paperId: 1,
    issueId: 7,
    volume: 12,
    issue: '2',
    publishMonth: 'March',
    issueDate: '2023-03-01',
    published: true,
    publishDate: null,
    datestamp: new Date('2023-03-05T00:00:00Z'),
    orderInIssue: 1,
    paperType: 1,
    titleEn: '',
    titleAr: '',
    subtitle: '',
    abstractEn: '',
    abstractAr: '',
    correspondingAuthor: '',
    jointAuthors: [],
    correspondingAuthorOrcid: null,
    correspondingAuthorOrcidAuthenticated: false,
    jointAuthorOrcids: [],
    jointAuthorOrcidsAuthenticated: [],
    keywords: [],
    fromPage: null,
    toPage: null,
    doi: null,
    finalFileId: null,
    notices: [],
    ...own,
  };
}

const english = record({
  paperId: 142,
  orderInIssue: 1,
  titleEn: 'Structured education & glycaemic control in adults with type 2 diabetes',
  titleAr: 'التثقيف المنظَّم وضبط سكر الدم لدى البالغين',
  subtitle: 'A randomised trial in two <Cairo> clinics',
  abstractEn: 'Structured education helps adults manage diabetes.\n\nWe randomised 240 adults in two clinics.',
  abstractAr: 'يساعد التثقيف المنظَّم البالغين على ضبط السكري.',
  correspondingAuthor: 'Mona Hassan',
  jointAuthors: ['Karim Farouk', 'منى حسن'],
  keywords: ['diabetes', 'patient education'],
  fromPage: 101,
  toPage: 118,
  doi: '10.5555/jhs.2023.0142',
  publishDate: '2023-03-05',
  finalFileId: 9,
});

const arabic = record({
  paperId: 150,
  orderInIssue: 2,
  titleAr: 'أثر الصيام المتقطع على مؤشرات الالتهاب',
  abstractAr: 'هدفت الدراسة إلى قياس أثر الصيام المتقطع.\n\nشارك ١٢٠ بالغًا.',
  correspondingAuthor: 'سارة عبد الرحمن',
  jointAuthors: ['يوسف إبراهيم'],
  keywords: ['الصيام المتقطع', 'الالتهاب'],
  fromPage: 119,
  toPage: 130,
});

/** What the reader must give back for an exported record, in the language the export wrote it in. */
function expected(source: ArchiveRecord, language: 'en' | 'ar') {
  const other = language === 'en' ? 'ar' : 'en';
  return {
    sourceId: `jats:${source.paperId}`,
    doi: source.doi,
    issue: {
      volume: source.volume,
      number: source.issue,
      year: 2023,
      month: 3,
      publishDate: null,
      title: { en: '', ar: '' },
      sourceId: null,
    },
    title: { en: source.titleEn, ar: source.titleAr },
    subtitle: { [language]: source.subtitle, [other]: '' },
    abstract: { en: source.abstractEn, ar: source.abstractAr },
    keywords: { [language]: source.keywords, [other]: [] },
    fromPage: source.fromPage,
    toPage: source.toPage,
    publishDate: source.publishDate ?? source.issueDate,
  };
}

const names = (paper: ImportedPaper) =>
  paper.authors.map((author) => [author.name.en || author.name.ar, author.corresponding]);

describe('our JATS export read back', () => {
  let uploads: Awaited<ReturnType<typeof uploadFolder>>;
  let read: ImportedPaper[];
  let pdf: Buffer;

  beforeAll(async () => {
    uploads = await uploadFolder();
    pdf = await galleyPdf('Structured education');
    const publicUrl = 'https://journals.example';
    // As the issue's JATS export names its files ("<journal>-vol-12-i-2-01.xml"), with the PDF of the first beside it.
    const zip = zipOf({
      'jhs-vol-12-i-2-01.xml': jatsDocument(journal, english, publicUrl),
      'jhs-vol-12-i-2-01.pdf': pdf,
      'jhs-vol-12-i-2-02.xml': jatsDocument(journal, arabic, publicUrl),
    });
    read = papers((await uploads.read(zip, 'jhs-vol-12-i-2-jats.zip')).records);
  });
  afterAll(() => uploads.remove());

  it('gives back an English paper with its Arabic title and abstract, field for field', async () => {
    expect(read).toHaveLength(2);
    expect(read[0]).toMatchObject(expected(english, 'en'));
    expect(names(read[0]!)).toEqual([
      ['Mona Hassan', true],
      ['Karim Farouk', false],
      ['منى حسن', false],
    ]);
    expect(read[0]!.authors[2]!.name).toEqual({ en: '', ar: 'منى حسن' });
    expect(read[0]!.galley).toMatchObject({ name: 'jhs-vol-12-i-2-01.pdf', bytes: pdf.length });
    expect(await readFile(read[0]!.galley!.path)).toEqual(pdf);
  });

  it('gives back an Arabic paper in Arabic, the issue’s date as its own, without a PDF', () => {
    expect(read[1]).toMatchObject(expected(arabic, 'ar'));
    expect(names(read[1]!)).toEqual([
      ['سارة عبد الرحمن', true],
      ['يوسف إبراهيم', false],
    ]);
    expect(read[1]!.galley).toBeNull();
  });
});
