import type { Language } from '@journals/core/enums';
import { orcidUrl } from '@journals/core/rules/orcid';
import { authorsWithOrcids, paperLanguage, paperPdfUrl, paperUrl } from '../../domain/archive-links';
import { type HarvestJournal, inLanguage, other } from './harvest-journal';
import { relatedArticles } from './notice-relations';
import type { ArchiveRecord } from './published-records';
import { type Element, newDocument, paragraphs, serialize, textElement, xmlText } from './xml';

/**
 * A paper's metadata as a JATS 1.3 article (Journal Publishing tag set, front matter only): journal-meta and
 * article-meta with both titles and abstracts each in its own `xml:lang`, the authors, the publication date, volume,
 * issue, first and last page, DOI, licence, the PDF and the paper's notices (`related-article`, decision 0088). The same element is the OAI-PMH `jats` record and one file
 * of the issue's JATS export.
 */

export const JATS_DOCTYPE = {
  name: 'article',
  pubID: '-//NLM//DTD JATS (Z39.96) Journal Publishing DTD v1.3 20210610//EN',
  sysID: 'https://jats.nlm.nih.gov/publishing/1.3/JATS-journalpublishing1-3.dtd',
};
export const JATS_SCHEMA = 'https://jats.nlm.nih.gov/publishing/1.3/xsd/JATS-journalpublishing1-3.xsd';
const XLINK = 'http://www.w3.org/1999/xlink';
const ALI = 'http://www.niso.org/schemas/ali/1.0/';

export { type HarvestJournal, inLanguage };

/** The article element of a record, added to `parent` (an OAI-PMH metadata element, or a new document). */
export function jatsArticle(
  parent: Element,
  journal: HarvestJournal,
  record: ArchiveRecord,
  publicUrl: string,
  namespaceReset = false,
): Element {
  const language = paperLanguage(record, journal.defaultLanguage);
  const article = parent.ele('article', {
    ...(namespaceReset ? { xmlns: '' } : {}),
    'xmlns:xlink': XLINK,
    'xmlns:ali': ALI,
    'article-type': 'research-article',
    'dtd-version': '1.3',
    'xml:lang': language,
  });
  const front = article.ele('front');
  journalMeta(front, journal, language);

  const meta = front.ele('article-meta');
  textElement(meta, 'article-id', record.paperId, { 'pub-id-type': 'publisher-id' });
  textElement(meta, 'article-id', record.doi, { 'pub-id-type': 'doi' });
  const titles = { en: record.titleEn, ar: record.titleAr };
  const titleLanguage = inLanguage(titles, language);
  const titleGroup = meta.ele('title-group');
  titleGroup.ele('article-title', { 'xml:lang': titleLanguage }).txt(xmlText(titles[titleLanguage].trim()));
  textElement(titleGroup, 'subtitle', record.subtitle);
  const translated = other(titleLanguage);
  if (titles[translated].trim()) {
    titleGroup
      .ele('trans-title-group', { 'xml:lang': translated })
      .ele('trans-title')
      .txt(xmlText(titles[translated].trim()));
  }

  const authors = authorsWithOrcids(record);
  if (authors.length > 0) {
    const group = meta.ele('contrib-group');
    authors.forEach((author, index) => {
      const contrib = group.ele('contrib', { 'contrib-type': 'author', ...(index === 0 ? { corresp: 'yes' } : {}) });
      // JATS 1.3: <contrib-id> comes before the name; ORCID's URL form, authenticated as ORCID asks (decision 0085).
      if (author.orcid) {
        contrib
          .ele('contrib-id', { 'contrib-id-type': 'orcid', authenticated: String(author.orcidAuthenticated) })
          .txt(orcidUrl(author.orcid));
      }
      contrib.ele('string-name').txt(xmlText(author.name));
    });
  }

  const date = record.publishDate ?? record.issueDate;
  if (date) {
    const [year, month, day] = date.split('-');
    const pubDate = meta.ele('pub-date', {
      'publication-format': 'electronic',
      'date-type': 'pub',
      'iso-8601-date': date,
    });
    pubDate.ele('day').txt(day!).up().ele('month').txt(month!).up().ele('year').txt(year!);
  }
  textElement(meta, 'volume', record.volume);
  textElement(meta, 'issue', record.issue);
  textElement(meta, 'fpage', record.fromPage);
  textElement(meta, 'lpage', record.toPage);
  if (journal.licenseUrl) {
    const permissions = meta.ele('permissions');
    permissions.ele('ali:free_to_read').up();
    permissions
      .ele('license', { 'xlink:href': journal.licenseUrl })
      .ele('ali:license_ref')
      .txt(xmlText(journal.licenseUrl));
  }
  if (record.finalFileId !== null) {
    meta.ele('self-uri', {
      'xlink:href': paperPdfUrl(publicUrl, journal.slug, record.paperId),
      'content-type': 'application/pdf',
    });
  }
  meta.ele('self-uri', {
    'xlink:href': paperUrl(publicUrl, journal.slug, record.paperId),
    'content-type': 'text/html',
  });
  relatedArticles(meta, journal, record.notices, publicUrl);

  const abstracts = { en: record.abstractEn, ar: record.abstractAr };
  const abstractLanguage = inLanguage(abstracts, titleLanguage);
  abstractElement(meta, 'abstract', abstractLanguage, abstracts[abstractLanguage]);
  abstractElement(meta, 'trans-abstract', other(abstractLanguage), abstracts[other(abstractLanguage)]);
  const keywords = record.keywords.map((word) => xmlText(word).trim()).filter(Boolean);
  if (keywords.length > 0) {
    const group = meta.ele('kwd-group', { 'kwd-group-type': 'author' });
    for (const word of keywords) group.ele('kwd').txt(word);
  }
  return article;
}

