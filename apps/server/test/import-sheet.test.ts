import { placeText } from '@journals/core/schemas/import-place';
import { readFile } from 'node:fs/promises';
import { translate } from '@journals/core/i18n/index';
import { describe, expect, it } from 'vitest';
import { ImportFileError } from '../src/features/imports/model';
import { csv, HEADERS, papers, pdf, readUpload, refusals, row, xlsx, zip } from './import-sheet-setup';

/** The spreadsheet reader (issue 45 §3, decision 0080): what a journal's sheet becomes, and what is refused. */

const AUTHORS_AR =
  'سارة علي | Sara Ali <Sara.Ali@Example.edu> (جامعة القاهرة | Cairo University) [https://orcid.org/0000-0002-1825-0097]\n' +
  'عمر حسن (جامعة عين شمس)';

async function refusedFile(fileName: string, content: Buffer | string) {
  const error = await readUpload(fileName, content).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ImportFileError);
  const { reason, values } = error as ImportFileError;
  return { reason, values, en: translate('en', reason, values), ar: translate('ar', reason, values) };
}

describe('a CSV sheet', () => {
  it('reads an Arabic sheet with a BOM, Arabic headers and Arabic-Indic digits into papers', async () => {
    const records = await readUpload(
      'أرشيف.csv',
      csv(
        [
          ['المعرف', 'المعرف الرقمي', 'المجلد', 'العدد', 'تاريخ النشر', 'العنوان بالعربية', 'العنوان بالانجليزية'],
          ['ب-١', 'https://doi.org/10.1234/ABC.7', '١٢', '3', '٠١/٠٥/٢٠٢٠', 'أثر التعليم عن بعد', 'Remote learning'],
        ].map((cells, index) =>
          index === 0
            ? [...cells, 'المؤلفون', 'الكلمات المفتاحية بالعربية', 'المؤلف المراسل']
            : [...cells, AUTHORS_AR, 'تعليم، جامعات؛ مصر', '2'],
        ),
        true,
      ),
    );
    expect(refusals(records)).toEqual([]);
    const [paper] = papers(records);
    expect(paper).toMatchObject({
      place: [{ at: 'row', n: 2 }],
      sourceId: 'sheet:ب-١',
      doi: '10.1234/ABC.7',
      issue: { volume: 12, number: '3', year: 2020, month: null, publishDate: '2020-05-01' },
      title: { en: 'Remote learning', ar: 'أثر التعليم عن بعد' },
      keywords: { en: [], ar: ['تعليم', 'جامعات', 'مصر'] },
      publishDate: '2020-05-01',
      galley: null,
    });
    expect(paper?.authors).toEqual([
      {
        name: { en: 'Sara Ali', ar: 'سارة علي' },
        email: 'sara.ali@example.edu',
        affiliation: { en: 'Cairo University', ar: 'جامعة القاهرة' },
        orcid: '0000-0002-1825-0097',
        corresponding: false,
      },
      {
        name: { en: '', ar: 'عمر حسن' },
        email: null,
        affiliation: { en: '', ar: 'جامعة عين شمس' },
        orcid: null,
        corresponding: true,
      },
    ]);
  });

  it('refuses a bad row with its row number and the column at fault, and reads the rows after it', async () => {
    const records = await readUpload(
      'papers.csv',
      csv([
        [...HEADERS, 'publish_date', 'from_page', 'to_page'],
        [...row('1'), '2021-03-01', 1, 9],
        ['2', 'two', '1', 2021, 'Paper 2', 'Ali Omar', '', '', ''],
        [...row('3'), '31/02/2021', '', ''],
        [...row('4'), '', 12, 3],
        ['', '', '', '', '', '', '', '', ''],
        [...row('5', ''), '', '', ''],
        [...row('1'), '', '', ''],
        [...row('6'), '1.3.2021', 10, 12],
      ]),
    );
    expect(papers(records).map((paper) => [placeText('en', paper.place), paper.sourceId, paper.publishDate])).toEqual([
      ['row 2', 'sheet:1', '2021-03-01'],
      ['row 9', 'sheet:6', '2021-03-01'],
    ]);
    const shown = refusals(records).map(
      ({ place, reason, values }) => `${placeText('en', place)}: ${translate('en', reason, values)}`,
    );
    expect(shown).toEqual([
      'row 3, column volume: “two” is not a whole number.',
      'row 4, column publish_date: “31/02/2021” is not a date: write 2020-05-01, or day first 01/05/2020.',
      'row 5, column to_page: the last page (3) is before the first (12).',
      'row 7, column title_en: the paper has no title: give it in English or in Arabic.',
      'row 8, column id: the id “1” is already the id of row 2.',
    ]);
    expect(translate('ar', refusals(records)[2]!.reason, refusals(records)[2]!.values)).toBe(
      'الصفحة الأخيرة (٣) قبل الصفحة الأولى (١٢).',
    );
  });

  it("refuses an author's invalid ORCID iD or e-mail, and a corresponding author who is none of them", async () => {
    const records = await readUpload(
      'papers.csv',
      csv([
        [...HEADERS, 'corresponding_author'],
        ['1', 2, '1', 2021, 'A', 'Ali Omar [0000-0002-1825-0098]', ''],
        ['2', 2, '1', 2021, 'B', 'Ali Omar; Mona Zaki <mona@>', ''],
        ['3', 2, '1', 2021, 'C', 'Ali Omar; Mona Zaki <mona@uni.eg>', 'Huda'],
        ['4', 2, '1', 2021, 'D', 'Ali Omar; Mona Zaki <mona@uni.eg>', 'MONA@uni.eg'],
      ]),
    );
    expect(refusals(records).map(({ place, reason, values }) => [placeText('en', place), reason, values])).toEqual([
      ['row 2, column authors', 'importSheet.author_orcid', { number: 1, value: '0000-0002-1825-0098' }],
      ['row 3, column authors', 'importSheet.author_email', { number: 2, value: 'mona@' }],
      ['row 4, column corresponding_author', 'importSheet.corresponding_unknown', { value: 'Huda' }],
    ]);
    expect(papers(records)[0]?.authors.map((author) => author.corresponding)).toEqual([false, true]);
  });

  it('refuses a file saved in Windows-1256 with the line and how to save it as UTF-8', async () => {
    const windows1256 = Buffer.concat([
      Buffer.from('id,volume,issue,year,title_ar,authors\n1,2,1,2021,A,Ali\n2,2,1,2021,'),
      Buffer.from([0xc7, 0xe1, 0xda, 0xe4, 0xe6, 0xc7, 0xe4]),
      Buffer.from(',Ali\n'),
    ]);
    const refused = await refusedFile('papers.csv', windows1256);
    expect(refused.reason).toBe('importSheet.encoding_not_utf8');
    expect(refused.en).toContain('line 3');
    expect(refused.en).toContain('Save it again as "CSV UTF-8 (comma delimited)"');
    expect(refused.ar).toContain('في السطر ٣');
  });

  it('refuses a UTF-16 file, with or without its BOM', async () => {
    const text = 'id,volume,issue,year,title_en,authors\n1,2,1,2021,A,Ali\n';
    for (const content of [Buffer.from('\uFEFF' + text, 'utf16le'), Buffer.from(text, 'utf16le')]) {
      const refused = await refusedFile('papers.csv', content);
      expect(refused.reason).toBe('importSheet.encoding_utf16');
      expect(refused.en).toContain('UTF-8');
    }
  });

  it('reads a semicolon-delimited CSV, as some Excel locales save it', async () => {
    const records = await readUpload(
      'papers.csv',
      'id;volume;issue;year;title_en;authors\r\n7;1;2;2019;"A; B";X Y\r\n',
    );
    expect(papers(records)[0]).toMatchObject({ sourceId: 'sheet:7', title: { en: 'A; B' } });
  });

  it('refuses a sheet whose first row lacks a required column, or has none of the headers, or is empty', async () => {
    const missing = await refusedFile(
      'papers.csv',
      csv([
        ['id', 'volume', 'issue', 'title_en'],
        ['1', 2, '1', 'A'],
      ]),
    );
    expect(missing.en).toBe('The first row has no column “authors” (or “المؤلفون”), which is required.');
    expect(missing.ar).toBe('ليس في الصف الأول عمود «المؤلفون» (أو «authors»)، وهو عمود مطلوب.');
    expect((await refusedFile('papers.csv', csv([['Archive of the journal'], ['1']]))).reason).toBe(
      'importSheet.no_header',
    );
    expect((await refusedFile('papers.csv', '')).reason).toBe('importSheet.empty');
    expect((await refusedFile('papers.txt', 'id')).reason).toBe('importSheet.file_kind');
  });

  it('refuses a CSV whose quoted field is never closed, from the row it starts on', async () => {
    const refused = await refusedFile(
      'papers.csv',
      'id,volume,issue,year,title_en,authors\n1,2,1,2021,A,B\n2,2,1,2021,"A,B\n',
    );
    expect(refused.reason).toBe('importSheet.csv_broken');
    expect(refused.values).toEqual({ row: 3 });
  });

  it('refuses a row naming a PDF when the upload is the spreadsheet alone', async () => {
    const records = await readUpload(
      'papers.csv',
      csv([
        [...HEADERS, 'pdf'],
        [...row('1'), 'a.pdf'],
        [...row('2'), ''],
      ]),
    );
    expect(refusals(records)).toEqual([
      {
        kind: 'refused',
        place: [{ at: 'row', n: 2, column: 'pdf' }],
        reason: 'importSheet.pdf_without_zip',
        values: {},
      },
    ]);
    expect(papers(records).map((paper) => paper.galley)).toEqual([null]);
  });
});

