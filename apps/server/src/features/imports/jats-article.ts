import { articleDates } from './jats-dates';
import { authorsOf } from './jats-contribs';
import {
  childNamed,
  childrenNamed,
  descendantsNamed,
  elementsOf,
  type Language,
  languageOf,
  textOf,
  type XmlNode,
} from './jats-node';
import type { JatsArticle } from './jats-xml';
import type { ImportedPaper, Localized, Place, RefusedRecord } from './model';

/**
 * One JATS article's front matter as an imported paper (decision 0078). The article's language is its `xml:lang`
 * (English when it gives none): its <article-title> is in that language unless it says otherwise, each
 * <trans-title-group>, <trans-abstract> and <kwd-group> in its own. Titles, abstracts and keywords in a language
 * other than English and Arabic are left out. The PDF is found by the reader (jats-reader.ts) from `pdfHref`.
 */

export type JatsPaper = Omit<ImportedPaper, 'galley'> & {
  /** A relative <self-uri> to the article's PDF, as written, or null. */
  pdfHref: string | null;
};

const empty = (): Localized => ({ en: '', ar: '' });

function put(into: Localized, lang: string, text: string) {
  const language: Language | null = languageOf(lang);
  if (language && text && !into[language]) into[language] = text;
}

/** An abstract's paragraphs (and its sections' titles) as plain text, a blank line between them. */
function abstractText(abstract: XmlNode): string {
  const blocks = elementsOf(abstract).flatMap((child): string[] => {
    if (child.name === 'sec') return [abstractText(child)];
    if (child.name === 'title' || child.name === 'p') return [textOf(child)];
    return [];
  });
  return (blocks.length > 0 ? blocks : [textOf(abstract)]).filter(Boolean).join('\n\n');
}

function titlesOf(meta: XmlNode) {
  const title = empty();
  const subtitle = empty();
  const group = childNamed(meta, 'title-group');
  if (group) {
    for (const main of childrenNamed(group, 'article-title')) put(title, main.lang, textOf(main));
    for (const sub of childrenNamed(group, 'subtitle')) put(subtitle, sub.lang, textOf(sub));
    for (const translated of childrenNamed(group, 'trans-title-group')) {
      for (const trans of childrenNamed(translated, 'trans-title')) put(title, trans.lang, textOf(trans));
      for (const sub of childrenNamed(translated, 'trans-subtitle')) put(subtitle, sub.lang, textOf(sub));
    }
  }
  return { title, subtitle };
}

function abstractsOf(meta: XmlNode) {
  const abstract = empty();
  const main = childrenNamed(meta, 'abstract');
  // A graphical abstract, a teaser or a plain-language summary is not the abstract.
  const ordinary = main.filter((element) => !element.attributes['abstract-type']);
  for (const element of [...ordinary, ...main, ...childrenNamed(meta, 'trans-abstract')])
    put(abstract, element.lang, abstractText(element));
  return abstract;
}

function keywordsOf(meta: XmlNode) {
  const keywords: { en: string[]; ar: string[] } = { en: [], ar: [] };
  for (const group of childrenNamed(meta, 'kwd-group')) {
    const language = languageOf(group.lang);
    if (!language) continue;
    for (const kwd of childrenNamed(group, 'kwd')) {
      const word = textOf(kwd);
      if (word && !keywords[language].includes(word)) keywords[language].push(word);
    }
  }
  return keywords;
}

/** The heading the article is published under (<subj-group subj-group-type="heading">, else the first subject). */
function sectionOf(meta: XmlNode) {
  const section = empty();
  const groups = descendantsNamed(childNamed(meta, 'article-categories') ?? meta, 'subj-group');
  const headings = groups.filter((group) => group.attributes['subj-group-type'] === 'heading');
  for (const group of headings.length > 0 ? headings : groups)
    put(section, group.lang, textOf(childNamed(group, 'subject')));
  return section;
}

