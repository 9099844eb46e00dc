import { placeText } from '@journals/core/schemas/import-place';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { translate } from '@journals/core/i18n/index';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { ImportedPaper, ImportedRecord } from '../src/features/imports/model';
import { readOjsNative } from '../src/features/imports/ojs-native';
import { expectFileRefused, filesIn, OJS_FIXTURES, readAll, workFolder, xmlFile } from './ojs-reading';

/** The OJS Native XML reader (issue 45 §1, decision 0077) on realistic exports of a bilingual journal. */

const papers = (records: ImportedRecord[]) =>
  records.filter((record): record is ImportedPaper => record.kind === 'paper');

describe('an OJS issues export of a bilingual journal', () => {
  it('reads every field of an article in English and Arabic, its issue, section and PDF', async () => {
    const workDir = await workFolder();
    const records = await readAll(readOjsNative, join(OJS_FIXTURES, 'bilingual-issues.xml'), workDir);
    const first = records[0] as ImportedPaper;
    expect(first).toEqual({
      kind: 'paper',
      place: [
        { at: 'issue', n: 1, volume: 3, number: '1' },
        { at: 'article', n: 1, id: '101' },
      ],
      sourceId: 'ojs:101',
      doi: '10.5555/jwa.2021.101',
      issue: {
        volume: 3,
        number: '1',
        year: 2021,
        month: null,
        publishDate: '2021-03-15',
        title: { en: 'Water in the Arab World', ar: 'المياه في العالم العربي' },
        sourceId: '11',
      },
      section: { en: 'Articles', ar: 'بحوث' },
      title: { en: 'The Groundwater Recharge in the Tigris Basin', ar: 'تغذية المياه الجوفية في حوض دجلة' },
      subtitle: { en: 'A Ten-Year Record', ar: 'سجل عشر سنوات' },
      abstract: {
        en: '<p>We measured recharge &amp; abstraction at <strong>42</strong> wells.</p>\n<p>Second paragraph.</p>',
        ar: '<p>قسنا التغذية والسحب في ٤٢ بئرًا.</p>',
      },
      keywords: { en: ['groundwater', 'recharge'], ar: ['المياه الجوفية', 'التغذية'] },
      authors: [
        {
          name: { en: 'Amal Haddad', ar: 'أمل حداد' },
          email: 'amal.haddad@uobaghdad.example',
          affiliation: { en: 'University of Baghdad', ar: 'جامعة بغداد' },
          orcid: '0000-0002-1825-0097',
          corresponding: false,
        },
        {
          name: { en: 'Omar Khalil', ar: 'عمر خليل' },
          email: 'omar.khalil@example.org',
          affiliation: { en: 'Mosul Dam Authority', ar: '' },
          // Its check digit is wrong: no iD rather than a wrong one.
          orcid: null,
          corresponding: true,
        },
      ],
      fromPage: 1,
      toPage: 14,
      orderInIssue: 1,
      publishDate: '2021-03-15',
      galley: { name: 'groundwater-tigris.pdf', mimeType: 'application/pdf', path: expect.any(String), bytes: 1311 },
    });
    // The galley is the current file of the proof (file_id 303), the PDF OJS published, byte for byte.
    const galley = await readFile(first.galley!.path);
    expect(galley.equals(await readFile(join(OJS_FIXTURES, 'article-101.pdf')))).toBe(true);
    // Only the galleys stay in the work folder: the manuscript, the older proof and the refused article's PDF are gone.
    const galleys = papers(records).flatMap((paper) => (paper.galley ? [paper.galley.path] : []));
    expect(await filesIn(workDir)).toEqual(galleys.map((path) => path.slice(workDir.length + 1)).sort());
    expect(galleys).toHaveLength(3);
  });

  it('reads an Arabic-only article with its optional fields missing', async () => {
    const records = await readAll(readOjsNative, join(OJS_FIXTURES, 'bilingual-issues.xml'));
    expect(records[1]).toMatchObject({
      kind: 'paper',
      place: [
        { at: 'issue', n: 1, volume: 3, number: '1' },
        { at: 'article', n: 2, id: '102' },
      ],
      doi: null,
      section: { en: 'Book Reviews', ar: 'مراجعات الكتب' },
      title: { en: '', ar: 'مراجعة كتاب: الماء والحضارة' },
      subtitle: { en: '', ar: '' },
      abstract: { en: '', ar: '' },
      keywords: { en: [], ar: [] },
      authors: [
        {
          name: { en: '', ar: 'سارة النجار' },
          email: null,
          affiliation: { en: '', ar: '' },
          orcid: null,
          corresponding: true,
        },
      ],
      fromPage: null,
      toPage: null,
      orderInIssue: 2,
      galley: { name: 'مراجعة.pdf', mimeType: 'application/pdf', bytes: expect.any(Number) },
    });
  });

  it('refuses the article without a title with its place, and reads the ones after it', async () => {
    const records = await readAll(readOjsNative, join(OJS_FIXTURES, 'bilingual-issues.xml'));
    expect(records.map((record) => [record.kind, placeText('en', record.place)])).toEqual([
      ['paper', 'issue 1 (vol. 3 no. 1) › article 1 (id 101)'],
      ['paper', 'issue 1 (vol. 3 no. 1) › article 2 (id 102)'],
      ['refused', 'issue 1 (vol. 3 no. 1) › article 3 (id 103)'],
      ['paper', 'issue 1 (vol. 3 no. 1) › article 4 (id 104)'],
      ['paper', 'issue 2 (vol. 3 no. 2) › article 1 (id 105)'],
    ]);
    expect(records[2]).toEqual({
      kind: 'refused',
      place: [
        { at: 'issue', n: 1, volume: 3, number: '1' },
        { at: 'article', n: 3, id: '103' },
      ],
      reason: 'importOjs.noTitle',
    });
    expect(translate('en', 'importOjs.noTitle')).toBe('The article has no title in English or in Arabic');
    expect(translate('ar', 'importOjs.noTitle')).toBe('ليس للبحث عنوان بالإنجليزية ولا بالعربية');
  });

  it('reads a metadata-only article (an HTML galley elsewhere) and pages that are not numbers', async () => {
    const records = await readAll(readOjsNative, join(OJS_FIXTURES, 'bilingual-issues.xml'));
    expect(records[3]).toMatchObject({
      title: { en: 'Editorial: Why Water', ar: '' },
      authors: [{ name: { en: 'Layla', ar: '' }, corresponding: true }],
      fromPage: null,
      toPage: null,
      publishDate: '2021-03-16',
      galley: null,
    });
  });

  it('reads an OJS 3.1 article: a revision embedded, primary_contact on the author, a DOI as a link, another locale', async () => {
    const records = await readAll(readOjsNative, join(OJS_FIXTURES, 'bilingual-issues.xml'));
    expect(records[4]).toMatchObject({
      doi: '10.5555/JWA.2021.105',
      issue: {
        volume: 3,
        number: '2',
        year: 2021,
        publishDate: '2021-09-01',
        title: { en: '', ar: '' },
        sourceId: '12',
      },
      publishDate: '2021-09-01',
      fromPage: 15,
      toPage: 32,
      orderInIssue: 1,
      authors: [
        {
          name: { en: 'Karim Mansour', ar: 'كريم منصور' },
          affiliation: { en: '', ar: 'جامعة البصرة' },
          corresponding: true,
        },
        // Named only in French: the name is kept (as the English one) rather than lost.
        { name: { en: 'Élodie Martin', ar: '' }, corresponding: false },
      ],
      galley: { name: '105-206-1-PB.pdf', mimeType: 'application/pdf' },
    });
    const galley = await readFile((records[4] as ImportedPaper).galley!.path);
    expect(galley.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('an OJS articles export', () => {
  it('reads the current publication, its own issue identification and OJS 3.5 keywords and affiliations', async () => {
    const records = await readAll(readOjsNative, join(OJS_FIXTURES, 'articles.xml'));
    expect(records[0]).toMatchObject({
      kind: 'paper',
      place: [{ at: 'article', n: 1, id: '201' }],
      sourceId: 'ojs:201',
      doi: '10.5555/jwa.2022.201',
      issue: {
        volume: 4,
        number: '1',
        year: 2022,
        publishDate: null,
        title: { en: 'Climate', ar: '' },
        sourceId: null,
      },
      section: { en: 'ART', ar: '' },
      title: { en: 'Rainfall Trends in Jordan', ar: 'اتجاهات الأمطار في الأردن' },
      abstract: { en: '<p>Version two.</p>', ar: '' },
      keywords: { en: ['rainfall'], ar: [] },
      authors: [
        {
          name: { en: 'Hala Odeh', ar: '' },
          affiliation: { en: 'Yarmouk University', ar: 'جامعة اليرموك' },
          orcid: '0000-0002-1825-0097',
          corresponding: true,
        },
      ],
      fromPage: 3,
      toPage: 9,
      orderInIssue: null,
      publishDate: '2022-03-01',
      galley: { name: 'article-201.pdf', mimeType: 'application/pdf' },
    });
  });

  it('refuses a volume that is not a number and a galley beside the XML of a lone XML, and says so in both languages', async () => {
    const records = await readAll(readOjsNative, join(OJS_FIXTURES, 'articles.xml'));
    expect(records.slice(1)).toEqual([
      {
        kind: 'refused',
        place: [{ at: 'article', n: 2, id: '202' }],
        reason: 'importOjs.badVolume',
        values: { value: 'IV' },
      },
      {
        kind: 'refused',
        place: [{ at: 'article', n: 3, id: '203' }],
        reason: 'importOjs.fileBesideXml',
        values: { name: 'files/beside.pdf' },
      },
    ]);
    expect(translate('en', 'importOjs.badVolume', { value: 'IV' })).toBe('The volume “IV” is not a whole number');
    expect(translate('ar', 'importOjs.badVolume', { value: 'IV' })).toBe('المجلد «IV» ليس عددًا صحيحًا');
  });
});

describe('a file the OJS reader refuses whole', () => {
  const wrap = (body: string) => `<?xml version="1.0"?>\n${body}`;

  it('refuses a billion laughs: a DOCTYPE declaring entities', async () => {
    const laughs = Array.from({ length: 9 }, (_, level) =>
      level === 0 ? '<!ENTITY lol0 "lol">' : `<!ENTITY lol${level} "${`&lol${level - 1};`.repeat(10)}">`,
    ).join('\n');
    const file = await xmlFile(wrap(`<!DOCTYPE issues [\n${laughs}\n]>\n<issues>&lol8;</issues>`));
    await expectFileRefused(readAll(readOjsNative, file), 'importOjs.entitiesRefused');
  });

  it('refuses an external entity, and never reads the file it names', async () => {
    const file = await xmlFile(
      wrap(
        '<!DOCTYPE article [<!ENTITY secret SYSTEM "file:///etc/passwd">]>\n<article><title>&secret;</title></article>',
      ),
    );
    await expectFileRefused(readAll(readOjsNative, file), 'importOjs.entitiesRefused');
  });

  it('refuses an entity it does not know as XML that is not well formed, with its line', async () => {
    const file = await xmlFile(wrap('<articles>\n<article>\n<title>&undeclared;</title></article></articles>'));
    await expectFileRefused(readAll(readOjsNative, file), 'importOjs.notXml', { line: 4 });
  });

  it('refuses a file that says another encoding, one in UTF-16, and bytes that are not UTF-8', async () => {
    const latin = await xmlFile(Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><articles/>', 'latin1'));
    await expectFileRefused(readAll(readOjsNative, latin), 'importOjs.wrongEncoding', { encoding: 'ISO-8859-1' });
    const utf16 = await xmlFile(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<articles/>', 'utf16le')]));
    await expectFileRefused(readAll(readOjsNative, utf16), 'importOjs.wrongEncoding');
    const broken = await xmlFile(
      Buffer.concat([
        Buffer.from('<articles><article><title>caf'),
        Buffer.from([0xe9]),
        Buffer.from('</title></article></articles>'),
      ]),
    );
    await expectFileRefused(readAll(readOjsNative, broken), 'importOjs.notUtf8', { offset: 0 });
  });

  it('refuses a file that is not an OJS export, and one nested past the depth limit', async () => {
    const jats = await xmlFile(wrap('<article-set><front/></article-set>'));
    await expectFileRefused(readAll(readOjsNative, jats), 'importOjs.notNative', { element: 'article-set' });
    const deep = await xmlFile(wrap(`<articles>${'<a>'.repeat(100)}${'</a>'.repeat(100)}</articles>`));
    await expectFileRefused(readAll(readOjsNative, deep), 'importOjs.tooDeep', { max: 64 });
  });

  it('leaves no file behind when it stops on a broken file halfway through an embedded file', async () => {
    const workDir = await workFolder();
    const file = await xmlFile(
      wrap(`<articles><article><submission_file id="1"><file><embed encoding="base64">${'QUJD'.repeat(50_000)}</oops>`),
    );
    await expectFileRefused(readAll(readOjsNative, file, workDir), 'importOjs.notXml');
    expect(await filesIn(workDir)).toEqual([]);
  });
});

describe('an OJS export uploaded as a zip with its galleys beside it', () => {
  const exportZip = async (xml: string, files: Record<string, Uint8Array>) => {
    const entries: Record<string, Uint8Array> = { 'journal/export.xml': strToU8(xml), ...files };
    return xmlFile(Buffer.from(zipSync(entries)));
  };

  it('takes the file an <href> names from the zip, and refuses one that would leave the folder', async () => {
    const articles = await readFile(join(OJS_FIXTURES, 'articles.xml'), 'utf8');
    const pdf = await readFile(join(OJS_FIXTURES, 'article-101.pdf'));
    const escaping = articles.replace('files/beside.pdf', '../../secret.pdf');
    const workDir = await workFolder();
    const records = await readAll(
      readOjsNative,
      await exportZip(articles, { 'journal/files/beside.pdf': pdf, 'secret.pdf': pdf }),
      workDir,
    );
    expect(records.map((record) => record.kind)).toEqual(['paper', 'refused', 'paper']);
    const beside = (records[2] as ImportedPaper).galley!;
    expect(beside).toMatchObject({ name: 'beside.pdf', mimeType: 'application/pdf', bytes: pdf.length });
    expect((await readFile(beside.path)).equals(pdf)).toBe(true);

    const refused = await readAll(readOjsNative, await exportZip(escaping, { 'secret.pdf': pdf }));
    expect(refused[2]).toEqual({
      kind: 'refused',
      place: [{ at: 'article', n: 3, id: '203' }],
      reason: 'importOjs.fileBesideXml',
      values: { name: '../../secret.pdf' },
    });
  });

  it('refuses a zip without exactly one XML', async () => {
    const file = await xmlFile(
      Buffer.from(zipSync({ 'a.xml': strToU8('<articles/>'), 'b.xml': strToU8('<articles/>') })),
    );
    await expectFileRefused(readAll(readOjsNative, file), 'importOjs.zipXml', { count: 2 });
  });
});