function journalMeta(front: Element, journal: HarvestJournal, language: Language) {
  const meta = front.ele('journal-meta');
  meta.ele('journal-id', { 'journal-id-type': 'publisher-id' }).txt(xmlText(journal.slug));
  const titles = { en: journal.titleEn, ar: journal.titleAr };
  const titleLanguage = inLanguage(titles, language);
  const group = meta.ele('journal-title-group');
  group.ele('journal-title', { 'xml:lang': titleLanguage }).txt(xmlText(titles[titleLanguage].trim()));
  const translated = other(titleLanguage);
  if (titles[translated].trim()) {
    group
      .ele('trans-title-group', { 'xml:lang': translated })
      .ele('trans-title')
      .txt(xmlText(titles[translated].trim()));
  }
  textElement(meta, 'issn', journal.printIssn, { 'publication-format': 'print' });
  textElement(meta, 'issn', journal.onlineIssn, { 'publication-format': 'electronic' });
  const publishers = { en: journal.publisherEn, ar: journal.publisherAr };
  const publisherLanguage = inLanguage(publishers, language);
  if (publishers[publisherLanguage].trim()) {
    meta
      .ele('publisher')
      .ele('publisher-name', { 'xml:lang': publisherLanguage })
      .txt(xmlText(publishers[publisherLanguage].trim()));
  }
}

function abstractElement(meta: Element, name: string, language: Language, text: string) {
  const parts = paragraphs(text);
  if (parts.length === 0) return;
  const abstract = meta.ele(name, { 'xml:lang': language });
  for (const part of parts) abstract.ele('p').txt(part);
}

/** One paper as a JATS document of its own (an XML declaration and the JATS 1.3 doctype). */
export function jatsDocument(journal: HarvestJournal, record: ArchiveRecord, publicUrl: string): string {
  const document = newDocument().dtd(JATS_DOCTYPE);
  jatsArticle(document, journal, record, publicUrl);
  return serialize(document, true);
}
