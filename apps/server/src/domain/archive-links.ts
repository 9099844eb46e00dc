import type { Language } from '@journals/core/enums';

/**
 * The public addresses of the archive, as readers, indexers and harvesters get them: always on the site's own host
 * (PUBLIC_URL), so that a citation tag, a sitemap, an OAI record and a Crossref deposit name the same pages.
 */

export const journalUrl = (publicUrl: string, slug: string) => `${trimmed(publicUrl)}/${encodeURIComponent(slug)}/`;

export const archiveUrl = (publicUrl: string, slug: string) => `${journalUrl(publicUrl, slug)}archive`;

export const issueUrl = (publicUrl: string, slug: string, volume: number, issue: string) =>
  `${archiveUrl(publicUrl, slug)}/${issuePathSegment(volume, issue)}`;

export const paperUrl = (publicUrl: string, slug: string, paperId: number) =>
  `${archiveUrl(publicUrl, slug)}/papers/${paperId}`;

/** The final PDF of a published paper (the full-text route of the archive). */
export const paperPdfUrl = (publicUrl: string, slug: string, paperId: number) =>
  `${trimmed(publicUrl)}/api/journals/${encodeURIComponent(slug)}/archive/papers/${paperId}/pdf`;

/** `vol-{volume}-i-{issue}`: the issue page's path segment and its OAI-PMH set. */
export const issuePathSegment = (volume: number, issue: string) => `vol-${volume}-i-${issue}`;

export const doiUrl = (doi: string) => `https://doi.org/${doi}`;

/**
 * The language a paper is written in: the language of its one title, and where it has both, the journal's own
 * language (the demo's and the issues screen's prefill put a submission's title in the field of its script).
 */
export function paperLanguage(paper: { titleEn: string; titleAr: string }, journalLanguage: Language): Language {
  if (paper.titleEn && paper.titleAr) return journalLanguage;
  return paper.titleAr && !paper.titleEn ? 'ar' : 'en';
}

/** The authors in their order: the corresponding author first, then the joint authors. */
export const authorsOf = (paper: { correspondingAuthor: string; jointAuthors: string[] }) =>
  [paper.correspondingAuthor, ...paper.jointAuthors].map((name) => name.trim()).filter(Boolean);

/** An author of an archived paper with their ORCID iD (bare) when they have one, and whether it is authenticated. */
export interface ArchivedAuthor {
  name: string;
  corresponding: boolean;
  orcid: string | null;
  orcidAuthenticated: boolean;
}

/** The archived paper's columns that name its authors and their iDs (decision 0085). */
export interface AuthorColumns {
  correspondingAuthor: string;
  jointAuthors: string[];
  correspondingAuthorOrcid: string | null;
  correspondingAuthorOrcidAuthenticated: boolean;
  jointAuthorOrcids: string[];
  jointAuthorOrcidsAuthenticated: boolean[];
}

/** The authors in their order (the corresponding author first) with their iDs; authors without a name left out. */
export function authorsWithOrcids(paper: AuthorColumns): ArchivedAuthor[] {
  const author = (name: string, corresponding: boolean, orcid?: string | null, authenticated?: boolean) => ({
    name: name.trim(),
    corresponding,
    orcid: orcid || null,
    orcidAuthenticated: Boolean(orcid && authenticated),
  });
  return [
    author(
      paper.correspondingAuthor,
      true,
      paper.correspondingAuthorOrcid,
      paper.correspondingAuthorOrcidAuthenticated,
    ),
    ...paper.jointAuthors.map((name, index) =>
      author(name, false, paper.jointAuthorOrcids[index], paper.jointAuthorOrcidsAuthenticated[index]),
    ),
  ].filter((entry) => entry.name !== '');
}

function trimmed(url: string) {
  return url.replace(/\/+$/, '');
}

/** A notice's own public page (decision 0088). */
export const noticeUrl = (publicUrl: string, slug: string, noticeId: number) =>
  `${archiveUrl(publicUrl, slug)}/notices/${noticeId}`;

/** Where a notice is, for a relation of its paper (OAI-PMH, citation tags): its DOI's address, else its page. */
export const noticeRelation = (notice: { id: number; doi: string | null }, slug: string, publicUrl: string) =>
  notice.doi ? doiUrl(notice.doi) : noticeUrl(publicUrl, slug, notice.id);