describe('an XLSX sheet', () => {
  it('reads Excel date cells (a year typed as one too), a serial day, formula results, rich text and Arabic; refuses an error cell', async () => {
    const content = await xlsx((sheet) => {
      sheet.addRow([...HEADERS, 'publish_date', 'from_page', 'to_page', 'title_ar', 'month']);
      const first = sheet.addRow(['X1', 4, 2, 2022, 'Heat', 'Nour Adel', new Date(Date.UTC(2022, 10, 3)), 5]);
      first.getCell(9).value = { formula: 'H2+9', result: 14 };
      first.getCell(10).value = { richText: [{ text: 'الحرارة ' }, { font: { bold: true }, text: 'والعمل' }] };
      first.getCell(11).value = 'نوفمبر';
      sheet.addRow(['X2', 4, 2, new Date(Date.UTC(2022, 0, 1)), 'Dust', 'Nour Adel', 44_868]);
      sheet.addRow(['X3', { error: '#N/A' }, 2, 2022, 'Wind', 'Nour Adel']);
    });
    const records = await readUpload('archive.xlsx', content);
    expect(
      papers(records).map((paper) => [paper.sourceId, paper.issue.year, paper.issue.month, paper.publishDate]),
    ).toEqual([
      ['sheet:X1', 2022, 11, '2022-11-03'],
      ['sheet:X2', 2022, null, '2022-11-03'],
    ]);
    expect(papers(records)[0]).toMatchObject({ fromPage: 5, toPage: 14, title: { ar: 'الحرارة والعمل' } });
    expect(refusals(records)).toEqual([
      {
        kind: 'refused',
        place: [{ at: 'row', n: 4, column: 'volume' }],
        reason: 'importSheet.cell_error',
        values: { value: '#N/A' },
      },
    ]);
  });

  it('refuses a file named .xlsx that is not a workbook', async () => {
    expect((await refusedFile('archive.xlsx', 'id,volume\n1,2\n')).reason).toBe('importSheet.xlsx_broken');
  });
});

