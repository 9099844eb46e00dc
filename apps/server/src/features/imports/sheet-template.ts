import type { Language } from '@journals/core/enums';
import { translate } from '@journals/core/i18n/index';
import { SHEET_COLUMNS, type SheetColumnKey, type SheetColumnRequired } from '@journals/core/schemas/import-sheet';
import { stringify } from 'csv-stringify/sync';
import { strToU8, zipSync } from 'fflate';

/**
 * The spreadsheet template a journal downloads (issue 45 §3, decision 0080): the columns' headers in the chosen
 * language and one example row, a bilingual paper the reader imports as it is. As CSV (UTF-8 with its BOM, so that
 * Excel opens the Arabic as Arabic) or as XLSX, written here as its few XML parts (synchronous, no library's whole
 * workbook model): a first sheet of the papers (right to left in Arabic, the header row frozen, the publication
 * date a real date cell) and a second that says what each column holds and whether it is required.
 */

export type SheetTemplateFormat = 'csv' | 'xlsx';

/** 2020-05-01 as Excel counts days (from 1899-12-30). */
const EXAMPLE_DATE_SERIAL = 43_952;

const EXAMPLE: Record<SheetColumnKey, string | number> = {
  id: 'A-107',
  doi: '10.1234/jms.2020.107',
  volume: 12,
  issue: '3',
  year: 2020,
  month: 5,
  publish_date: '2020-05-01',
  section: 'Original article | بحث أصيل',
  title_en: 'Vitamin D levels among health care workers in Cairo',
  title_ar: 'مستويات فيتامين د لدى العاملين في الرعاية الصحية بالقاهرة',
  subtitle: '',
  abstract_en: 'A cross-sectional study of 300 health care workers in three hospitals of Cairo.',
  abstract_ar: 'دراسة مقطعية شملت ثلاثمئة من العاملين في الرعاية الصحية في ثلاثة مستشفيات بالقاهرة.',
  keywords_en: 'vitamin D; health care workers; Egypt',
  keywords_ar: 'فيتامين د؛ العاملون الصحيون؛ مصر',
  authors:
    'Sara Ali | سارة علي <sara.ali@example.edu> (Cairo University | جامعة القاهرة) [0000-0002-1825-0097]\n' +
    'Omar Hassan | عمر حسن (Ain Shams University | جامعة عين شمس)',
  corresponding_author: 1,
  from_page: 101,
  to_page: 112,
  order: 7,
  pdf: 'paper-107.pdf',
};

const REQUIRED_TEXT: Record<SheetColumnRequired, string> = {
  yes: 'importSheet.required_yes',
  no: 'importSheet.required_no',
  title: 'importSheet.required_title',
  year: 'importSheet.required_year',
};

const headers = (language: Language) => SHEET_COLUMNS.map((column) => column.header[language]);

