import {
  answerSnapshot,
  extensionAllowance,
  keptAnswers,
  REVIEW_STATUS,
  REVIEWER_FILTERS,
  type ReviewAttachmentSlot,
  type ReviewerFilter,
  sheetErrors,
} from '@journals/core/reviewing';
import { extensionError, invitationAllows, reviewIsOpen } from '@journals/core/rules/reviewing';
import type { RefusalRequest, ReviewDraft, ReviewSubmit } from '@journals/core/schemas/reviewing';
import { and, asc, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Language } from '@journals/core/enums';
import { nameForReviewer } from '@journals/core/file-names';
import { REVIEWER_FILE_KINDS, type ReviewerFileKind } from '@journals/core/files';
import type { Database, Tx } from '../../db/client';
import { shownName } from '../../domain/reviewer-names';
import {
  journalRoles,
  paperFiles,
  papers,
  reviewInvitations,
  roleSpecializations,
  specializations,
  users,
} from '../../db/schema';
import type { Deps } from '../../lib/deps';
import { AppError, ConflictError, FieldError, NotFoundError } from '../../lib/errors';
import type { Journal } from '../../domain/journal-context';
import { hashPassword } from '../../lib/passwords';
import { queueMail } from '../../mail/outbox';
import { templateMails } from '../../mail/templates';
import { storeUpload } from '../../domain/paper-files';
import type { Upload } from '../../lib/uploads';
import { type Invitation, settlePaperStatus } from './review-state';
import { log } from '../../domain/paper-changes';
import { mailDay, paperValues, recipientOf } from '../../domain/paper-mail';
import { paperEditors } from './paper-editors';
import { sheetQuestions } from '../../domain/reviews';

/**
 * The reviewer's side (spec 01 §2 reviewer dashboard, §4–§5; issue 9 §2–§3): the dashboard, answering an
 * invitation (signed in or through the mail's signed link), a later deadline, the sheet with its draft, the
 * submitted review and who may read it.
 */

export const REVIEWER_PAGE_SIZE = 10;

