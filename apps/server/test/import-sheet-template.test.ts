import ExcelJS from 'exceljs';
import { SHEET_COLUMNS } from '@journals/core/schemas/import-sheet';
import { describe, expect, it } from 'vitest';
import { sheetTemplate } from '../src/features/imports/sheet-template';
import { papers, pdf, readUpload, refusals, zip } from './import-sheet-setup';

/** The template a journal downloads (decision 0080): its headers in the chosen language, and an example row it imports. */

const EXAMPLE = {
  sourceId: 'sheet:A-107',
  doi: '10.1234/jms.2020.107',
  issue: { volume: 12, number: '3', year: 2020, month: 5, publishDate: '2020-05-01' },
  section: { en: 'Original article', ar: 'بحث أصيل' },
  keywords: { en: ['vitamin D', 'health care workers', 'Egypt'], ar: ['فيتامين د', 'العاملون الصحيون', 'مصر'] },
  fromPage: 101,
  toPage: 112,
  orderInIssue: 7,
  publishDate: '2020-05-01',
};

describe('the spreadsheet template', () => {
  it('writes the Arabic XLSX with Arabic headers, right to left, and a sheet saying what each column holds', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(sheetTemplate('xlsx', 'ar') as unknown as ExcelJS.Buffer);
    const [papersSheet, columnsSheet] = workbook.worksheets;
    expect(papersSheet?.name).toBe('الأبحاث');
    expect(papersSheet?.views[0]).toMatchObject({ rightToLeft: true, state: 'frozen', ySplit: 1 });
    const headers = (papersSheet?.getRow(1).values as unknown[]).slice(1);
    expect(headers).toEqual(SHEET_COLUMNS.map((column) => column.header.ar));
    expect(headers.slice(0, 4)).toEqual(['المعرف', 'المعرف الرقمي', 'المجلد', 'العدد']);
    expect(papersSheet?.getCell('G2').value).toEqual(new Date(Date.UTC(2020, 4, 1)));
    expect(columnsSheet?.name).toBe('الأعمدة');
    expect(columnsSheet?.getRow(4).values).toEqual([undefined, 'المجلد', 'نعم', 'مطلوب. رقم المجلد، عدد صحيح.']);
  });

  it('writes the English CSV in UTF-8 with its BOM, the headers being the column names', () => {
    const text = sheetTemplate('csv', 'en').toString('utf8');
    expect(text.startsWith('\uFEFFid,doi,volume,issue,year,month,publish_date,section,title_en,title_ar,')).toBe(true);
    expect(text).toContain('"Sara Ali | سارة علي <sara.ali@example.edu>');
  });

  for (const [format, language] of [
    ['xlsx', 'ar'],
    ['xlsx', 'en'],
    ['csv', 'ar'],
    ['csv', 'en'],
  ] as const) {
    it(`imports its example row as a bilingual paper with its PDF (${format}, ${language})`, async () => {
      const content = zip({ [`template.${format}`]: sheetTemplate(format, language), 'paper-107.pdf': pdf('107') });
      const records = await readUpload('archive.zip', content);
      expect(refusals(records)).toEqual([]);
      const [paper] = papers(records);
      expect(paper).toMatchObject(EXAMPLE);
      expect(paper?.title.ar).toBe('مستويات فيتامين د لدى العاملين في الرعاية الصحية بالقاهرة');
      expect(paper?.authors.map((author) => [author.name.ar, author.affiliation.en, author.corresponding])).toEqual([
        ['سارة علي', 'Cairo University', true],
        ['عمر حسن', 'Ain Shams University', false],
      ]);
      expect(paper?.galley).toMatchObject({ name: 'paper-107.pdf', bytes: pdf('107').length });
    });
  }
});
