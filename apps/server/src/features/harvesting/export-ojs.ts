import { orcidUrl } from '@journals/core/rules/orcid';
import type { Readable } from 'node:stream';
import { paperLanguage } from '../../domain/archive-links';
import type { ExportIssue, ExportPaper } from './export-archive';
import type { ExportSink } from './export-sink';
import type { HarvestJournal } from './jats';
import { xmlText } from './xml';

/**
 * The journal's archive as OJS 3.3 Native XML (decision 0082): one `<issues>` document, each issue with its
 * identification, its date, one section and its articles in their order; each article one publication with its
 * titles, subtitle, abstracts and keywords in `en_US` and `ar`, its authors, DOI, pages and date, and its PDF as a
 * galley whose file is embedded in base64. Written to the sink a piece at a time: an embedded PDF is read from the
 * storage and encoded as it comes, so the export is never in memory whole.
 */

export const OJS_LOCALE = { en: 'en_US', ar: 'ar' } as const;
const SECTION = 'ART';
const ARABIC = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/;

const escaped = (text: string) =>
  xmlText(text).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

const attributes = (values: Record<string, string | number>) =>
  Object.entries(values)
    .map(([name, value]) => ` ${name}="${escaped(String(value))}"`)
    .join('');

const element = (name: string, text: string, attrs: Record<string, string | number> = {}) =>
  text.trim() ? `<${name}${attributes(attrs)}>${escaped(text.trim())}</${name}>` : '';

const scriptOf = (text: string): 'en' | 'ar' => (ARABIC.test(text) ? 'ar' : 'en');

/**
 * The archive keeps keywords in one list: they are given in the locale of their script when that keeps their order
 * (the English ones first, then the Arabic ones, as papers have them); otherwise all in the article's locale, so
 * that the list an import reads back is the same list in the same order.
 */
export function keywordsByLocale(keywords: string[], language: 'en' | 'ar') {
  const words = keywords.map((word) => word.trim()).filter(Boolean);
  const en = words.filter((word) => scriptOf(word) === 'en');
  const ar = words.filter((word) => scriptOf(word) === 'ar');
  if ([...en, ...ar].join('\u0000') === words.join('\u0000')) return { en, ar };
  return language === 'en' ? { en: words, ar: [] } : { en: [], ar: words };
}

function yearOf(issue: ExportIssue) {
  return issue.publishDate?.slice(0, 4) ?? issue.publishMonth.slice(-4);
}

export function ojsHead(): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<issues xmlns="http://pkp.sfu.ca" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
    'xsi:schemaLocation="http://pkp.sfu.ca native.xsd">\n'
  );
}

export const ojsTail = () => '</issues>\n';

export function ojsIssueHead(journal: HarvestJournal, issue: ExportIssue): string {
  const published = issue.status === 1 ? 1 : 0;
  const titles = [
    element('title', 'Articles', { locale: OJS_LOCALE.en }),
    element('title', 'المقالات', { locale: OJS_LOCALE.ar }),
  ].join('');
  return (
    `<issue${attributes({ published, current: 0, access_status: 1, url_path: '' })}>\n` +
    `<id type="internal" advice="ignore">${issue.id}</id>\n` +
    `<issue_identification><volume>${issue.volume}</volume><number>${escaped(issue.issue)}</number>` +
    `<year>${escaped(yearOf(issue))}</year></issue_identification>\n` +
    (issue.publishDate ? `<date_published>${issue.publishDate}</date_published>\n` : '') +
    `<last_modified>${issue.modifiedAt.toISOString().slice(0, 10)}</last_modified>\n` +
    `<sections><section${attributes({ ref: SECTION, seq: 1, editor_restricted: 0, meta_indexed: 1, meta_reviewed: 1, abstracts_not_required: 0, hide_title: 0, hide_author: 0, abstract_word_count: 0 })}>` +
    `<id type="internal" advice="ignore">1</id><abbrev locale="${OJS_LOCALE.en}">${SECTION}</abbrev>${titles}</section></sections>\n` +
    `<articles>\n` +
    `<!-- ${escaped(journal.titleEn || journal.titleAr).replace(/--/g, '—')} -->\n`
  );
}

export const ojsIssueTail = () => '</articles>\n</issue>\n';

