import { placeText } from '@journals/core/schemas/import-place';
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportedRecord, RefusedRecord } from '../src/features/imports/model';
import { zerosZip, zipOf } from './fixtures/jats/evil-zips';
import { fixture, galleyPdf, papers, told, uploadFolder } from './fixtures/jats/read-jats';

/**
 * The JATS source (issue 45 §2, decision 0078): a zip of JATS articles with their PDFs, as a typesetter delivers
 * it, read record by record into what the engine imports — English and Arabic articles field for field, the PDF
 * beside each, an article with only what JATS requires, a broken one refused with its place while the others go on;
 * hostile files (an XML bomb's DOCTYPE, a zip leaving its folder, a zip bomb) refused whole. The round trip with our
 * own JATS export is in import-jats-round-trip.test.ts.
 */

let uploads: Awaited<ReturnType<typeof uploadFolder>>;
let EN: string;
let AR: string;
let MINIMAL: string;
let BROKEN: string;
const read = (content: Buffer | string, fileName: string) => uploads.read(content, fileName);
const refusedWhole = (content: Buffer | string, fileName: string) => uploads.refusedWhole(content, fileName);

beforeAll(async () => {
  uploads = await uploadFolder();
  [EN, AR, MINIMAL, BROKEN] = (await Promise.all(
    ['en-article.xml', 'ar-article.xml', 'minimal-article.xml', 'broken-article.xml'].map(fixture),
  )) as [string, string, string, string];
});
afterAll(() => uploads.remove());