/** The issue's title: <issue-title> in the article-meta (JATS 1.1) or in its <issue-title-group> (1.2 on). */
function issueTitleOf(meta: XmlNode) {
  const title = empty();
  const group = childNamed(meta, 'issue-title-group');
  const titles = [...childrenNamed(meta, 'issue-title'), ...(group ? childrenNamed(group, 'issue-title') : [])];
  for (const element of titles) put(title, element.lang, textOf(element));
  for (const translated of group ? childrenNamed(group, 'issue-trans-title-group') : [])
    for (const element of childrenNamed(translated, 'issue-trans-title')) put(title, element.lang, textOf(element));
  return title;
}

const pageOf = (text: string) => (/^\d{1,9}$/.test(text) ? Number(text) : null);

/** A bare DOI ("10.1234/abc") from what an article-id holds ("https://doi.org/10.1234/abc", "doi:10.1234/abc"). */
export function bareDoi(text: string): string | null {
  const doi = text.trim().replace(/^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:\s*)/i, '');
  return /^10\.\d{4,9}\/\S+$/.test(doi) ? doi : null;
}

function idsOf(meta: XmlNode) {
  const ids = childrenNamed(meta, 'article-id').map((id) => ({
    type: (id.attributes['pub-id-type'] ?? '').toLowerCase(),
    value: textOf(id),
  }));
  const doi =
    ids
      .filter((id) => id.type === 'doi')
      .map((id) => bareDoi(id.value))
      .find(Boolean) ?? null;
  const own =
    ids.find((id) => id.type === 'publisher-id' && id.value) ?? ids.find((id) => id.type !== 'doi' && id.value);
  return {
    doi,
    sourceId: own ? `jats:${own.type === 'publisher-id' ? '' : `${own.type || 'id'}:`}${own.value}` : null,
  };
}

/** A <self-uri> naming a PDF by a relative path (an absolute address is a web page, never fetched here). */
function pdfHrefOf(meta: XmlNode) {
  for (const uri of childrenNamed(meta, 'self-uri')) {
    const href = (uri.attributes['xlink:href'] ?? '').trim();
    const isPdf = uri.attributes['content-type'] === 'application/pdf' || /\.pdf$/i.test(href);
    if (isPdf && href && !/^[a-z][a-z0-9+.-]*:/i.test(href) && !href.startsWith('/')) return href;
  }
  return null;
}

function refused(place: Place, reason: RefusedRecord['reason']): RefusedRecord {
  return { kind: 'refused', place, reason };
}

/** The paper of one article, or why it cannot be one. `fileId` identifies it when it has no article-id. */
export function paperOf(found: JatsArticle, place: Place, fileId: string): JatsPaper | RefusedRecord {
  if (found.tooLarge) return refused(place, 'importJats.frontTooLarge');
  const meta = childNamed(childNamed(found.article, 'front'), 'article-meta');
  if (!meta) return refused(place, 'importJats.noTitle');
  const { title, subtitle } = titlesOf(meta);
  if (!title.en && !title.ar) return refused(place, 'importJats.noTitle');
  const volume = /\d+/.exec(textOf(childNamed(meta, 'volume')))?.[0];
  const issueNumber = textOf(childNamed(meta, 'issue'));
  if (!volume || !issueNumber) return refused(place, 'importJats.noIssue');
  const dates = articleDates(meta);
  if (!dates.issue) return refused(place, 'importJats.noYear');
  const { doi, sourceId } = idsOf(meta);
  return {
    kind: 'paper',
    place,
    sourceId: sourceId ?? `jats:file:${fileId}`,
    doi,
    issue: {
      volume: Number(volume),
      number: issueNumber,
      year: dates.issue.year,
      month: dates.issue.month,
      publishDate: dates.issue.publishDate,
      title: issueTitleOf(meta),
      sourceId: null,
    },
    section: sectionOf(meta),
    title,
    subtitle,
    abstract: abstractsOf(meta),
    keywords: keywordsOf(meta),
    authors: authorsOf(meta),
    fromPage: pageOf(textOf(childNamed(meta, 'fpage'))),
    toPage: pageOf(textOf(childNamed(meta, 'lpage'))),
    orderInIssue: null,
    publishDate: dates.publishDate,
    pdfHref: pdfHrefOf(meta),
  };
}
