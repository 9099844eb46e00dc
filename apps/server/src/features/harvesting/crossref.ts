import type { Language } from '@journals/core/enums';
import { orcidUrl } from '@journals/core/rules/orcid';
import { authorsWithOrcids, paperLanguage, paperUrl } from '../../domain/archive-links';
import { type HarvestJournal, inLanguage } from './jats';
import { noticeArticles } from './notice-relations';
import type { ArchiveRecord } from './published-records';
import { type Element, newDocument, paragraphs, serialize, textElement, xmlText } from './xml';

/**
 * An issue as a Crossref 5.3.1 deposit (`doi_batch`): the head names the batch, its time, the depositor and the
 * registrant; the body is the journal (titles, ISSNs), the issue (date, volume, number) and a journal_article per
 * paper with a DOI (titles in both languages, authors, abstracts, date, pages, licence, DOI and landing page).
 * Each notice of a paper with a DOI follows it as a record of its own with its Crossmark update relation
 * (decision 0088). Papers without a DOI have nothing to register and are left out; the caller refuses an issue where none has one.
 */

const CROSSREF = 'http://www.crossref.org/schema/5.3.1';
const SCHEMA_LOCATION = `${CROSSREF} https://www.crossref.org/schemas/crossref5.3.1.xsd`;

export interface Deposit {
  xml: string;
  batchId: string;
  /** The papers in the deposit, and those left out for want of a DOI. */
  deposited: number[];
  withoutDoi: number[];
}

export function crossrefDeposit(
  journal: HarvestJournal,
  issue: { volume: number; issue: string; publishDate: string | null },
  records: ArchiveRecord[],
  publicUrl: string,
  now: Date,
  /** The batch's name when the caller has its own (a deposit of one paper names the paper); else the issue's. */
  named?: string,
): Deposit {
  const timestamp = now.toISOString().replace(/\D/g, '').slice(0, 17);
  const batchId = named ?? `${journal.slug}-v${issue.volume}-i${issue.issue}-${timestamp}`;
  const document = newDocument();
  const batch = document.ele('doi_batch', {
    xmlns: CROSSREF,
    'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
    'xmlns:jats': 'http://www.ncbi.nlm.nih.gov/JATS1',
    'xmlns:ai': 'http://www.crossref.org/AccessIndicators.xsd',
    version: '5.3.1',
    'xsi:schemaLocation': SCHEMA_LOCATION,
  });
  const head = batch.ele('head');
  head.ele('doi_batch_id').txt(batchId);
  head.ele('timestamp').txt(timestamp);
  const depositor = head.ele('depositor');
  depositor.ele('depositor_name').txt(xmlText(journal.depositorName.trim()));
  depositor.ele('email_address').txt(xmlText(journal.depositorEmail.trim()));
  head.ele('registrant').txt(xmlText(registrantOf(journal)));

  const body = batch.ele('body').ele('journal');
  const metadata = body.ele('journal_metadata', { language: journal.defaultLanguage });
  const titles = { en: journal.titleEn, ar: journal.titleAr };
  const first = inLanguage(titles, journal.defaultLanguage);
  for (const language of [first, first === 'en' ? 'ar' : 'en'] as Language[]) {
    textElement(metadata, 'full_title', titles[language]);
  }
  textElement(metadata, 'issn', journal.printIssn, { media_type: 'print' });
  textElement(metadata, 'issn', journal.onlineIssn, { media_type: 'electronic' });

  const journalIssue = body.ele('journal_issue');
  publicationDate(journalIssue, issue.publishDate);
  journalIssue.ele('journal_volume').ele('volume').txt(String(issue.volume));
  journalIssue.ele('issue').txt(xmlText(issue.issue));

  const deposited: number[] = [];
  const withoutDoi: number[] = [];
  for (const record of records) {
    if (!record.doi) {
      withoutDoi.push(record.paperId);
      continue;
    }
    deposited.push(record.paperId);
    journalArticle(body, journal, record, publicUrl, issue.publishDate);
    noticeArticles(body, journal, record, paperLanguage(record, journal.defaultLanguage), publicUrl);
  }
  return { xml: serialize(document, true), batchId, deposited, withoutDoi };
}

/** Who registers the DOIs: the publisher, or the journal when it names none. */
export const registrantOf = (journal: HarvestJournal) =>
  (journal.publisherEn || journal.publisherAr || journal.titleEn || journal.titleAr).trim();

function journalArticle(
  body: Element,
  journal: HarvestJournal,
  record: ArchiveRecord,
  publicUrl: string,
  issueDate: string | null,
) {
  const language = paperLanguage(record, journal.defaultLanguage);
  const article = body.ele('journal_article', { publication_type: 'full_text', language });
  const titles = { en: record.titleEn, ar: record.titleAr };
  const titleLanguage = inLanguage(titles, language);
  const translated: Language = titleLanguage === 'en' ? 'ar' : 'en';
  const titleGroup = article.ele('titles');
  titleGroup.ele('title').txt(xmlText(titles[titleLanguage].trim()));
  textElement(titleGroup, 'subtitle', record.subtitle);
  textElement(titleGroup, 'original_language_title', titles[translated], { language: translated });

  const authors = authorsWithOrcids(record);
  if (authors.length > 0) {
    const contributors = article.ele('contributors');
    authors.forEach((author, index) => {
      const person = contributors.ele('person_name', {
        sequence: index === 0 ? 'first' : 'additional',
        contributor_role: 'author',
      });
      const { given, surname } = nameParts(author.name);
      textElement(person, 'given_name', given);
      person.ele('surname').txt(xmlText(surname));
      // Crossref 5.3.1: ORCID follows the name (and affiliations) inside person_name, as its URL (decision 0085).
      if (author.orcid) {
        person.ele('ORCID', { authenticated: String(author.orcidAuthenticated) }).txt(orcidUrl(author.orcid));
      }
    });
  }
  for (const [lang, text] of [
    [titleLanguage, titleLanguage === 'en' ? record.abstractEn : record.abstractAr],
    [translated, translated === 'en' ? record.abstractEn : record.abstractAr],
  ] as const) {
    const parts = paragraphs(text);
    if (parts.length === 0) continue;
    const abstract = article.ele('jats:abstract', { 'xml:lang': lang });
    for (const part of parts) abstract.ele('jats:p').txt(part);
  }
  publicationDate(article, record.publishDate ?? issueDate);
  if (record.fromPage !== null) {
    const pages = article.ele('pages');
    pages.ele('first_page').txt(String(record.fromPage));
    textElement(pages, 'last_page', record.toPage);
  }
  if (journal.licenseUrl) {
    article.ele('ai:program', { name: 'AccessIndicators' }).ele('ai:license_ref').txt(xmlText(journal.licenseUrl));
  }
  const doiData = article.ele('doi_data');
  doiData.ele('doi').txt(xmlText(record.doi!));
  doiData.ele('resource').txt(paperUrl(publicUrl, journal.slug, record.paperId));
}

function publicationDate(parent: Element, date: string | null) {
  if (!date) return;
  const [year, month, day] = date.split('-');
  const element = parent.ele('publication_date', { media_type: 'online' });
  element.ele('month').txt(month!).up().ele('day').txt(day!).up().ele('year').txt(year!);
}

/** A name typed in one field, as Crossref wants it: the last word the surname, the words before it given names. */
export function nameParts(name: string): { given: string; surname: string } {
  const words = name.trim().split(/\s+/);
  if (words.length < 2) return { given: '', surname: words[0] ?? '' };
  return { given: words.slice(0, -1).join(' '), surname: words.at(-1)! };
}