describe('a zip a typesetter delivers', () => {
  let records: ImportedRecord[];
  let enPdf: Buffer;
  let arPdf: Buffer;

  beforeAll(async () => {
    enPdf = await galleyPdf('Structured education');
    arPdf = await galleyPdf('Intermittent fasting');
    const zip = zipOf({
      'issue-12/a10-minimal.xml': MINIMAL,
      'issue-12/a2-broken.xml': BROKEN,
      'issue-12/a1-en.xml': EN,
      'issue-12/pdf/en-article.pdf': enPdf,
      'issue-12/a3-ar.xml': AR,
      'issue-12/A3-AR.PDF': arPdf,
      '__MACOSX/issue-12/._a1-en.xml': 'junk',
    });
    ({ records } = await read(zip, 'jhs-volume-12.zip'));
  });

  it('gives one record a file, in the natural order of their names, the broken one refused in its place', () => {
    expect(records.map((record) => [record.kind, placeText('en', record.place)])).toEqual([
      ['paper', 'issue-12/a1-en.xml'],
      ['refused', 'issue-12/a2-broken.xml'],
      ['paper', 'issue-12/a3-ar.xml'],
      ['paper', 'issue-12/a10-minimal.xml'],
    ]);
    const broken = records[1] as RefusedRecord;
    expect(broken.reason).toBe('importJats.xmlMalformed');
    expect(told(broken, 'en')).toBe('issue-12/a2-broken.xml is not well-formed XML (line 9, column 61)');
    expect(told(broken, 'ar')).toContain('ليس ملف XML سليم البنية (السطر ٩، العمود ٦١)');
  });

  it('reads an English article field for field, with its Arabic translation and its PDF', async () => {
    const [paper] = papers(records);
    expect(paper).toMatchObject({
      sourceId: 'jats:jhs-2023-0142',
      doi: '10.5555/jhs.2023.0142',
      issue: { volume: 12, number: '2', year: 2023, month: 3, publishDate: null, sourceId: null },
      section: { en: 'Original Research', ar: 'بحث أصيل' },
      title: {
        en: 'Structured education & glycaemic control in adults with type 2 diabetes',
        ar: 'التثقيف المنظَّم وضبط سكر الدم لدى البالغين المصابين بالسكري من النوع الثاني',
      },
      subtitle: { en: 'A randomised trial in two Cairo clinics', ar: 'تجربة عشوائية في عيادتين بالقاهرة' },
      abstract: {
        en: 'Background\n\nStructured education is known to help adults manage diabetes\u2014but its effect in busy clinics is less clear.\n\nMethods\n\nWe randomised 240 adults in two clinics.',
        ar: 'يُعرف أن التثقيف المنظَّم يساعد البالغين على ضبط السكري.\n\nقسّمنا ٢٤٠ بالغًا عشوائيًا في عيادتين.',
      },
      keywords: { en: ['diabetes', 'patient education', 'HbA1c'], ar: ['السكري', 'تثقيف المرضى'] },
      fromPage: 101,
      toPage: 118,
      orderInIssue: null,
      publishDate: '2023-03-05',
    });
    expect(paper!.issue.title).toEqual({ en: 'Diabetes care in the region', ar: '' });
    expect(paper!.authors).toEqual([
      {
        name: { en: 'Mona Hassan', ar: 'منى حسن' },
        email: 'mona.hassan@example.edu',
        affiliation: { en: 'Department of Internal Medicine, Cairo University, Giza, Egypt', ar: '' },
        orcid: '0000-0002-1825-0097',
        corresponding: false,
      },
      {
        name: { en: 'Karim A. Farouk Jr', ar: '' },
        email: 'k.farouk@example.edu',
        affiliation: {
          en: 'Department of Internal Medicine, Cairo University, Giza, Egypt; Nile University, Egypt',
          ar: 'جامعة النيل، مصر',
        },
        orcid: '0000-0001-5109-3700',
        corresponding: true,
      },
      // Its ORCID iD's check digit is wrong: left out rather than stored wrong.
      {
        name: { en: "Layla O'Brien-Saleh", ar: '' },
        email: null,
        affiliation: { en: 'Nile University, Egypt', ar: 'جامعة النيل، مصر' },
        orcid: null,
        corresponding: false,
      },
    ]);
    expect(paper!.galley).toMatchObject({ name: 'en-article.pdf', mimeType: 'application/pdf', bytes: enPdf.length });
    expect(await readFile(paper!.galley!.path)).toEqual(enPdf);
  });

  it('reads an Arabic article in Arabic, its English title the translation, and the PDF of its name beside it', async () => {
    const paper = papers(records)[1]!;
    expect(paper).toMatchObject({
      sourceId: 'jats:jhs-2023-0150',
      doi: '10.5555/jhs.2023.0150',
      title: {
        ar: 'أثر الصيام المتقطع على مؤشرات الالتهاب: دراسة مستقبلية',
        en: 'Intermittent fasting and markers of inflammation: a prospective study',
      },
      abstract: {
        ar: 'هدفت الدراسة إلى قياس أثر الصيام المتقطع على مؤشرات الالتهاب لدى البالغين الأصحاء.',
        en: 'The study measured the effect of intermittent fasting on markers of inflammation in healthy adults.',
      },
      keywords: { ar: ['الصيام المتقطع', 'الالتهاب'], en: ['intermittent fasting', 'inflammation'] },
      issue: { volume: 12, number: '3', year: 2023, month: 6, publishDate: null },
      publishDate: '2023-06-20',
      fromPage: 45,
      toPage: 60,
    });
    expect(paper.authors).toEqual([
      {
        name: { en: '', ar: 'سارة عبد الرحمن' },
        email: 'sara.a@example.eg',
        affiliation: {
          ar: 'كلية الطب، جامعة عين شمس، القاهرة',
          en: 'Faculty of Medicine, Ain Shams University, Cairo',
        },
        orcid: null,
        corresponding: true,
      },
      {
        name: { ar: 'يوسف إبراهيم', en: 'Youssef Ibrahim' },
        email: null,
        affiliation: { en: '', ar: '' },
        orcid: null,
        corresponding: false,
      },
    ]);
    expect(paper.galley).toMatchObject({ name: 'A3-AR.PDF', bytes: arPdf.length });
    expect(await readFile(paper.galley!.path)).toEqual(arPdf);
  });

  it('reads an article with only what JATS requires, its missing fields empty, its first author corresponding', () => {
    const paper = papers(records)[2]!;
    expect(paper).toMatchObject({
      sourceId: 'jats:file:issue-12/a10-minimal.xml',
      doi: null,
      issue: { volume: 8, number: '1-2', year: 2019, month: null, publishDate: null, title: { en: '', ar: '' } },
      section: { en: '', ar: '' },
      title: { en: 'A case of late-onset hypothyroidism', ar: '' },
      subtitle: { en: '', ar: '' },
      abstract: { en: '', ar: '' },
      keywords: { en: [], ar: [] },
      fromPage: null,
      toPage: null,
      publishDate: null,
      galley: null,
    });
    expect(paper.authors.map((author) => [author.name.en, author.corresponding])).toEqual([
      ['Omar Nasser', true],
      ['Huda Kamel', false],
    ]);
  });
});

