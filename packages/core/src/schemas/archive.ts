import { z } from 'zod';
import { id } from './fields';
import { bilingual } from './journals';
import { NOTICE_KINDS } from '../rules/notices';
import { publicNotice } from './notices';

/** The public archive's answers (issue 21 §3): the timeline, an issue's table of contents, a paper's details. */

/** An issue as the public pages name it: "Issue {issue}", volume, chronology "MM YYYY", publish date (ISO). */
export const archiveIssueHead = z.object({
  volume: z.number(),
  issue: z.string(),
  chronology: z.string(),
  publishDate: z.string().nullable(),
});
export type ArchiveIssueHead = z.infer<typeof archiveIssueHead>;

export const archiveTimelineResponse = z.object({
  volumes: z.array(
    z.object({
      volume: z.number(),
      issues: z.array(archiveIssueHead.extend({ papers: z.number() })),
    }),
  ),
});
export type ArchiveTimelineResponse = z.infer<typeof archiveTimelineResponse>;

/** The gravest notice about a paper, the mark a list shows beside it (decision 0089), or null. */
export const noticeMark = z
  .enum(NOTICE_KINDS)
  .nullable()
  .describe('The gravest notice about the paper (retraction > expressionOfConcern > correction), or null.');

const pages = z.object({ from: z.number().nullable(), to: z.number().nullable() }).nullable();

export const archiveIssueResponse = archiveIssueHead.extend({
  papers: z.array(
    z.object({
      id: z.number(),
      order: z.number(),
      title: bilingual,
      subtitle: z.string(),
      publishDate: z.string().nullable(),
      /** The corresponding author first, then the joint authors. */
      authors: z.array(z.string()),
      pages,
      doi: z.string().nullable(),
      mark: noticeMark,
    }),
  ),
});
export type ArchiveIssueResponse = z.infer<typeof archiveIssueResponse>;

export const archivePaperResponse = z.object({
  id: z.number(),
  title: bilingual,
  subtitle: z.string(),
  abstract: bilingual,
  publishDate: z.string().nullable(),
  issue: archiveIssueHead,
  order: z.number(),
  /** Paper type 1–7 (PAPER_TYPES), or null. */
  paperType: z.number().nullable(),
  pages,
  doi: z.string().nullable(),
  correspondingAuthor: z.string(),
  jointAuthors: z.array(z.string()),
  /** The authors in order (the corresponding author first) with their bare ORCID iDs (decision 0085). */
  authors: z.array(
    z.object({
      name: z.string(),
      corresponding: z.boolean(),
      orcid: z.string().nullable(),
      orcidAuthenticated: z.boolean(),
    }),
  ),
  keywords: z.array(z.string()),
  /** The specializations' names in the request's language. */
  specializations: z.array(z.string()),
  views: z.number(),
  downloads: z.number(),
  hasFinalFile: z.boolean(),
  /** The Crossmark badge: the paper has a DOI and the journal has Crossmark on. */
  crossMark: z.boolean(),
  /** Its corrections, expressions of concern and retractions, oldest first (decision 0087). */
  notices: z.array(publicNotice),
  /**
   * The files corrections replaced (decision 0089), oldest first, each still readable at
   * `archive/papers/{id}/versions/{version}/pdf`: from when it was the version of record, and the correction's date.
   */
  earlierVersions: z.array(
    z.object({ version: z.number(), from: z.string().nullable(), correctedOn: z.string().describe('YYYY-MM-DD.') }),
  ),
});
export type ArchivePaperResponse = z.infer<typeof archivePaperResponse>;

/** The archive part of a journal's home: its current issue with its papers, and the most-read papers. */
export const archiveHomeResponse = z.object({
  currentIssue: archiveIssueResponse.nullable(),
  mostRead: z.array(z.object({ id: z.number(), title: bilingual, views: z.number(), mark: noticeMark })),
});
export type ArchiveHomeResponse = z.infer<typeof archiveHomeResponse>;

export const archiveViewResponse = z.object({ views: z.number() });

export const archiveIssueParams = z.object({
  slug: z.string().min(1).max(60),
  volume: z.coerce.number().int().positive().max(100_000),
  issue: z.string().regex(/^\d{1,3}$/),
});
export const archivePaperParams = z.object({ slug: z.string().min(1).max(60), id });