function csvTemplate(language: Language): Buffer {
  const example = SHEET_COLUMNS.map((column) => String(EXAMPLE[column.key]));
  return Buffer.from(stringify([headers(language), example], { bom: true }), 'utf8');
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const columnLetter = (index: number): string =>
  index < 26 ? String.fromCharCode(65 + index) : columnLetter(Math.floor(index / 26) - 1) + columnLetter(index % 26);

/** Styles (styles.xml's cellXfs): 0 plain, 1 bold (headers), 2 a date, 3 wrapped at the top (long texts). */
type Style = 0 | 1 | 2 | 3;

function cellXml(row: number, index: number, value: string | number, style: Style): string {
  const ref = `${columnLetter(index)}${row}`;
  const s = style === 0 ? '' : ` s="${style}"`;
  if (typeof value === 'number') return `<c r="${ref}"${s}><v>${value}</v></c>`;
  return `<c r="${ref}"${s} t="inlineStr"><is><t xml:space="preserve">${escapeXml(value)}</t></is></c>`;
}

const rowXml = (row: number, cells: readonly (readonly [string | number, Style])[]) =>
  `<row r="${row}">${cells.map(([value, style], index) => cellXml(row, index, value, style)).join('')}</row>`;

function sheetXml(language: Language, widths: readonly number[], rows: readonly string[]): string {
  const rtl = language === 'ar' ? ' rightToLeft="1"' : '';
  const cols = widths.map(
    (width, index) => `<col min="${index + 1}" max="${index + 1}" width="${width}" customWidth="1"/>`,
  );
  return (
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n` +
    `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">` +
    `<sheetViews><sheetView workbookViewId="0"${rtl}><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>` +
    `<cols>${cols.join('')}</cols><sheetData>${rows.join('')}</sheetData></worksheet>`
  );
}

const LONG: readonly SheetColumnKey[] = ['abstract_en', 'abstract_ar', 'authors', 'title_en', 'title_ar'];

function papersSheet(language: Language): string {
  const example = SHEET_COLUMNS.map((column): [string | number, Style] => {
    if (column.key === 'publish_date') return [EXAMPLE_DATE_SERIAL, 2];
    return [EXAMPLE[column.key], LONG.includes(column.key) ? 3 : 0];
  });
  const widths = SHEET_COLUMNS.map((column) => (LONG.includes(column.key) ? 45 : 16));
  return sheetXml(language, widths, [
    rowXml(
      1,
      headers(language).map((header) => [header, 1]),
    ),
    rowXml(2, example),
  ]);
}

function columnsSheet(language: Language): string {
  const title = (['doc_column', 'doc_required', 'doc_about'] as const).map((key): [string, Style] => [
    translate(language, `importSheet.${key}`),
    1,
  ]);
  const rows = SHEET_COLUMNS.map((column, index) =>
    rowXml(index + 2, [
      [column.header[language], 0],
      [translate(language, REQUIRED_TEXT[column.required]), 0],
      [translate(language, column.about), 3],
    ]),
  );
  return sheetXml(language, [28, 24, 90], [rowXml(1, title), ...rows]);
}

const SPREADSHEET_ML = 'application/vnd.openxmlformats-officedocument.spreadsheetml';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

function xlsxTemplate(language: Language): Buffer {
  const xml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n`;
  const sheetNames = [
    translate(language, 'importSheet.sheet_papers'),
    translate(language, 'importSheet.sheet_columns'),
  ];
  const parts: Record<string, string> = {
    '[Content_Types].xml':
      xml +
      `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
      `<Default Extension="xml" ContentType="application/xml"/>` +
      `<Override PartName="/xl/workbook.xml" ContentType="${SPREADSHEET_ML}.sheet.main+xml"/>` +
      `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="${SPREADSHEET_ML}.worksheet+xml"/>` +
      `<Override PartName="/xl/worksheets/sheet2.xml" ContentType="${SPREADSHEET_ML}.worksheet+xml"/>` +
      `<Override PartName="/xl/styles.xml" ContentType="${SPREADSHEET_ML}.styles+xml"/></Types>`,
    '_rels/.rels':
      xml +
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      `<Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml':
      xml +
      `<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${RELATIONSHIPS}"><sheets>` +
      sheetNames
        .map((name, index) => `<sheet name="${escapeXml(name)}" sheetId="${index + 1}" r:id="rId${index + 1}"/>`)
        .join('') +
      `</sheets></workbook>`,
    'xl/_rels/workbook.xml.rels':
      xml +
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      `<Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/>` +
      `<Relationship Id="rId2" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet2.xml"/>` +
      `<Relationship Id="rId3" Type="${RELATIONSHIPS}/styles" Target="styles.xml"/></Relationships>`,
    'xl/styles.xml':
      xml +
      `<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">` +
      `<numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd"/></numFmts>` +
      `<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>` +
      `<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>` +
      `<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>` +
      `<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="4">` +
      `<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>` +
      `<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>` +
      `<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>` +
      `<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" applyAlignment="1"><alignment wrapText="1" vertical="top"/></xf>` +
      `</cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`,
    'xl/worksheets/sheet1.xml': papersSheet(language),
    'xl/worksheets/sheet2.xml': columnsSheet(language),
  };
  const zip = zipSync(Object.fromEntries(Object.entries(parts).map(([name, text]) => [name, strToU8(text)])));
  return Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength);
}

/** The template in `format`, its headers in `language` (GET …/imports/template.xlsx|csv?lang=ar). */
export function sheetTemplate(format: SheetTemplateFormat, language: Language): Buffer {
  return format === 'csv' ? csvTemplate(language) : xlsxTemplate(language);
}
