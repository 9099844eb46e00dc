import { closeSync, openSync, writeSync } from 'node:fs';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/**
 * Spreadsheet imports of any size for the scale bench and the restart test (issue 45 "Scale", decision 0080's
 * columns): `rows` papers a row, the same bytes for the same arguments (a seeded generator), written to disk as they
 * are made (never the whole file in memory). With PDFs, a zip of the CSV and one small PDF a row (a few KB each,
 * distinct); without, the CSV alone. Half the papers carry a DOI, the other half are known by their id. Papers fill
 * their issues `perIssue` at a time, twelve issues a volume, from 2001.
 */
export interface SheetFileOptions {
  rows: number;
  pdfs: boolean;
  perIssue?: number;
  /** The first volume (1): a journal that already has volumes takes the papers in new ones. */
  firstVolume?: number;
  /** What the ids (and DOIs) start with ("B"): two files of other prefixes hold other papers. */
  prefix?: string;
  /** Characters of each abstract (English and Arabic alike). */
  abstractChars?: number;
}

const WORDS = (
  'soil salinity water irrigation yield wheat study analysis model climate crop nitrogen drought growth field ' +
  'vitamin deficiency health patients clinical survey education learning students teachers reading language'
).split(' ');
const ARABIC =
  'ملوحة التربة المياه الري القمح دراسة تحليل نموذج المناخ المحصول النمو التعليم الطلاب اللغة القراءة'.split(' ');
const PLACES = ['Cairo University', 'Ain Shams University', 'Alexandria University', 'Mansoura University'];

/** mulberry32: a small seeded generator, so that a file is the same file on every run. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const quote = (value: string | number) => `"${String(value).replace(/"/g, '""')}"`;

export const SHEET_HEADER = [
  'id',
  'doi',
  'volume',
  'issue',
  'year',
  'month',
  'title_en',
  'title_ar',
  'abstract_en',
  'abstract_ar',
  'keywords_en',
  'keywords_ar',
  'authors',
  'from_page',
  'to_page',
  'pdf',
];

/** Where paper `n` (1-based) goes: its volume, its issue (1–12) and its order in it. */
export function placeOf(n: number, perIssue: number, firstVolume = 1) {
  const issueIndex = Math.floor((n - 1) / perIssue);
  return {
    volume: Math.floor(issueIndex / 12) + firstVolume,
    issue: (issueIndex % 12) + 1,
    order: ((n - 1) % perIssue) + 1,
  };
}

export const pdfName = (n: number) => `pdfs/paper-${n}.pdf`;
export const doiOf = (n: number, prefix = 'B') => (n % 2 === 0 ? `10.5555/bench.${prefix}${n}` : '');

/** A small PDF of its own for paper `n`: a page saying its title, padded to about 3 KB. */
export function pdfOf(n: number): Buffer {
  const text = `BT /F1 12 Tf 72 720 Td (Imported paper ${n}) Tj ET`;
  const body =
    `%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n` +
    `2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj\n` +
    `3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R>> endobj\n` +
    `4 0 obj <</Length ${text.length}>> stream\n${text}\nendstream endobj\n`;
  const padding = `% ${'bench '.repeat(500)}${n}\n`;
  return Buffer.from(`${body}${padding}trailer <</Root 1 0 R>>\n%%EOF\n`);
}

function words(random: () => number, list: readonly string[], count: number) {
  return Array.from({ length: count }, () => list[Math.floor(random() * list.length)]).join(' ');
}

function text(random: () => number, list: readonly string[], chars: number) {
  let out = '';
  while (out.length < chars) out += `${words(random, list, 12)}. `;
  return out.slice(0, chars).trim();
}

/** Row `n` of the sheet (1-based), as CSV. */
export function rowOf(n: number, options: SheetFileOptions) {
  const random = seeded(n * 7919);
  const perIssue = options.perIssue ?? 50;
  const chars = options.abstractChars ?? 600;
  const { volume, issue } = placeOf(n, perIssue, options.firstVolume);
  const authors = [1, 2, 3]
    .map((a) => `Author ${n}-${a} <author${n}.${a}@example.edu> (${PLACES[(n + a) % PLACES.length]})`)
    .join('; ');
  const fromPage = 1 + ((n - 1) % perIssue) * 10;
  return [
    `${options.prefix ?? 'B'}${n}`,
    doiOf(n, options.prefix),
    volume,
    issue,
    2000 + (volume % 25),
    issue,
    `Imported paper ${n}: ${words(random, WORDS, 6)}`,
    `بحث مستورد ${n}: ${words(random, ARABIC, 5)}`,
    text(random, WORDS, chars),
    text(random, ARABIC, chars),
    words(random, WORDS, 4).replace(/ /g, '; '),
    words(random, ARABIC, 3).replace(/ /g, '; '),
    authors,
    fromPage,
    fromPage + 9,
    options.pdfs ? pdfName(n) : '',
  ]
    .map(quote)
    .join(',');
}

/** The CSV alone (metadata only), written to `path`. */
export function writeSheetCsv(path: string, options: SheetFileOptions) {
  const fd = openSync(path, 'w');
  try {
    writeSync(fd, SHEET_HEADER.join(',') + '\n');
    let chunk: string[] = [];
    for (let n = 1; n <= options.rows; n++) {
      chunk.push(rowOf(n, options));
      if (chunk.length === 500 || n === options.rows) {
        writeSync(fd, chunk.join('\n') + '\n');
        chunk = [];
      }
    }
  } finally {
    closeSync(fd);
  }
}

/** A zip of `archive.csv` and its PDFs (`pdfs/paper-<n>.pdf`, stored), written to `path` as it is made. */
export function writeSheetZip(path: string, options: SheetFileOptions) {
  const fd = openSync(path, 'w');
  let failure: Error | null = null;
  const zip = new Zip((error, data) => {
    if (error) failure = error;
    else writeSync(fd, data);
  });
  try {
    const sheet = new ZipDeflate('archive.csv', { level: 6 });
    zip.add(sheet);
    sheet.push(new TextEncoder().encode(SHEET_HEADER.join(',') + '\n'));
    for (let n = 1; n <= options.rows; n++)
      sheet.push(new TextEncoder().encode(rowOf(n, options) + '\n'), n === options.rows);
    for (let n = 1; n <= options.rows; n++) {
      const file = new ZipPassThrough(pdfName(n));
      zip.add(file);
      file.push(pdfOf(n), true);
    }
    zip.end();
    if (failure) throw failure;
  } finally {
    closeSync(fd);
  }
}
