import { type Language, PAPER_STATUS, type PaperLogAction } from '@journals/core/enums';
import { nameForAuthor } from '@journals/core/file-names';
import { isoDay, REVIEW_STATUS } from '@journals/core/reviewing';
import { statusAfterReviews } from '@journals/core/rules/reviewing';
import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import {
  journalRoles,
  paperFiles,
  paperLogs,
  papers,
  reviewInvitations,
  reviewQuestions,
  roleSpecializations,
  users,
} from '../db/schema';
import type { Deps } from './deps';
import type { Journal } from './journal-context';
import { sign, verifySigned } from './tokens';
import type { Paper } from './paper-access';
import type { Recipient, TemplateValues } from '../mail/templates';

/** What the review loop's services share: the clock's day, logs, editors to tell, links, mail values. */

export type Invitation = typeof reviewInvitations.$inferSelect;

export const today = () => isoDay(new Date());

/** The rows of a raw statement, on PGlite and node-postgres alike (both answer `{ rows }`). */
export async function rowsOf<T>(db: Tx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export async function log(
  tx: Tx,
  paper: Pick<Paper, 'id' | 'journalId'>,
  action: PaperLogAction,
  actorId: number | null,
  paperStatus: number,
  notes?: string,
) {
  await tx
    .insert(paperLogs)
    .values({ journalId: paper.journalId, paperId: paper.id, action, actorId, paperStatus, notes });
}

/**
 * Whether a journal role (journal_roles joined to users) runs the review of the paper `paperId` (a value or a
 * column): the journal's editors and the handling editors of the paper's specialization, not banned, and never
 * someone who created or co-authors the paper (core paperRelation, issue 19 §1).
 */
const runsReviewOf = (paperId: SQL | number) =>
  and(
    sql`${journalRoles.journalId} = (select rp.journal_id from papers rp where rp.id = ${paperId})`,
    eq(users.banned, false),
    sql`${journalRoles.userId} <> all(array(select rp.creator_id from papers rp where rp.id = ${paperId}
      and rp.creator_id is not null))`,
    sql`not exists (select 1 from paper_authors ra where ra.paper_id = ${paperId} and lower(ra.email) = lower(${users.email}))`,
    or(
      eq(journalRoles.role, 'editor'),
      and(
        eq(journalRoles.role, 'handlingEditor'),
        sql`exists (select 1 from ${roleSpecializations} where ${roleSpecializations.userId} = ${journalRoles.userId}
          and ${roleSpecializations.role} = 'handlingEditor' and ${roleSpecializations.specializationId} =
          (select rp.specialization_id from papers rp where rp.id = ${paperId}))`,
      ),
    ),
  );

/**
 * The people who run a paper's review: the journal's editors and the handling editors of its specialization (the
 * ones told of answers, extensions and reviews), its authors left out.
 */
export async function paperEditors(tx: Tx, paper: Pick<Paper, 'id'>): Promise<Recipient[]> {
  return tx
    .selectDistinct({ email: users.email, language: users.language, fullName: users.fullName })
    .from(journalRoles)
    .innerJoin(users, eq(users.id, journalRoles.userId))
    .where(runsReviewOf(paper.id));
}

/** The people who run each of several papers' review (as paperEditors), in one statement. */
export async function editorsOfPapers(tx: Tx, paperIds: readonly number[]): Promise<Map<number, Recipient[]>> {
  const byPaper = new Map<number, Recipient[]>();
  if (paperIds.length === 0) return byPaper;
  const rows = await tx
    .selectDistinct({ paperId: papers.id, email: users.email, language: users.language, fullName: users.fullName })
    .from(papers)
    .innerJoin(journalRoles, eq(journalRoles.journalId, papers.journalId))
    .innerJoin(users, eq(users.id, journalRoles.userId))
    .where(and(inArray(papers.id, [...paperIds]), runsReviewOf(sql`${papers.id}`)));
  for (const { paperId, ...recipient } of rows) byPaper.set(paperId, [...(byPaper.get(paperId) ?? []), recipient]);
  return byPaper;
}

export async function recipientOf(tx: Tx, userId: number): Promise<Recipient | undefined> {
  const [row] = await tx
    .select({ email: users.email, language: users.language, fullName: users.fullName })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/**
 * After a review, a refusal or a removal: moves the paper to pending decision when every active invitation is
 * reviewed (core `statusAfterReviews`), with its log, in the caller's transaction. Returns the new status.
 */
export async function settlePaperStatus(tx: Tx, paper: Paper, actorId: number | null): Promise<number> {
  const invitations = await tx
    .select({ status: reviewInvitations.status, removedAt: reviewInvitations.removedAt })
    .from(reviewInvitations)
    .where(eq(reviewInvitations.paperId, paper.id));
  const next = statusAfterReviews(
    paper.status,
    invitations.map((row) => ({ status: row.status, removed: row.removedAt !== null })),
  );
  if (next !== paper.status) {
    const now = new Date();
    await tx.update(papers).set({ status: next, statusDate: now, modifiedAt: now }).where(eq(papers.id, paper.id));
    await log(tx, paper, 'statusChanged', actorId, next);
  }
  return next;
}

/** Locks and reads a paper for a change of its review. */
export async function lockPaper(tx: Tx, paperId: number): Promise<Paper | undefined> {
  const [row] = await tx.select().from(papers).where(eq(papers.id, paperId)).for('update');
  return row;
}

/** The current invitations (not removed) of papers. */
export const currentInvitationOf = (paperId: number) =>
  and(eq(reviewInvitations.paperId, paperId), isNull(reviewInvitations.removedAt));

export const reviewStatusIn = (statuses: readonly number[]) => inArray(reviewInvitations.status, [...statuses]);

/**
 * The signed link of an invitation mail (DESIGN §4, §6): it names the invitation, its reviewer and paper; valid
 * while the invitation waits for an answer (the services check that), for at most 90 days.
 */
const LINK_DAYS = 90;
interface LinkPayload {
  k: 'invitation';
  i: number;
  r: number;
  p: number;
}
export function invitationSignature(secret: string, invitation: Pick<Invitation, 'id' | 'reviewerId' | 'paperId'>) {
  return sign(
    secret,
    { k: 'invitation', i: invitation.id, r: invitation.reviewerId, p: invitation.paperId } satisfies LinkPayload,
    LINK_DAYS * 86_400,
  );
}

/** The invitation id a link names, or null when the link is forged, damaged, expired or names someone else. */
export function invitationOfLink(secret: string, link: { rId: number; pId: number; sig: string }): number | null {
  const payload = verifySigned<LinkPayload>(secret, link.sig);
  if (!payload || payload.k !== 'invitation' || payload.r !== link.rId || payload.p !== link.pId) return null;
  return payload.i;
}

export function invitationLinks(
  config: Deps['config'],
  journal: Pick<Journal, 'slug'>,
  invitation: Pick<Invitation, 'id' | 'reviewerId' | 'paperId'>,
) {
  const query = new URLSearchParams({
    rId: String(invitation.reviewerId),
    pId: String(invitation.paperId),
    sig: invitationSignature(config.SECRET, invitation),
  });
  const base = `${config.PUBLIC_URL.replace(/\/$/, '')}/${journal.slug}`;
  return { accept: `${base}/review-invitation?${query}`, refuse: `${base}/reject?${query}` };
}

/** The paper page's address, for mails. */
export const paperLink = (config: Deps['config'], journal: Pick<Journal, 'slug'>, paperId: number) =>
  `${config.PUBLIC_URL.replace(/\/$/, '')}/${journal.slug}/dashboard/papers/${paperId}`;

/** A day as mails write it: day/month/year. */
export const mailDay = (day: string | Date | null | undefined) => {
  if (!day) return '';
  const iso = typeof day === 'string' ? day.slice(0, 10) : isoDay(day);
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
};

/** The values every paper mail fills. */
export const paperValues = (
  config: Deps['config'],
  journal: Pick<Journal, 'slug'>,
  paper: Pick<Paper, 'id' | 'title' | 'code' | 'submittedAt' | 'abstract'>,
): TemplateValues => ({
  Proposal_Title: paper.title,
  Proposal_Number: paper.code ?? '',
  Proposal_Send_Date: mailDay(paper.submittedAt),
  Proposal_Abstract: paper.abstract,
  Proposal_Download_Link: paperLink(config, journal, paper.id),
});

export const isUnderReview = (status: number) => status === PAPER_STATUS.underReview;

/** The journal's sheet questions, in order. */
export function sheetQuestions(db: Tx, journalId: number) {
  return db
    .select({
      id: reviewQuestions.id,
      groupEn: reviewQuestions.groupEn,
      groupAr: reviewQuestions.groupAr,
      textEn: reviewQuestions.textEn,
      textAr: reviewQuestions.textAr,
      type: reviewQuestions.type,
    })
    .from(reviewQuestions)
    .where(and(eq(reviewQuestions.journalId, journalId), eq(reviewQuestions.isDeleted, false)))
    .orderBy(asc(reviewQuestions.order), asc(reviewQuestions.id));
}
export type SheetQuestionRow = Awaited<ReturnType<typeof sheetQuestions>>[number];

/**
 * The reviewers' comments meant for the paper's author, once decided (DESIGN §4): each review's comment and
 * attachment for the author, numbered, never with a name. One statement. With the reader's language, each
 * attachment carries the neutral name the author receives it under (DESIGN §3); without, its original name
 * (for those who run the review).
 */
export async function commentsForAuthor(db: Tx, paperId: number, authorsLanguage?: Language) {
  const rows = await db
    .select({
      id: reviewInvitations.id,
      commentForAuthor: reviewInvitations.commentForAuthor,
      reviewedAt: reviewInvitations.reviewedAt,
      // Qualified by hand: drizzle leaves columns unqualified in a one-table select.
      attachment: sql<{ id: number; originalName: string; size: number } | null>`(select json_build_object(
        'id', f.id, 'originalName', f.original_name, 'size', f.size)
        from ${paperFiles} f where f.invitation_id = "review_invitations"."id"
        and f.kind = 'reviewForAuthor' and f.removed_at is null limit 1)`,
    })
    .from(reviewInvitations)
    .where(
      and(
        eq(reviewInvitations.paperId, paperId),
        eq(reviewInvitations.status, REVIEW_STATUS.reviewed),
        isNull(reviewInvitations.removedAt),
      ),
    )
    .orderBy(asc(reviewInvitations.reviewedAt), asc(reviewInvitations.id));
  return rows.map((row, index) => {
    const number = index + 1;
    const attachment =
      row.attachment && authorsLanguage
        ? { ...row.attachment, originalName: nameForAuthor(authorsLanguage, number, row.attachment.originalName) }
        : row.attachment;
    return { ...row, attachment, number };
  });
}

/** The number the author knows a review by (as commentsForAuthor numbers them), or null when it is not listed. */
export async function reviewerNumber(db: Tx, paperId: number, invitationId: number): Promise<number | null> {
  const comments = await commentsForAuthor(db, paperId);
  return comments.find((comment) => comment.id === invitationId)?.number ?? null;
}