describe('an article that cannot be a paper is refused, the others read', () => {
  it.each([
    ['no title', (xml: string) => xml.replace(/<title-group>[\s\S]*?<\/title-group>/, ''), 'importJats.noTitle'],
    ['no volume', (xml: string) => xml.replace('<volume>12</volume>', ''), 'importJats.noIssue'],
    ['no issue', (xml: string) => xml.replace('<issue>2</issue>', ''), 'importJats.noIssue'],
    ['no year', (xml: string) => xml.replace(/<pub-date[\s\S]*?<\/pub-date>/g, ''), 'importJats.noYear'],
    ['a named entity it does not know', (xml: string) => xml.replace('Background', '&eacute;'), 'importJats.xmlEntity'],
    [
      'another encoding',
      (xml: string) => xml.replace('encoding="UTF-8"', 'encoding="ISO-8859-1"'),
      'importJats.xmlEncoding',
    ],
    [
      'a PDF named but missing',
      (xml: string) => xml.replace('pdf/en-article.pdf', 'pdf/gone.pdf'),
      'importJats.galleyMissing',
    ],
    ['no article at all', () => '<?xml version="1.0"?><record><title>Not JATS</title></record>', 'importJats.notJats'],
  ])('with %s', async (_case, change, reason) => {
    const { records } = await read(zipOf({ 'a1.xml': change(EN), 'a2.xml': MINIMAL }), 'two.zip');
    expect(records.map((record) => record.kind)).toEqual(['refused', 'paper']);
    const refused = records[0] as RefusedRecord;
    expect(refused.reason).toBe(reason);
    expect(told(refused, 'en')).not.toBe(reason);
    expect(told(refused, 'ar')).toMatch(/[\u0600-\u06FF]/);
  });

  it('that is not UTF-8 though it says so', async () => {
    const latin1 = Buffer.from(EN.replace('Cairo clinics', 'Caïro clinics'), 'latin1');
    const { records } = await read(zipOf({ 'a1.xml': latin1 }), 'latin1.zip');
    expect(records[0]).toMatchObject({
      kind: 'refused',
      reason: 'importJats.xmlNotUtf8',
      place: [{ at: 'file', name: 'a1.xml' }],
    });
  });

  it('whose front matter is past the limit, while a long body is skipped', async () => {
    // Text a zip cannot squeeze past the bomb ratio, as a real body's is.
    const longBody = MINIMAL.replace('Text.', randomBytes(3_750_000).toString('base64'));
    const longFront = EN.replace('We randomised 240 adults', randomBytes(825_000).toString('base64'));
    const { records } = await read(zipOf({ 'a1.xml': longBody, 'a2.xml': longFront }), 'long.zip');
    expect(records.map((record) => record.kind)).toEqual(['paper', 'refused']);
    expect(records[1]).toMatchObject({ reason: 'importJats.frontTooLarge', place: [{ at: 'file', name: 'a2.xml' }] });
  });
});