/** One article; its PDF, if any, is read from `pdf` and embedded as it comes. */
export async function writeOjsArticle(
  sink: ExportSink,
  journal: HarvestJournal,
  paper: ExportPaper,
  pdf: Readable | null,
) {
  const { record } = paper;
  const language = paperLanguage(record, journal.defaultLanguage);
  const locale = OJS_LOCALE[language];
  const id = record.paperId;
  const date = record.publishDate ?? record.issueDate;
  const fileId = record.finalFileId;
  const dateAttribute: Record<string, string> = date ? { date_published: date } : {};
  sink.push(
    `<article${attributes({ locale, date_submitted: date ?? '', status: 3, submission_progress: 0, current_publication_id: id, stage: 'production' })}>\n` +
      `<id type="internal" advice="ignore">${id}</id>\n`,
  );
  if (pdf && paper.file && fileId !== null) {
    const name = paper.file.name || `paper-${id}.pdf`;
    sink.push(
      `<submission_file${attributes({ id: fileId, file_id: fileId, stage: 'proof', genre: 'Article Text', viewable: 'false' })}>` +
        `${element('name', name, { locale })}` +
        `<file${attributes({ id: fileId, filesize: paper.file.size, extension: 'pdf' })}><embed encoding="base64">`,
    );
    await embed(sink, pdf);
    sink.push('</embed></file></submission_file>\n');
  }
  const authors = paper.authors
    .map(
      (author, index) =>
        `<author${attributes({ include_in_browse: 'true', user_group_ref: 'Author', seq: index, id: id * 100 + index })}>` +
        `${element('givenname', author.name, { locale })}` +
        `${element('affiliation', author.affiliation, { locale })}` +
        `<email>${escaped(author.email)}</email>` +
        // OJS's native.xsd: <orcid> follows <email> (and <url>), as the iD's URL (decision 0085).
        `${author.orcid ? `<orcid>${escaped(orcidUrl(author.orcid))}</orcid>` : ''}</author>`,
    )
    .join('\n');
  const keywords = keywordsByLocale(record.keywords, language);
  const keywordGroups = (['en', 'ar'] as const)
    .filter((each) => keywords[each].length > 0)
    .map(
      (each) =>
        `<keywords locale="${OJS_LOCALE[each]}">${keywords[each].map((word) => element('keyword', word)).join('')}</keywords>`,
    )
    .join('');
  const pages =
    record.fromPage === null ? '' : `${record.fromPage}${record.toPage === null ? '' : `-${record.toPage}`}`;
  sink.push(
    `<publication${attributes({
      locale,
      version: 1,
      status: 3,
      primary_contact_id:
        id * 100 +
        Math.max(
          0,
          paper.authors.findIndex((author) => author.corresponding),
        ),
      url_path: '',
      seq: 0,
      ...dateAttribute,
      section_ref: SECTION,
      access_status: 0,
    })}>\n` +
      `<id type="internal" advice="ignore">${id}</id>\n` +
      element('id', record.doi ?? '', { type: 'doi', advice: 'update' }) +
      element('title', record.titleEn, { locale: OJS_LOCALE.en }) +
      element('title', record.titleAr, { locale: OJS_LOCALE.ar }) +
      element('subtitle', record.subtitle, { locale: OJS_LOCALE[scriptOf(record.subtitle)] }) +
      element('abstract', record.abstractEn, { locale: OJS_LOCALE.en }) +
      element('abstract', record.abstractAr, { locale: OJS_LOCALE.ar }) +
      keywordGroups +
      `\n<authors>\n${authors}\n</authors>\n` +
      (fileId !== null && pdf
        ? `<article_galley${attributes({ locale, approved: 'false' })}><id type="internal" advice="ignore">${fileId}</id>` +
          `${element('name', 'PDF', { locale })}<seq>0</seq><submission_file_ref id="${fileId}"/></article_galley>\n`
        : '') +
      element('pages', pages) +
      `\n</publication>\n</article>\n`,
  );
  await sink.ready();
}

/** A file's bytes as base64, in lines of 76 characters, three bytes at a time across the chunks. */
async function embed(sink: ExportSink, source: Readable) {
  let carry = Buffer.alloc(0);
  for await (const chunk of source as AsyncIterable<Buffer>) {
    const bytes = carry.length ? Buffer.concat([carry, chunk]) : chunk;
    const whole = bytes.length - (bytes.length % 57);
    if (whole > 0) sink.push(lines(bytes.subarray(0, whole)));
    carry = Buffer.from(bytes.subarray(whole));
    await sink.ready();
  }
  if (carry.length) sink.push(lines(carry));
}

const lines = (bytes: Buffer) => {
  const text = bytes.toString('base64');
  let out = '';
  for (let at = 0; at < text.length; at += 76) out += `\n${text.slice(at, at + 76)}`;
  return out;
};
