import { createHash } from 'node:crypto';
import type { MessageKey } from '@journals/core/i18n/index';
import { IMPORT_READ_LIMITS } from '@journals/core/limits';
import type { ImportedAuthor, ImportedIssue, ImportedRecord, Localized, Place } from './model';
import {
  affiliationOf,
  bareDoi,
  bareOrcid,
  child,
  children,
  dayOf,
  emailOf,
  fullName,
  idOf,
  languageOf,
  localized,
  textOf,
} from './ojs-fields';
import { readGalley, removeFiles, type BesideFile } from './ojs-galley';
import { readIssueIdentification, sectionTitle, type IssueReading } from './ojs-issue';
import type { XmlElement } from './ojs-xml-stream';

/**
 * One OJS `<article>` as a paper of ours (decision 0077's table). Since OJS 3.2 an article holds its files and its
 * publications (versions); the one read is the current publication (`current_publication_id`), else the last. An
 * OJS 3.0/3.1 article is its own publication. Abstracts stay the HTML OJS gave (the engine sanitises).
 */
export interface ArticleContext {
  place: Place;
  /** The issue read from the `<issue>` the article is in; null in an `<articles>` export (the article names it). */
  issue: IssueReading | null;
  issueElement: XmlElement | undefined;
  /** Its place in its issue's `<articles>` (1…n), or null in an `<articles>` export. */
  orderInIssue: number | null;
  beside: BesideFile | null;
}

function currentPublication(article: XmlElement): XmlElement {
  const publications = children(article, 'publication');
  const current = article.attrs.current_publication_id;
  return (
    publications.find((publication) => idOf(publication, 'internal') === current) ?? publications.at(-1) ?? article
  );
}

function keywordsOf(publication: XmlElement, locale: string) {
  const result: { en: string[]; ar: string[] } = { en: [], ar: [] };
  for (const group of children(publication, 'keywords')) {
    const language = languageOf(group.attrs.locale ?? locale);
    if (!language) continue;
    for (const keyword of children(group, 'keyword')) {
      // OJS 3.5 writes <keyword><name>…</name></keyword>; before, the keyword is the text.
      const value = textOf(child(keyword, 'name')) || textOf(keyword);
      if (value && !result[language].includes(value)) result[language].push(value);
    }
  }
  return result;
}

function authorsOf(publication: XmlElement, locale: string): ImportedAuthor[] {
  const primary = publication.attrs.primary_contact_id;
  const authors = children(child(publication, 'authors'), 'author').map((author) => ({
    name: fullName(
      localized(author, 'givenname', locale, { anyLocale: true }),
      localized(author, 'familyname', locale, { anyLocale: true }),
    ),
    email: emailOf(textOf(child(author, 'email'))),
    affiliation: affiliationOf(author, locale),
    orcid: bareOrcid(textOf(child(author, 'orcid'))),
    corresponding: author.attrs.primary_contact === 'true' || (!!primary && author.attrs.id === primary),
  }));
  const first = authors[0];
  if (first && !authors.some((author) => author.corresponding)) first.corresponding = true;
  return authors;
}

/** Pages as OJS writes them ("12-30", "12–30", "7"): the first and last numbers, or null where they are not numbers. */
function pagesOf(value: string): { fromPage: number | null; toPage: number | null } {
  const match = /^(\d{1,6})\s*(?:[-–—]\s*(\d{1,6}))?$/.exec(value.trim());
  if (!match) return { fromPage: null, toPage: null };
  const fromPage = Number(match[1]);
  return { fromPage, toPage: match[2] ? Number(match[2]) : fromPage };
}

function titleOf(publication: XmlElement, locale: string): Localized {
  const title = localized(publication, 'title', locale);
  const prefix = localized(publication, 'prefix', locale);
  return {
    en: [prefix.en, title.en].filter(Boolean).join(' '),
    ar: [prefix.ar, title.ar].filter(Boolean).join(' '),
  };
}

/** The source's own identifier: its submission id, else its DOI, else its issue and title. */
function sourceIdOf(id: string, doi: string | null, issue: ImportedIssue, title: Localized) {
  if (id) return `ojs:${id}`;
  if (doi) return `ojs:doi:${doi}`;
  const digest = createHash('sha1').update(`${title.en}|${title.ar}`).digest('hex').slice(0, 16);
  return `ojs:${issue.volume}-${issue.number}-${digest}`;
}

export async function readArticle(article: XmlElement, context: ArticleContext): Promise<ImportedRecord> {
  const publication = currentPublication(article);
  const locale = publication.attrs.locale ?? article.attrs.locale ?? 'en';
  const refuse = async (reason: MessageKey, values?: Record<string, string | number>): Promise<ImportedRecord> => {
    await removeFiles(article);
    return { kind: 'refused', place: context.place, reason, ...(values ? { values } : {}) };
  };
  if (article.overflow) return refuse('importOjs.recordTooLarge', { max: IMPORT_READ_LIMITS.recordElements });
  const identification = child(publication, 'issue_identification') ?? child(article, 'issue_identification');
  const issue = context.issue ?? readIssueIdentification(identification, '', null, locale);
  if (!issue.ok) return refuse(issue.reason, issue.values);
  const title = titleOf(publication, locale);
  if (!title.en && !title.ar) return refuse('importOjs.noTitle');
  const dateText = publication.attrs.date_published ?? article.attrs.date_published ?? '';
  const publishDate = dayOf(dateText) ?? null;
  if (dateText.trim() && !publishDate) return refuse('importOjs.badDate', { value: dateText });
  const galley = await readGalley(article, publication, context.beside);
  if ('refused' in galley) return refuse(galley.refused.reason, galley.refused.values);
  const doi = bareDoi(idOf(publication, 'doi') || idOf(article, 'doi'));
  const sectionRef = publication.attrs.section_ref ?? article.attrs.section_ref ?? '';
  return {
    kind: 'paper',
    place: context.place,
    sourceId: sourceIdOf(idOf(article, 'internal'), doi, issue.issue, title),
    doi,
    issue: issue.issue,
    section: sectionTitle(context.issueElement, sectionRef, locale) ?? { en: sectionRef, ar: '' },
    title,
    subtitle: localized(publication, 'subtitle', locale),
    abstract: localized(publication, 'abstract', locale, { raw: true }),
    keywords: keywordsOf(publication, locale),
    authors: authorsOf(publication, locale),
    ...pagesOf(textOf(child(publication, 'pages') ?? child(article, 'pages'))),
    orderInIssue: context.orderInIssue,
    publishDate,
    galley: galley.galley,
  };
}
