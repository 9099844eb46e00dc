import type { Language } from '@journals/core/enums';
import { criteriaOf, queryStringOf, type SearchCriteria } from '@journals/core/search-criteria';
import type { Database } from '../../db/client';
import {
  authorsOf,
  journalUrl,
  noticeRelation,
  paperLanguage,
  paperPdfUrl,
  paperUrl,
} from '../../domain/archive-links';
import type { Journal } from '../../domain/journal-context';
import { publishedIssue, publishedPaper } from '../../domain/published-papers';

/**
 * What the first HTML of a journal page says before any script runs (issue 21 §5): its title, description,
 * canonical link and hreflang alternates, and on a paper's page the Google Scholar `citation_*` tags. A known page
 * shape whose object is missing or in press answers 404 with a not-found head.
 */

export type PageShape =
  | { kind: 'home'; key: string; path: string }
  | { kind: 'archive'; key: string; path: string }
  | { kind: 'issue'; key: string; path: string; volume: number; issue: string }
  | { kind: 'paper'; key: string; path: string; paperId: number }
  | { kind: 'search'; key: string; path: string; criteria: SearchCriteria }
  | { kind: 'other'; key: string; path: string };

export interface PageHead {
  language: Language;
  status: 200 | 404;
  title: string;
  description: string;
  links: { rel: 'canonical' | 'alternate'; href: string; hreflang?: string }[];
  /** Further `<meta name content>` tags, in order (citation_author repeats). */
  meta: [string, string][];
}

/** The page shape of the path after the journal's slug. */
export function shapeOf(rest: string, query = ''): PageShape {
  const path = rest.replace(/\/+$/, '');
  if (path === '') return { kind: 'home', key: 'home', path: '' };
  if (path === 'archive') return { kind: 'archive', key: 'archive', path };
  const issue = /^archive\/vol-(\d{1,6})-i-(\d{1,3})$/.exec(path);
  if (issue) {
    const [volume, name] = [Number(issue[1]), String(Number(issue[2]))];
    return {
      kind: 'issue',
      key: `issue:${volume}:${name}`,
      path: `archive/vol-${volume}-i-${name}`,
      volume,
      issue: name,
    };
  }
  const paper = /^archive\/papers\/(\d{1,10})$/.exec(path);
  if (paper)
    return {
      kind: 'paper',
      key: `paper:${Number(paper[1])}`,
      path: `archive/papers/${Number(paper[1])}`,
      paperId: Number(paper[1]),
    };
  if (path === 'search' || path.startsWith('search/')) {
    // The criteria as the web app reads them (the query, or the older `/search/{words}`): the page's answer is that
    // search's, and each search its own page in the cache.
    const criteria = criteriaOf(new URLSearchParams(query), decodedOr(path.slice('search/'.length), ''));
    return { kind: 'search', key: `search:${queryStringOf(criteria).toString()}`, path: 'search', criteria };
  }
  const other = path.slice(0, 200);
  return { kind: 'other', key: `other:${other}`, path: other };
}

/** `text` URI-decoded, or `fallback` when it is not valid percent-encoding. */
function decodedOr(text: string, fallback: string) {
  try {
    return decodeURIComponent(text);
  } catch {
    return fallback;
  }
}

const TEXTS = {
  en: {
    archive: 'Archive',
    archiveAbout: 'The volumes and issues of {journal}, with every paper it has published.',
    issue: 'Volume {volume}, Issue {issue} ({month})',
    issueAbout: 'Volume {volume}, issue {issue} of {journal} ({month}): {papers}.',
    papers: '{count} papers',
    search: 'Search',
    searchAbout: 'Search the published papers of {journal} by title, author, keyword and abstract.',
    notFound: 'Page not found',
    notFoundAbout: 'This page of {journal} does not exist, or is not published yet.',
  },
  ar: {
    archive: 'الأرشيف',
    archiveAbout: 'مجلدات {journal} وأعدادها، وكل ما نشرته من أبحاث.',
    issue: 'المجلد {volume}، العدد {issue} ({month})',
    issueAbout: 'المجلد {volume}، العدد {issue} من {journal} ({month}): {papers}.',
    papers: 'عدد الأبحاث: {count}',
    search: 'البحث',
    searchAbout: 'ابحث في أبحاث {journal} المنشورة بالعنوان والمؤلف والكلمات المفتاحية والملخص.',
    notFound: 'الصفحة غير موجودة',
    notFoundAbout: 'هذه الصفحة من {journal} غير موجودة، أو لم تُنشر بعد.',
  },
} satisfies Record<Language, Record<string, string>>;

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));

/** A text in `language`, or in the other language when it has none there. */
const pick = (texts: { en: string; ar: string }, language: Language) =>
  texts[language].trim() ? texts[language] : texts[language === 'ar' ? 'en' : 'ar'];

/** "MM YYYY" as a month name and year in the page's language. */
function monthName(chronology: string, language: Language): string {
  const [month, year] = chronology.split(' ').map(Number);
  if (!month || !year || month > 12) return chronology;
  return new Intl.DateTimeFormat(language === 'ar' ? 'ar-u-nu-latn' : 'en', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, 1)));
}

const cut = (text: string, length = 300) => {
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length <= length ? plain : `${plain.slice(0, length - 1).trimEnd()}…`;
};