describe('a single JATS file', () => {
  it('is read without a PDF (its <self-uri> names a file not uploaded)', async () => {
    const { records } = await read(EN, 'en-article.xml');
    expect(papers(records)).toHaveLength(1);
    expect(papers(records)[0]).toMatchObject({
      place: [{ at: 'file', name: 'en-article.xml' }],
      galley: null,
      doi: '10.5555/jhs.2023.0142',
    });
  });

  it('holding several articles (a wrapper) gives each its place', async () => {
    const body = (xml: string) => xml.replace(/^<\?xml[^>]*>\s*(<!DOCTYPE[^>]*>)?/, '');
    const { records } = await read(`<articles>${body(EN)}${body(AR)}</articles>`, 'both.xml');
    expect(records.map((record) => placeText('en', record.place))).toEqual([
      'both.xml › article 1',
      'both.xml › article 2',
    ]);
  });

  it('that is broken is refused whole, with its line', async () => {
    const refused = await refusedWhole(BROKEN, 'broken-article.xml');
    expect(refused.en).toBe('broken-article.xml is not well-formed XML (line 9, column 61)');
  });

  it('in another encoding is refused whole', async () => {
    const refused = await refusedWhole(EN.replace('encoding="UTF-8"', 'encoding="windows-1256"'), 'a.xml');
    expect(refused.en).toBe('a.xml declares the encoding windows-1256; JATS files are read as UTF-8');
  });

  it('that is neither XML nor a zip is refused', async () => {
    const refused = await refusedWhole(Buffer.from('%PDF-1.7'), 'paper.pdf');
    expect(refused.reason).toBe('importJats.fileType');
    expect(refused.ar).toContain('JATS');
  });
});

describe('hostile input is refused whole, before anything is written', () => {
  const LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE article [
  <!ENTITY lol "lol">
  <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
]>
<article><front><article-meta><title-group><article-title>&lol3;</article-title></title-group></article-meta></front></article>`;
  const EXTERNAL = `<?xml version="1.0"?>
<!DOCTYPE article [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<article><front><article-meta><title-group><article-title>&secret;</article-title></title-group></article-meta></front></article>`;

  it.each([
    ['an XML bomb (billion laughs)', LAUGHS],
    ['an external entity', EXTERNAL],
  ])('%s in a zip', async (_case, xml) => {
    const refused = await refusedWhole(zipOf({ 'a1.xml': MINIMAL, 'a2.xml': xml }), 'evil.zip');
    expect(refused.reason).toBe('importJats.xmlDoctypeSubset');
    expect(refused.en).toBe(
      'a2.xml declares entities or rules of its own in its DOCTYPE, which can hide an XML bomb; such a file is refused',
    );
    expect(refused.ar).toContain('قنبلة XML');
  });

  it('a zip with a path leaving its folder', async () => {
    const zip = zipOf({ 'a1.xml': EN, '__/evil.pdf': 'x' });
    const evil = Buffer.from(zip.toString('latin1').replaceAll('__/evil.pdf', '../evil.pdf'), 'latin1');
    expect((await refusedWhole(evil, 'evil.zip')).reason).toBe('importJats.zipPathOutside');
  });

  it('a zip bomb beside the articles, and no PDF of the others taken out', async () => {
    const bomb = await zerosZip('a1.pdf', 100 * 1024 * 1024);
    const refused = await refusedWhole(bomb, 'bomb.zip');
    expect(refused.reason).toBe('importJats.zipTooCompressed');
    expect(await readdir(refused.workDir)).toEqual([]);
  });

  it('a zip without any article', async () => {
    const refused = await refusedWhole(zipOf({ 'a1.pdf': await galleyPdf('x') }), 'pdfs.zip');
    expect(refused.en).toBe('The zip holds no JATS article (an .xml file)');
  });
});
