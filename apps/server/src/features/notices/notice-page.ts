import { type NoticePageResponse, noticePageResponse } from '@journals/core/schemas/notices';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { archivedPapers, issues, paperNotices } from '../../db/schema';
import { currentJournal, type Journal } from '../../domain/journal-context';
import { publicNoticeOf } from '../../domain/paper-notices';
import { wireJson } from '../../lib/cache';
import type { Deps } from '../../lib/deps';
import { NotFoundError } from '../../lib/errors';

/**
 * A notice's own public page (issue 46 §2, decision 0088): the notice (kind, texts, date, DOI) and the paper it is
 * about (its titles, DOI and issue), one statement. A notice of another journal, or of a paper not published, is
 * missing (404). Cached with the journal's public answers, dropped when a notice is published.
 */
export async function noticePageOf(db: Database, journal: Journal, noticeId: number): Promise<NoticePageResponse> {
  const [row] = await db
    .select({
      notice: paperNotices,
      titleEn: archivedPapers.titleEn,
      titleAr: archivedPapers.titleAr,
      doi: archivedPapers.doi,
      volume: issues.volume,
      issue: issues.issue,
    })
    .from(paperNotices)
    .innerJoin(archivedPapers, eq(archivedPapers.paperId, paperNotices.paperId))
    .innerJoin(issues, eq(issues.id, archivedPapers.issueId))
    .where(
      and(
        eq(paperNotices.id, noticeId),
        eq(paperNotices.journalId, journal.id),
        eq(archivedPapers.journalId, journal.id),
        eq(archivedPapers.published, true),
      ),
    )
    .limit(1);
  if (!row) throw NotFoundError('archive.noticeNotFound');
  return {
    ...publicNoticeOf(row.notice),
    paper: {
      id: row.notice.paperId,
      title: { en: row.titleEn, ar: row.titleAr },
      doi: row.doi,
      volume: row.volume,
      issue: row.issue,
    },
  };
}

/** The notice page's answer as a cached wire (lib/cache.ts); its key starts with the journal's. */
export const noticeWire = (deps: Pick<Deps, 'db' | 'cache'>, slug: string, noticeId: number) =>
  deps.cache.get(`journal:${slug}:archive:notice:${noticeId}`, async () =>
    wireJson(noticePageResponse, await noticePageOf(deps.db, await currentJournal(deps, slug), noticeId)),
  );