/** The reviewer dashboard: the three cards' counts and one page of a filter, newest invitation first. Two statements. */
export async function dashboard(
  db: Database,
  journal: Journal,
  reviewerId: number,
  query: { status: string; search?: string; page: number },
) {
  const mine = and(
    eq(reviewInvitations.journalId, journal.id),
    eq(reviewInvitations.reviewerId, reviewerId),
    isNull(reviewInvitations.removedAt),
  );
  const counts = await db
    .select({ status: reviewInvitations.status, n: sql<number>`count(*)::int` })
    .from(reviewInvitations)
    .where(mine)
    .groupBy(reviewInvitations.status);
  const count = (filter: ReviewerFilter) =>
    counts
      .filter((row) => (REVIEWER_FILTERS[filter] as readonly number[]).includes(row.status))
      .reduce((sum, row) => sum + row.n, 0);
  const filter = query.status as ReviewerFilter;
  const search = query.search?.trim();
  const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await db
    .select({
      id: reviewInvitations.id,
      paperId: papers.id,
      code: papers.code,
      title: papers.title,
      paperStatus: papers.status,
      status: reviewInvitations.status,
      inviteDate: reviewInvitations.invitedAt,
      deadline: reviewInvitations.deadline,
      deadlineChanged: reviewInvitations.deadlineChanged,
      reviewedAt: reviewInvitations.reviewedAt,
      extensionCount: reviewInvitations.extensionCount,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(reviewInvitations)
    .innerJoin(papers, eq(papers.id, reviewInvitations.paperId))
    .where(
      and(
        mine,
        inArray(reviewInvitations.status, [...REVIEWER_FILTERS[filter]]),
        pattern ? or(ilike(papers.title, pattern), ilike(papers.code, pattern)) : undefined,
      ),
    )
    .orderBy(desc(reviewInvitations.invitedAt), desc(reviewInvitations.id))
    .limit(REVIEWER_PAGE_SIZE)
    .offset((query.page - 1) * REVIEWER_PAGE_SIZE);
  return {
    statistics: {
      newInvitations: count('newInvitations'),
      inPeerReview: count('inPeerReview'),
      reviewed: count('reviewed'),
    },
    items: rows.map(({ total: _total, extensionCount, ...row }) => ({
      ...row,
      extensions: extensionAllowance(journal, { extensionCount }),
    })),
    total: rows[0]?.total ?? 0,
  };
}

/** The caller's own current invitation of this journal, or 404. */
export async function ownInvitation(db: Tx, journal: Journal, reviewerId: number, invitationId: number) {
  const [row] = await db
    .select()
    .from(reviewInvitations)
    .where(
      and(
        eq(reviewInvitations.id, invitationId),
        eq(reviewInvitations.journalId, journal.id),
        eq(reviewInvitations.reviewerId, reviewerId),
        isNull(reviewInvitations.removedAt),
      ),
    );
  if (!row) throw NotFoundError();
  return row;
}

/** Locks an invitation and its paper for an answer; a removed one is 404, a closed review 409. */
async function lockForAnswer(tx: Tx, invitationId: number) {
  const [invitation] = await tx
    .select()
    .from(reviewInvitations)
    .where(eq(reviewInvitations.id, invitationId))
    .for('update');
  if (!invitation || invitation.removedAt !== null) throw NotFoundError();
  const [paper] = await tx.select().from(papers).where(eq(papers.id, invitation.paperId)).for('update');
  if (!paper) throw NotFoundError();
  return { invitation, paper };
}

const answered = () => ConflictError('errors.invitationAnswered');

/**
 * Accepts an invitation; someone invited without an account sets their password here, which also activates the
 * account (the link came to their mailbox). Editors are told.
 */
export async function accept(deps: Deps, journal: Journal, invitationId: number, password?: string) {
  const passwordHash = password ? await hashPassword(password) : undefined;
  const mailIds = await deps.db.transaction(async (tx) => {
    const { invitation, paper } = await lockForAnswer(tx, invitationId);
    if (!invitationAllows({ status: invitation.status, removed: false }, 'accept')) throw answered();
    if (!reviewIsOpen(paper)) throw ConflictError('errors.reviewClosed');
    const [reviewer] = await tx.select().from(users).where(eq(users.id, invitation.reviewerId));
    if (!reviewer) throw NotFoundError();
    if (needsPassword(reviewer)) {
      if (!passwordHash) throw FieldError('Password', 'validation.password_required');
      await tx.update(users).set({ passwordHash, emailConfirmed: true }).where(eq(users.id, reviewer.id));
    } else if (!reviewer.emailConfirmed) {
      await tx.update(users).set({ emailConfirmed: true }).where(eq(users.id, reviewer.id));
    }
    await tx
      .update(reviewInvitations)
      .set({ status: REVIEW_STATUS.accepted, answeredAt: new Date() })
      .where(eq(reviewInvitations.id, invitation.id));
    // The account becomes a reviewer of this journal, in the field named, now that its owner agreed (issue 19 §4;
    // a reviewer chosen from the candidates has both already). An account the invitation made is an external one.
    if (invitation.specializationId !== null) {
      await tx
        .insert(journalRoles)
        .values({
          userId: reviewer.id,
          journalId: journal.id,
          role: 'reviewer',
          externalReviewer: needsPassword(reviewer),
        })
        .onConflictDoNothing();
      if (invitation.specializationId !== null)
        await tx
          .insert(roleSpecializations)
          .values({ userId: reviewer.id, role: 'reviewer', specializationId: invitation.specializationId })
          .onConflictDoNothing();
    }
    await log(tx, paper, 'invitationAccepted', reviewer.id, paper.status, reviewer.fullName);
    return queueMail(
      tx,
      ...(await templateMails(tx, journal, 'invitationAccepted', await paperEditors(tx, paper), {
        ...paperValues(deps.config, journal, paper),
        Person: reviewer.fullName,
        Reviewing_Deadline: mailDay(invitation.deadline),
      })),
    );
  });
  await deps.jobs.dispatchMail(mailIds);
}

/** An account made by an invitation has no password until its owner accepts. */
export const needsPassword = (user: { passwordHash: string }) => user.passwordHash.startsWith('!unset-');

/** Declines an invitation with a category, a reason and an optional suggestion; the paper may then be ready. */
export async function refuse(deps: Deps, journal: Journal, invitationId: number, body: RefusalRequest, direct = false) {
  const mailIds = await deps.db.transaction(async (tx) => {
    const { invitation, paper } = await lockForAnswer(tx, invitationId);
    if (!invitationAllows({ status: invitation.status, removed: false }, 'refuse')) throw answered();
    await tx
      .update(reviewInvitations)
      .set({
        status: REVIEW_STATUS.refused,
        answeredAt: new Date(),
        refusalCategory: body.category,
        refusalReason: body.reason.trim(),
        suggestedReviewer: body.suggestion,
      })
      .where(eq(reviewInvitations.id, invitation.id));
    const account = await recipientOf(tx, invitation.reviewerId);
    // Someone invited by e-mail who declines stays the name the editor typed (issue 19 §4).
    const reviewer = account && { ...account, fullName: shownName(invitation, account.fullName) };
    // Declined from the invitation mail's link page (no sign-in) is "directly rejected"; from the reviewer's
    // dashboard, "rejected" (decision 0024). The refusal, then what it causes.
    await log(
      tx,
      paper,
      direct ? 'invitationDirectlyRejected' : 'invitationRejected',
      // The log names its actor by account: someone invited by e-mail who declines is not named (issue 19 §4).
      invitation.invitedName === null ? invitation.reviewerId : null,
      paper.status,
      `${body.category}: ${body.reason.trim()}`,
    );
    await settlePaperStatus(tx, paper, invitation.reviewerId);
    return queueMail(
      tx,
      ...(await templateMails(tx, journal, 'invitationRefused', await paperEditors(tx, paper), {
        ...paperValues(deps.config, journal, paper),
        Person: reviewer?.fullName ?? '',
        Refuse_Reviewing_Reason: body.reason.trim(),
        Suggested_Reviewer: body.suggestion || '—',
      })),
    );
  });
  await deps.jobs.dispatchMail(mailIds);
}

/**
 * The reviewer moves an accepted invitation's deadline later (issue 19 §5): within the journal's bound past the
 * current one and its number of times (`extensionError`); editors are told once per extension. The invitation row
 * is locked, so a second press of the same request finds the deadline already moved and is refused, with no mail.
 */
export async function extendDeadline(
  deps: Deps,
  journal: Journal,
  invitationId: number,
  deadline: string,
  today: string,
) {
  const mailIds = await deps.db.transaction(async (tx) => {
    const { invitation, paper } = await lockForAnswer(tx, invitationId);
    if (!invitationAllows({ status: invitation.status, removed: false }, 'extendDeadline'))
      throw ConflictError('errors.cannotExtendDeadline');
    if (!reviewIsOpen(paper)) throw ConflictError('errors.reviewClosed');
    const problem = extensionError(deadline, invitation.deadline, extensionAllowance(journal, invitation), today);
    if (problem) throw FieldError('Deadline', problem);
    await tx
      .update(reviewInvitations)
      .set({
        deadline,
        oldDeadline: invitation.deadline,
        deadlineChanged: true,
        extensionCount: sql`${reviewInvitations.extensionCount} + 1`,
      })
      .where(eq(reviewInvitations.id, invitation.id));
    const reviewer = await recipientOf(tx, invitation.reviewerId);
    await log(
      tx,
      paper,
      'deadlineChanged',
      invitation.reviewerId,
      paper.status,
      `${invitation.deadline} → ${deadline}`,
    );
    return queueMail(
      tx,
      ...(await templateMails(tx, journal, 'deadlineChanged', await paperEditors(tx, paper), {
        ...paperValues(deps.config, journal, paper),
        Person: reviewer?.fullName ?? '',
        Old_Deadline: mailDay(invitation.deadline),
        Reviewing_Deadline: mailDay(deadline),
      })),
    );
  });
  await deps.jobs.dispatchMail(mailIds);
}

/** The files a reviewer may open: the proposal and the consent form, never what names the authors. */
export { REVIEWER_FILE_KINDS };

/**
 * A paper as its reviewer reads it (DESIGN §4): the study's fields, keywords and abstract, the files they may
 * open (under neutral names, in the reader's language), and their invitation; no author, no suggested reviewer,
 * no creator, no payment.
 */
export async function reviewerPaper(db: Database, journal: Journal, invitation: Invitation, language: Language) {
  const [paper] = await db
    .select({
      id: papers.id,
      code: papers.code,
      version: papers.version,
      status: papers.status,
      title_of_the_work: papers.title,
      submittedAt: papers.submittedAt,
      createdAt: papers.createdAt,
      statusOfApplicant: papers.statusOfApplicant,
      medical_School: papers.medicalSchool,
      paper_Type: papers.paperType,
      new_Amendment_Renewal: papers.kind,
      typeOfTheStudy: papers.studyType,
      observationalDescriptive: papers.descriptiveType,
      observationalAnalytic: papers.analyticType,
      experimentalType: papers.experimentalType,
      experimentalTypeOfBlinding: papers.blindingType,
      fundingSource: papers.fundingSource,
      isFinancialDisclousreMentioned: papers.financialDisclosure,
      department: papers.department,
      specializationId: papers.specializationId,
      specialization: { id: specializations.id, nameEn: specializations.nameEn, nameAr: specializations.nameAr },
      keywords: papers.keywords,
      abstract: papers.abstract,
      answers: papers.answers,
    })
    .from(papers)
    .leftJoin(specializations, eq(specializations.id, papers.specializationId))
    .where(eq(papers.id, invitation.paperId));
  if (!paper) throw NotFoundError();
  const files = await db
    .select({ id: paperFiles.id, kind: paperFiles.kind, originalName: paperFiles.originalName, size: paperFiles.size })
    .from(paperFiles)
    .where(
      and(
        eq(paperFiles.paperId, paper.id),
        inArray(paperFiles.kind, [...REVIEWER_FILE_KINDS]),
        isNull(paperFiles.removedAt),
      ),
    )
    .orderBy(asc(paperFiles.id));
  const named = files.map((file) => ({
    ...file,
    originalName: nameForReviewer(language, { ...file, kind: file.kind as ReviewerFileKind }, paper.version),
  }));
  return { ...paper, files: named, invitation: invitationSummary(journal, invitation) };
}

export const invitationSummary = (journal: Journal, invitation: Invitation) => ({
  id: invitation.id,
  status: invitation.status,
  invitedAt: invitation.invitedAt,
  deadline: invitation.deadline,
  oldDeadline: invitation.oldDeadline,
  deadlineChanged: invitation.deadlineChanged,
  reviewedAt: invitation.reviewedAt,
  extensions: extensionAllowance(journal, invitation),
});

/** The sheet to fill: the questions, and the draft where the reviewer left it. Only an accepted invitation. */
export async function sheet(db: Database, journal: Journal, invitation: Invitation) {
  if (invitation.status !== REVIEW_STATUS.accepted) throw ConflictError('errors.sheetNotOpen');
  const questions = await sheetQuestions(db, invitation.journalId);
  return {
    invitation: invitationSummary(journal, invitation),
    questions,
    draft: (invitation.draft as ReviewDraft | null) ?? null,
    draftSavedAt: invitation.draftSavedAt,
  };
}

/** Keeps the sheet as the reviewer left it (no field is required in a draft). */
export async function saveDraft(db: Database, invitation: Invitation, draft: ReviewDraft) {
  const saved = await db
    .update(reviewInvitations)
    .set({ draft, draftSavedAt: new Date() })
    .where(and(eq(reviewInvitations.id, invitation.id), eq(reviewInvitations.status, REVIEW_STATUS.accepted)))
    .returning({ draftSavedAt: reviewInvitations.draftSavedAt });
  if (saved.length === 0) throw ConflictError('errors.sheetNotOpen');
  return { draftSavedAt: saved[0]!.draftSavedAt };
}

/**
 * Submits the review: every applicable question answered, the comment for the author and a recommendation; the
 * attachments stored; the invitation reviewed with its answers kept with their texts; the paper to pending
 * decision when it was the last; editors told. One transaction; a stored file of a failed submit is deleted.
 */
export async function submitReview(
  deps: Deps,
  journal: Journal,
  invitationId: number,
  body: ReviewSubmit,
  uploads: Partial<Record<ReviewAttachmentSlot, Upload<ReviewAttachmentSlot>>>,
) {
  const questions = await sheetQuestions(deps.db, journal.id);
  const answers = Object.fromEntries(Object.entries(body.answers).map(([id, value]) => [Number(id), value]));
  const errors = sheetErrors(questions, answers);
  if (Object.keys(errors).length > 0) throw new AppError('validation', 'errors.validation', errors);
  const kept = keptAnswers(questions, answers);
  const storedKeys: string[] = [];
  try {
    const mailIds = await deps.db.transaction(async (tx) => {
      const { invitation, paper } = await lockForAnswer(tx, invitationId);
      if (!invitationAllows({ status: invitation.status, removed: false }, 'submitReview')) throw answered();
      for (const [slot, upload] of Object.entries(uploads)) {
        if (!upload) continue;
        const stored = await storeUpload(deps.storage, journal.id, paper.id, upload);
        storedKeys.push(stored.storageKey);
        await tx.insert(paperFiles).values({
          ...stored,
          kind: slot === 'attachForAuthor' ? 'reviewForAuthor' : 'reviewForEditor',
          invitationId: invitation.id,
        });
      }
      const snapshot = answerSnapshot(questions, kept);
      await tx
        .update(reviewInvitations)
        .set({
          status: REVIEW_STATUS.reviewed,
          reviewedAt: new Date(),
          answers: snapshot,
          recommendation: body.recommendation,
          commentForAuthor: body.commentForAuthor.trim(),
          commentForEditor: body.commentForEditor.trim(),
          draft: null,
        })
        .where(eq(reviewInvitations.id, invitation.id));
      const reviewer = await recipientOf(tx, invitation.reviewerId);
      await log(tx, paper, 'invitationFinished', invitation.reviewerId, paper.status, reviewer?.fullName);
      await settlePaperStatus(tx, paper, invitation.reviewerId);
      return queueMail(
        tx,
        ...(await templateMails(tx, journal, 'reviewFinished', await paperEditors(tx, paper), {
          ...paperValues(deps.config, journal, paper),
          Person: reviewer?.fullName ?? '',
        })),
      );
    });
    await deps.jobs.dispatchMail(mailIds);
  } catch (error) {
    await Promise.all(storedKeys.map((key) => deps.storage.remove(key).catch(() => undefined)));
    throw error;
  }
}

export interface ReviewViewer {
  /** Runs the paper's review: sees everything of it. */
  manager: boolean;
  /** The review's own author. */
  reviewer: boolean;
}

/**
 * The read-only review (spec 01 §6, issue 9 §3): answers, recommendation, and the comments and attachments by
 * who reads it. The comment and attachment for the editor go to those who run the review (and back to their
 * writer); the comment for the author to them too, and to the paper's author once decided, never with a name.
 */
export async function reviewResult(db: Database, invitation: Invitation, viewer: ReviewViewer) {
  const files = await db
    .select({ id: paperFiles.id, kind: paperFiles.kind, originalName: paperFiles.originalName, size: paperFiles.size })
    .from(paperFiles)
    .where(and(eq(paperFiles.invitationId, invitation.id), isNull(paperFiles.removedAt)));
  const seesEditorPart = viewer.manager || viewer.reviewer;
  return {
    id: invitation.id,
    status: invitation.status,
    reviewedAt: invitation.reviewedAt,
    recommendation: invitation.recommendation,
    answers: invitation.answers as ReviewAnswer[],
    commentForAuthor: invitation.commentForAuthor,
    authorAttachment: files.find((file) => file.kind === 'reviewForAuthor') ?? null,
    commentForEditor: seesEditorPart ? invitation.commentForEditor : undefined,
    editorAttachment: seesEditorPart ? (files.find((file) => file.kind === 'reviewForEditor') ?? null) : undefined,
    refusalCategory: invitation.refusalCategory,
    refusalReason: invitation.refusalReason,
    suggestedReviewer: invitation.suggestedReviewer,
  };
}
export interface ReviewAnswer {
  questionId: number;
  groupEn: string;
  groupAr: string;
  questionEn: string;
  questionAr: string;
  type: number;
  answer: string;
}

/** The invitation a signed link names, with what its page shows (no author, nothing beyond that invitation). */
export async function linkedInvitation(db: Database, journal: Journal, invitationId: number | null) {
  if (invitationId === null) throw NotFoundError('errors.invitationLinkInvalid');
  const [row] = await db
    .select({
      invitation: reviewInvitations,
      title: papers.title,
      code: papers.code,
      paperStatus: papers.status,
      superseded: papers.superseded,
      passwordHash: users.passwordHash,
      fullName: users.fullName,
    })
    .from(reviewInvitations)
    .innerJoin(papers, eq(papers.id, reviewInvitations.paperId))
    .innerJoin(users, eq(users.id, reviewInvitations.reviewerId))
    .where(and(eq(reviewInvitations.id, invitationId), eq(reviewInvitations.journalId, journal.id)));
  if (!row || row.invitation.removedAt !== null) throw NotFoundError('errors.invitationLinkInvalid');
  return {
    invitation: row.invitation,
    view: {
      title: row.title,
      code: row.code,
      reviewerName: row.fullName,
      status: row.invitation.status,
      deadline: row.invitation.deadline,
      needsPassword: needsPassword(row),
      open:
        row.invitation.status === REVIEW_STATUS.invited &&
        reviewIsOpen({ status: row.paperStatus, superseded: row.superseded }),
    },
  };
}

/**
 * A paper file that a reviewer may download (the reviewer file kinds), with the name it reaches them under
 * (DESIGN §3: never the name it was uploaded with) in the reader's language and in English for the ASCII fallback.
 */
export async function reviewerFile(db: Database, paperId: number, fileId: number, language: Language) {
  const [row] = await db
    .select({ file: paperFiles, version: papers.version })
    .from(paperFiles)
    .innerJoin(papers, eq(papers.id, paperFiles.paperId))
    .where(
      and(
        eq(paperFiles.id, fileId),
        eq(paperFiles.paperId, paperId),
        inArray(paperFiles.kind, [...REVIEWER_FILE_KINDS]),
        isNull(paperFiles.removedAt),
      ),
    );
  if (!row) throw NotFoundError();
  const file = { ...row.file, kind: row.file.kind as ReviewerFileKind };
  return {
    file,
    name: { shown: nameForReviewer(language, file, row.version), ascii: nameForReviewer('en', file, row.version) },
  };
}