/** The head of a page of `journal` in `asked` (the URL's language, when the journal shows both). */
export async function pageHead(
  db: Database,
  journal: Journal,
  shape: PageShape,
  asked: Language | null,
  publicUrl: string,
): Promise<PageHead> {
  const chosen = journal.multiLanguage ? asked : null;
  const language = chosen ?? journal.defaultLanguage;
  const text = TEXTS[language];
  const journalTitle = pick({ en: journal.titleEn, ar: journal.titleAr }, language);
  const address = `${journalUrl(publicUrl, journal.slug)}${shape.path}`;
  const links: PageHead['links'] = [{ rel: 'canonical', href: chosen ? `${address}?lang=${chosen}` : address }];
  if (journal.multiLanguage) {
    links.push(
      { rel: 'alternate', hreflang: 'en', href: `${address}?lang=en` },
      { rel: 'alternate', hreflang: 'ar', href: `${address}?lang=ar` },
      { rel: 'alternate', hreflang: 'x-default', href: address },
    );
  }
  const head = (title: string, description: string, meta: [string, string][] = []): PageHead => ({
    language,
    status: 200,
    title,
    description: cut(description),
    links,
    meta,
  });
  const notFound = (): PageHead => ({
    language,
    status: 404,
    title: `${text.notFound} — ${journalTitle}`,
    description: fill(text.notFoundAbout, { journal: journalTitle }),
    links: [],
    meta: [['robots', 'noindex']],
  });

  switch (shape.kind) {
    case 'archive':
      return head(`${text.archive} — ${journalTitle}`, fill(text.archiveAbout, { journal: journalTitle }));
    case 'search':
      return head(`${text.search} — ${journalTitle}`, fill(text.searchAbout, { journal: journalTitle }));
    case 'issue': {
      const issue = await publishedIssue(db, journal.id, shape.volume, shape.issue);
      if (!issue) return notFound();
      const values = {
        volume: issue.volume,
        issue: issue.issue,
        month: monthName(issue.chronology, language),
        journal: journalTitle,
      };
      const titles = issue.papers.map((paper) => pick({ en: paper.titleEn, ar: paper.titleAr }, language));
      const papers = titles.length > 0 ? titles.join('; ') : fill(text.papers, { count: 0 });
      return head(`${fill(text.issue, values)} — ${journalTitle}`, fill(text.issueAbout, { ...values, papers }));
    }
    case 'paper': {
      const paper = await publishedPaper(db, journal.id, shape.paperId);
      if (!paper) return notFound();
      const title = pick({ en: paper.titleEn, ar: paper.titleAr }, language);
      const description = pick({ en: paper.abstractEn, ar: paper.abstractAr }, language) || title;
      return head(`${title} — ${journalTitle}`, description, citationTags(journal, paper, publicUrl));
    }
    default:
      return head(
        journalTitle,
        pick({ en: journal.welcomeMsgEn, ar: journal.welcomeMsgAr }, language) ||
          pick({ en: journal.aboutUsEn, ar: journal.aboutUsAr }, language),
      );
  }
}

type Paper = NonNullable<Awaited<ReturnType<typeof publishedPaper>>>;

/**
 * Google Scholar's tags (https://scholar.google.com/intl/en/scholar/inclusion.html#indexing), then the Dublin Core
 * ones Crossmark and harvesters read (the DOI, the notices); empty ones omitted.
 */
function citationTags(journal: Journal, paper: Paper, publicUrl: string): [string, string][] {
  const language = paperLanguage(paper, journal.defaultLanguage);
  const date = paper.publishDate ?? paper.issue.publishDate;
  const tags: [string, string | number | null | undefined][] = [
    ['citation_title', pick({ en: paper.titleEn, ar: paper.titleAr }, language)],
    ...authorsOf(paper).map((name): [string, string] => ['citation_author', name]),
    ['citation_publication_date', date?.replaceAll('-', '/')],
    ['citation_journal_title', pick({ en: journal.titleEn, ar: journal.titleAr }, language)],
    ['citation_publisher', pick({ en: journal.publisherEn, ar: journal.publisherAr }, language)],
    ['citation_issn', journal.printIssn],
    ['citation_issn', journal.onlineIssn],
    ['citation_volume', paper.issue.volume],
    ['citation_issue', paper.issue.issue],
    ['citation_firstpage', paper.fromPage],
    ['citation_lastpage', paper.toPage],
    ['citation_doi', paper.doi],
    ['citation_pdf_url', paper.finalFileId === null ? null : paperPdfUrl(publicUrl, journal.slug, paper.id)],
    ['citation_language', language],
    ['citation_keywords', paper.keywords.join('; ')],
    ['citation_abstract_html_url', paperUrl(publicUrl, journal.slug, paper.id)],
    // Crossmark finds a page's DOI in dc.identifier; each notice is a dc.relation of the paper (decision 0088).
    ['dc.identifier', paper.doi ? `doi:${paper.doi}` : null],
    ...paper.notices.map((notice): [string, string] => [
      'dc.relation',
      noticeRelation(notice, journal.slug, publicUrl),
    ]),
  ];
  return tags.flatMap(([name, value]) => {
    const content = value === null || value === undefined ? '' : String(value).trim();
    return content ? [[name, content] as [string, string]] : [];
  });
}
