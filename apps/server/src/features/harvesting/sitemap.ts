import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { journals } from '../../db/schema';
import { archiveUrl, issueUrl, journalUrl, noticeUrl, paperUrl } from '../../domain/archive-links';
import type { Journal } from '../../domain/journal-context';
import { publishedIssues, publishedPaperStamps } from './published-records';
import { newDocument, serialize, utcSeconds } from './xml';

/**
 * What tells indexers where the archive is: a sitemap per journal (its home, archive, every published issue and
 * paper and its notices' pages, each with its last change; a sitemap index of parts past 50,000 addresses, as sitemaps.org limits a file)
 * and the site's robots.txt, which names every journal's sitemap and lets the final PDFs be fetched.
 */

export const SITEMAP_LIMIT = 50_000;
const SITEMAPS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

interface Address {
  loc: string;
  lastmod?: Date;
}

/** The journal's addresses, in the order of the sitemap: two statements. */
export async function journalAddresses(db: Database, journal: Journal, publicUrl: string): Promise<Address[]> {
  const [issues, papers] = await Promise.all([publishedIssues(db, journal.id), publishedPaperStamps(db, journal.id)]);
  const newest = issues.reduce<Date | undefined>(
    (latest, issue) => (!latest || issue.lastModified > latest ? issue.lastModified : latest),
    undefined,
  );
  return [
    { loc: journalUrl(publicUrl, journal.slug), lastmod: newest },
    { loc: archiveUrl(publicUrl, journal.slug), lastmod: newest },
    ...issues.map((issue) => ({
      loc: issueUrl(publicUrl, journal.slug, issue.volume, issue.issue),
      lastmod: issue.lastModified,
    })),
    ...papers.flatMap((paper) => [
      { loc: paperUrl(publicUrl, journal.slug, paper.paperId), lastmod: laterOf(paper.datestamp, paper.latestNotice) },
      // Its notices' own pages (decision 0088), each as it was published.
      ...paper.notices.map((notice) => ({
        loc: noticeUrl(publicUrl, journal.slug, notice.id),
        lastmod: new Date(notice.at),
      })),
    ]),
  ];
}

/**
 * The sitemap of `/{slug}/sitemap.xml`: the addresses themselves, or past `limit` a sitemap index naming its parts
 * (`?part=1`, `?part=2`, …); a part beyond the last is null (404).
 */
export function sitemapXml(addresses: Address[], sitemapUrl: string, part: number | undefined, limit = SITEMAP_LIMIT) {
  const parts = Math.max(1, Math.ceil(addresses.length / limit));
  const document = newDocument();
  if (part === undefined && parts > 1) {
    const index = document.ele('sitemapindex', { xmlns: SITEMAPS });
    for (let n = 1; n <= parts; n++) {
      const chunk = addresses.slice((n - 1) * limit, n * limit);
      const sitemap = index.ele('sitemap');
      sitemap.ele('loc').txt(`${sitemapUrl}?part=${n}`);
      const lastmod = latest(chunk);
      if (lastmod) sitemap.ele('lastmod').txt(utcSeconds(lastmod));
    }
    return serialize(document);
  }
  const n = part ?? 1;
  if (n < 1 || n > parts) return null;
  const set = document.ele('urlset', { xmlns: SITEMAPS });
  for (const address of addresses.slice((n - 1) * limit, n * limit)) {
    const url = set.ele('url');
    url.ele('loc').txt(address.loc);
    if (address.lastmod) url.ele('lastmod').txt(utcSeconds(address.lastmod));
  }
  return serialize(document);
}

/** A paper's lastmod: its datestamp, or its latest notice's day when that is later (decision 0088). */
function laterOf(datestamp: Date, noticeDay: string | null): Date {
  if (!noticeDay) return datestamp;
  const day = new Date(`${noticeDay}T00:00:00Z`);
  return day > datestamp ? day : datestamp;
}

function latest(addresses: Address[]): Date | undefined {
  let at: Date | undefined;
  for (const { lastmod } of addresses) if (lastmod && (!at || lastmod > at)) at = lastmod;
  return at;
}

export const sitemapUrlOf = (publicUrl: string, slug: string) => `${journalUrl(publicUrl, slug)}sitemap.xml`;

/**
 * robots.txt: everything may be read but the API, except the final PDFs of published papers (the longest matching
 * rule wins, RFC 9309 §2.2.2) and the OAI-PMH endpoints; the back office is no place for an indexer; and each
 * journal's sitemap. One statement.
 */
export async function robotsTxt(db: Database, publicUrl: string): Promise<string> {
  const rows = await db.select({ slug: journals.slug }).from(journals).orderBy(asc(journals.id));
  return [
    'User-agent: *',
    'Allow: /',
    'Allow: /api/journals/*/archive/papers/*/pdf',
    'Allow: /api/journals/*/oai',
    'Disallow: /api/',
    'Disallow: /*/dashboard/',
    'Disallow: /*/admin/',
    '',
    ...rows.map(({ slug }) => `Sitemap: ${sitemapUrlOf(publicUrl, slug)}`),
    '',
  ].join('\n');
}