describe('a zip of the sheet and its PDFs', () => {
  it('gives each paper its PDF, found by its path or its name alone, and refuses a row whose PDF is missing', async () => {
    const sheet = csv([
      [...HEADERS, 'pdf'],
      [...row('1'), 'pdfs/one.pdf'],
      [...row('2'), 'TWO.PDF'],
      [...row('3'), 'three.pdf'],
      [...row('4'), 'notes.txt'],
    ]);
    const content = zip({
      'archive/papers.csv': sheet,
      'archive/pdfs/one.pdf': pdf('one'),
      'archive/pdfs/two.pdf': pdf('two'),
      'archive/notes.txt': 'n',
      '__MACOSX/archive/._papers.csv': 'x',
    });
    const records = await readUpload('archive.zip', content);
    const galleys = papers(records).map((paper) => paper.galley);
    expect(galleys.map((galley) => [galley?.name, galley?.mimeType, galley?.bytes])).toEqual([
      ['one.pdf', 'application/pdf', pdf('one').length],
      ['two.pdf', 'application/pdf', pdf('two').length],
    ]);
    expect(await readFile(galleys[1]!.path)).toEqual(pdf('two'));
    expect(refusals(records).map(({ place, reason }) => [placeText('en', place), reason])).toEqual([
      ['row 4, column pdf', 'importSheet.pdf_not_found'],
      ['row 5, column pdf', 'importSheet.pdf_not_pdf'],
    ]);
  });

  it('refuses a zip with no spreadsheet, with two, or with a path that leaves its folder', async () => {
    expect((await refusedFile('a.zip', zip({ 'a.pdf': pdf('a') }))).reason).toBe('importSheet.zip_no_sheet');
    const two = await refusedFile('a.zip', zip({ 'a.csv': 'id', 'b.xlsx': 'x' }));
    expect(two.en).toBe('The zip holds more than one spreadsheet (a.csv, b.xlsx): leave one.');
    const outside = await refusedFile('a.zip', zip({ 'papers.csv': csv([HEADERS]), '../../etc/evil.pdf': pdf('x') }));
    expect(outside.reason).toBe('importJats.zipPathOutside');
  });
});
