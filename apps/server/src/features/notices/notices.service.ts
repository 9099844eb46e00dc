import { specFieldName } from '@journals/core/errors';
import { translate } from '@journals/core/i18n/index';
import { missingNoticeText, noticeTextIn } from '@journals/core/rules/notices';
import type { noticeRequest, NoticeView } from '@journals/core/schemas/notices';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import { archivedPapers, doiDeposits, paperAuthors, paperLogs, paperNotices, papers, users } from '../../db/schema';
import { doiTaken, noticeDoi, requestDeposits } from '../../domain/doi-requests';
import type { Journal } from '../../domain/journal-context';
import { storeUpload } from '../../domain/paper-files';
import { publicNoticeOf } from '../../domain/paper-notices';
import { mailDay, paperValues, publicPaperLink } from '../../domain/paper-mail';
import type { Deps } from '../../lib/deps';
import { ConflictError, databaseError, FieldError, NotFoundError } from '../../lib/errors';
import { queueMail } from '../../mail/outbox';
import { journalTemplates, type Recipient, renderTemplate } from '../../mail/templates';
import { type CorrectedUpload, replaceVersionOfRecord } from './corrected-file';

/**
 * Notices about published papers (issue 46 §2, decision 0087): an editor publishes a correction, an expression of
 * concern or a retraction; the paper stays published. One transaction writes the notice, the paper's log entry and
 * the mails to its authors; the journal's cached public answers are dropped so that its page shows the notice.
 */

type NoticeRow = typeof paperNotices.$inferSelect;

/**
 * A paper's notices for its journal's editors, with who published each and, for one with a DOI, its deposit (the
 * paper's, which carries the notice's record: decision 0088): one statement (404 for another's paper).
 */
export async function paperNoticesOf(db: Database, journal: Journal, paperId: number): Promise<NoticeView[]> {
  const rows = await db
    .select({ notice: paperNotices, by: users.fullName, state: doiDeposits.state, message: doiDeposits.message })
    .from(paperNotices)
    .leftJoin(users, eq(users.id, paperNotices.createdBy))
    .leftJoin(doiDeposits, eq(doiDeposits.paperId, paperNotices.paperId))
    .where(and(eq(paperNotices.paperId, paperId), eq(paperNotices.journalId, journal.id)))
    .orderBy(asc(paperNotices.noticeDate), asc(paperNotices.id));
  if (rows.length === 0) await archivedPaperOf(db, journal, paperId);
  return rows.map(({ notice, by, state, message }) =>
    viewOf(notice, by, notice.doi && state ? { state, message: message ?? '' } : null),
  );
}

const viewOf = (row: NoticeRow, by: string | null, deposit: NoticeView['deposit']): NoticeView => ({
  ...publicNoticeOf(row),
  paperId: row.paperId,
  createdBy: by,
  createdAt: row.createdAt.toISOString(),
  deposit,
});

/** The journal's archived paper (404 when it is another journal's, or none). */
async function archivedPaperOf(db: Database | Tx, journal: Journal, paperId: number) {
  const [row] = await db
    .select({ published: archivedPapers.published })
    .from(archivedPapers)
    .where(and(eq(archivedPapers.paperId, paperId), eq(archivedPapers.journalId, journal.id)));
  if (!row) throw NotFoundError('archive.paperNotFound');
  return row;
}

/**
 * Publishes a notice about the journal's published paper: 404 for another journal's paper, 409 for one not
 * published, 400 on the field for a missing text in the journal's default language or a DOI already given.
 */
export async function publishNotice(
  deps: Deps,
  journal: Journal,
  actorId: number,
  paperId: number,
  body: z.output<typeof noticeRequest>,
  upload?: CorrectedUpload,
): Promise<NoticeView> {
  const missing = missingNoticeText(body, journal.defaultLanguage);
  if (missing) throw FieldError(specFieldName([missing]), 'notices.text_required');
  // A correction's corrected file (decision 0089): stored first, removed again when the notice is not published.
  const stored = upload ? await storeUpload(deps.storage, journal.id, paperId, upload) : null;
  const result = await deps.db
    .transaction(async (tx) => {
      const archived = await archivedPaperOf(tx, journal, paperId);
      if (!archived.published) throw ConflictError('notices.not_published');
      const [paper] = await tx.select().from(papers).where(eq(papers.id, paperId)).for('update');
      if (body.doi && (await doiTaken(tx, body.doi, null))) throw FieldError('Doi', 'notices.doi_taken');
      const files = stored ? await replaceVersionOfRecord(tx, paperId, stored) : null;
      const [inserted] = await tx
        .insert(paperNotices)
        .values({
          journalId: journal.id,
          paperId,
          kind: body.kind,
          textEn: body.textEn,
          textAr: body.textAr,
          noticeDate: body.noticeDate,
          doi: body.doi,
          createdBy: actorId,
          ...files,
        })
        .returning();
      // A journal that registers DOIs gives the notice one when none was typed (decision 0088).
      const given = body.doi ? null : await noticeDoi(tx, journal, inserted!.id);
      const notice = given
        ? (await tx.update(paperNotices).set({ doi: given }).where(eq(paperNotices.id, inserted!.id)).returning())[0]
        : inserted;
      // The paper's record changed: its datestamp moves (OAI-PMH harvesters, the sitemap), and it is deposited
      // again with the notice's own record and its update relation (decision 0088).
      await tx.update(archivedPapers).set({ modifiedAt: new Date() }).where(eq(archivedPapers.paperId, paperId));
      const deposits = await requestDeposits(tx, journal.id, [paperId]);
      await tx.insert(paperLogs).values({
        journalId: journal.id,
        paperId,
        action: 'noticePublished',
        actorId,
        paperStatus: paper!.status,
        // The log says when the paper's file was replaced (decision 0089).
        notes: files ? `${body.kind}:fileReplaced` : body.kind,
      });
      const texts = (await journalTemplates(tx, [journal.id], 'paperNotice'))(journal.id);
      const mails = (await authorsOf(tx, journal, paper!)).map((author) =>
        renderTemplate(journal, texts, 'paperNotice', author, {
          ...paperValues(deps.config, journal, paper!),
          Author_Name: author.fullName,
          Paper_Link: publicPaperLink(deps.config, journal, paperId),
          Notice_Kind: translate(author.language, `notices.kind_${body.kind}`),
          Notice_Text: noticeTextIn({ en: body.textEn, ar: body.textAr }, author.language),
          Notice_Date: mailDay(body.noticeDate),
        }),
      );
      const [by] = await tx.select({ name: users.fullName }).from(users).where(eq(users.id, actorId));
      const deposit = deposits.length > 0 ? { state: 'waiting' as const, message: '' } : null;
      return { view: viewOf(notice!, by?.name ?? null, deposit), mailIds: await queueMail(tx, ...mails), deposits };
    })
    .catch((error: unknown) => {
      if (stored) void deps.storage.remove(stored.storageKey).catch(() => undefined);
      // Two notices given one DOI at once: the unique index decides.
      if (databaseError(error)?.constraint === 'paper_notices_doi_idx') throw FieldError('Doi', 'notices.doi_taken');
      throw error;
    });
  deps.cache.invalidate(`journal:${journal.slug}:`);
  await deps.jobs.dispatchMail(result.mailIds);
  await deps.jobs.dispatchDeposits(result.deposits);
  return result.view;
}

/**
 * Who is told of a notice: the paper's creator (their account's language and name) and every other author of the
 * submission with an e-mail (in the journal's default language), each address once.
 */
async function authorsOf(tx: Tx, journal: Journal, paper: typeof papers.$inferSelect): Promise<Recipient[]> {
  const creators =
    paper.creatorId === null
      ? []
      : await tx
          .select({ email: users.email, language: users.language, fullName: users.fullName })
          .from(users)
          .where(eq(users.id, paper.creatorId));
  const authors = await tx
    .select({ email: paperAuthors.email, fullName: paperAuthors.fullName })
    .from(paperAuthors)
    .where(eq(paperAuthors.paperId, paper.id))
    .orderBy(asc(paperAuthors.position));
  const seen = new Set<string>();
  const recipients: Recipient[] = [];
  for (const person of [...creators, ...authors.map((a) => ({ ...a, language: journal.defaultLanguage }))]) {
    const key = person.email.trim().toLowerCase();
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    recipients.push({ email: person.email.trim(), language: person.language, fullName: person.fullName });
  }
  return recipients;
}
