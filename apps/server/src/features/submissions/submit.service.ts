import type { Language } from '@journals/core/enums';
import { PAPER_STATUS } from '@journals/core/enums';
import { PAPER_FILE_KINDS, type PaperFileKind, requiredPaperFiles, resubmissionFiles } from '@journals/core/files';
import { issuedCodePrefix } from '@journals/core/papers';
import { paperSubmitRequest } from '@journals/core/schemas/submissions';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { journalPaymentSettings, journalRoles, journals, paperFiles, paperLogs, papers, users } from '../../db/schema';
import type { Deps } from '../../lib/deps';
import { AppError, fieldErrorsOf } from '../../lib/errors';
import { notBannedIn } from '../../domain/journal-bans';
import type { Journal } from '../../domain/journal-context';
import { queueMail } from '../../mail/outbox';
import { journalTemplateSet, type Recipient, renderTemplate, templateMails } from '../../mail/templates';
import { paperValues } from '../../domain/paper-mail';
import { nextCodeOfMonth } from '../../domain/paper-codes';
import { anonymousCopyKey, readAll, removeStored, storeUpload } from '../../domain/paper-files';
import type { Upload } from '../../lib/uploads';
import type { Paper } from '../../domain/paper-access';
import type { SessionUserRow } from '../../plugins/context';
import { fieldsOf, writePeople } from './submissions.service';

type User = SessionUserRow;

/** The journal's editors (not banned anywhere that counts), as the recipients of a paper's mails. */
async function editorRecipients(tx: Tx, journal: Journal): Promise<Recipient[]> {
  const rows = await tx
    .select({ email: users.email, language: users.language, fullName: users.fullName })
    .from(journalRoles)
    .innerJoin(users, eq(users.id, journalRoles.userId))
    .where(
      and(
        eq(journalRoles.journalId, journal.id),
        eq(journalRoles.role, 'editor'),
        eq(users.banned, false),
        notBannedIn(journal.id, users.id),
      ),
    );
  return rows.map((row) => ({ ...row, language: row.language as Language }));
}

/** The author's "received" mail and the editors' "new paper" or "new version" one, from the journal's templates. */
async function submissionMails(
  tx: Tx,
  deps: Deps,
  journal: Journal,
  user: User,
  paper: Pick<Paper, 'id' | 'title' | 'code' | 'submittedAt' | 'abstract' | 'version'>,
  revision: boolean,
) {
  const values = paperValues(deps.config, journal, paper);
  const author = { email: user.email, fullName: user.fullName, language: user.language as Language };
  const editors = await editorRecipients(tx, journal);
  // Both texts in one statement.
  const texts = await journalTemplateSet(tx, journal.id, ['paperReceived', revision ? 'newRevision' : 'newProposal']);
  const toEditors = editors.map((editor) =>
    revision
      ? renderTemplate(journal, texts.newRevision, 'newRevision', editor, {
          ...values,
          Person: user.fullName,
          Paper_Version: String(paper.version),
        })
      : renderTemplate(journal, texts.newProposal, 'newProposal', editor, { ...values, Person: user.fullName }),
  );
  return [renderTemplate(journal, texts.paperReceived, 'paperReceived', author, values), ...toEditors];
}

async function uploadIsPaid(tx: Tx, journalId: number) {
  const [settings] = await tx
    .select({ atUpload: journalPaymentSettings.atUpload })
    .from(journalPaymentSettings)
    .where(eq(journalPaymentSettings.journalId, journalId));
  return !settings?.atUpload;
}

/** The kinds of the paper's current files. */
async function currentKinds(tx: Tx, paper: Paper) {
  const rows = await tx
    .select({ kind: paperFiles.kind })
    .from(paperFiles)
    .where(and(eq(paperFiles.paperId, paper.id), isNull(paperFiles.removedAt)));
  return rows.map((row) => row.kind);
}

/** The required slots without a current file, as field errors. */
function missingFiles(present: string[], kind: number | null | undefined) {
  return requiredPaperFiles(kind ?? undefined)
    .filter((slot) => !present.includes(slot))
    .map((slot) => ({ path: [slot], message: 'validation.file_required' }));
}

/**
 * The draft's files in slots its kind does not carry (spec 02 §3: department approval and payment receipt are not
 * for an annual study status report) are removed on submit, so they are not part of the submitted paper.
 */
async function removeUnusedFiles(tx: Tx, paper: Paper, present: string[], now: Date) {
  const required = requiredPaperFiles(paper.kind ?? undefined);
  const unused = PAPER_FILE_KINDS.filter((slot) => !required.includes(slot) && present.includes(slot));
  if (unused.length === 0) return;
  await tx
    .update(paperFiles)
    .set({ removedAt: now })
    .where(and(eq(paperFiles.paperId, paper.id), inArray(paperFiles.kind, unused), isNull(paperFiles.removedAt)));
}

/**
 * Submits a draft (DESIGN §4): every rule of the journal, the required files and the terms; then the code,
 * status 1, a paper log entry and the mails, in one transaction. Submitting it again answers the same code.
 */
export async function submit(deps: Deps, journal: Journal, paper: Paper, user: User, acceptTerms: boolean) {
  if (paper.status !== PAPER_STATUS.draft) return { id: paper.id, code: paper.code };
  const mailIds: number[] = [];
  const result = await deps.db.transaction(async (tx) => {
    // Locks the journal row: two submissions of one journal take their numbers one after the other. Its payment
    // settings come with it.
    const [locked] = await tx
      .select({ atUpload: journalPaymentSettings.atUpload })
      .from(journals)
      .leftJoin(journalPaymentSettings, eq(journalPaymentSettings.journalId, journals.id))
      .where(eq(journals.id, journal.id))
      .for('update', { of: journals });
    const [current] = await tx.select().from(papers).where(eq(papers.id, paper.id)).for('update');
    if (!current || current.status !== PAPER_STATUS.draft) return { id: paper.id, code: current?.code ?? null };

    const parsed = paperSubmitRequest(journal).safeParse(await fieldsOf(tx, current));
    const issues: { path: PropertyKey[]; message?: string }[] = parsed.success ? [] : [...parsed.error.issues];
    const present = await currentKinds(tx, current);
    issues.push(...missingFiles(present, current.kind));
    if (!acceptTerms) issues.push({ path: ['terms'], message: 'validation.terms_required' });
    if (issues.length > 0) throw new AppError('validation', 'errors.validation', fieldErrorsOf(issues));

    const now = new Date();
    await removeUnusedFiles(tx, current, present, now);
    const code = await nextCodeOfMonth(tx, journal.id, issuedCodePrefix(journal.codePrefix, journal.slug), now);
    await tx
      .update(papers)
      .set({
        code,
        status: PAPER_STATUS.submitted,
        submittedAt: now,
        statusDate: now,
        modifiedAt: now,
        uploadPaid: !locked?.atUpload,
      })
      .where(eq(papers.id, current.id));
    await tx.insert(paperLogs).values({
      journalId: journal.id,
      paperId: current.id,
      action: 'newProposal',
      actorId: user.id,
      paperStatus: PAPER_STATUS.submitted,
    });
    mailIds.push(
      ...(await queueMail(
        tx,
        ...(await submissionMails(tx, deps, journal, user, { ...current, code, submittedAt: now }, false)),
      )),
    );
    return { id: current.id, code };
  });
  await deps.jobs.dispatchMail(mailIds);
  return result;
}

/** The slots a resubmission must carry (core `resubmissionFiles`: the proposal, and approval and receipt unless kind 4). */
function resubmissionIssues(paper: Paper, uploads: Partial<Record<PaperFileKind, Upload<PaperFileKind>>>) {
  return resubmissionFiles(paper.kind)
    .required.filter((slot) => !uploads[slot])
    .map((slot) => ({ path: [slot], message: 'validation.file_required' }));
}

/**
 * Resubmits a paper at status 5 (DESIGN §4): a new version row with the same code, fields, authors and
 * suggested reviewers, the new files (the old consent when none is sent), at status 1; the old one is superseded.
 */
export async function resubmit(
  deps: Deps,
  journal: Journal,
  paper: Paper,
  user: User,
  uploads: Partial<Record<PaperFileKind, Upload<PaperFileKind>>>,
) {
  const issues = resubmissionIssues(paper, uploads);
  if (issues.length > 0) throw new AppError('validation', 'errors.validation', fieldErrorsOf(issues));
  const mailIds: number[] = [];
  const storedKeys: string[] = [];
  try {
    const result = await deps.db.transaction(async (tx) => {
      const [current] = await tx.select().from(papers).where(eq(papers.id, paper.id)).for('update');
      if (!current || current.superseded || current.status !== PAPER_STATUS.acceptedWithRevisions) {
        throw new AppError('conflict', 'errors.conflict');
      }
      const now = new Date();
      const { id: _id, createdAt: _c, ...copied } = current;
      const [next] = await tx
        .insert(papers)
        .values({
          ...copied,
          parentPaperId: current.id,
          version: current.version + 1,
          status: PAPER_STATUS.submitted,
          superseded: false,
          revisionDeadline: null,
          uploadPaid: await uploadIsPaid(tx, journal.id),
          submittedAt: now,
          statusDate: now,
          modifiedAt: now,
        })
        .returning();
      await writePeople(tx, next!.id, current.creatorId, await fieldsOf(tx, current));
      await tx.update(papers).set({ superseded: true, modifiedAt: now }).where(eq(papers.id, current.id));

      // Only the slots of the paper's kind: a status report (kind 4) carries no approval or receipt.
      const files = resubmissionFiles(current.kind).offered.flatMap((slot) => (uploads[slot] ? [uploads[slot]] : []));
      if (!uploads.signedInformedConsent) {
        const [old] = await tx
          .select()
          .from(paperFiles)
          .where(
            and(
              eq(paperFiles.paperId, current.id),
              eq(paperFiles.kind, 'signedInformedConsent'),
              isNull(paperFiles.removedAt),
            ),
          );
        const stored = old ? await deps.storage.get(old.storageKey) : null;
        if (old && stored) {
          // Its anonymous copy goes with it (a file stored before copies were made gets one at its first read).
          const copy = await deps.storage.get(anonymousCopyKey(old.storageKey));
          files.push({
            ...old,
            kind: 'signedInformedConsent',
            content: await readAll(stored.stream),
            anonymousCopy: copy ? await readAll(copy.stream) : undefined,
          });
        }
      }
      for (const upload of files) {
        const values = await storeUpload(deps.storage, journal.id, next!.id, upload);
        storedKeys.push(values.storageKey);
        await tx.insert(paperFiles).values(values);
      }
      await tx.insert(paperLogs).values({
        journalId: journal.id,
        paperId: next!.id,
        action: 'newRevision',
        actorId: user.id,
        paperStatus: PAPER_STATUS.submitted,
      });
      mailIds.push(...(await queueMail(tx, ...(await submissionMails(tx, deps, journal, user, next!, true)))));
      return { id: next!.id, code: next!.code, version: next!.version };
    });
    await deps.jobs.dispatchMail(mailIds);
    return result;
  } catch (error) {
    for (const key of storedKeys) await removeStored(deps.storage, key);
    throw error;
  }
}

/** A message about a paper to the journal's editors, answerable to its sender (spec 02 §5). */
export async function mailStaff(deps: Deps, journal: Journal, paper: Paper, user: User, message: string) {
  const ids = await deps.db.transaction(async (tx) => {
    const mails = await templateMails(tx, journal, 'mailStaff', await editorRecipients(tx, journal), {
      ...paperValues(deps.config, journal, paper),
      Person: user.fullName,
      Sender_Email: user.email,
      Message: message,
    });
    // The editors answer the author, not the journal's address.
    return queueMail(tx, ...mails.map((mail) => ({ ...mail, replyTo: user.email })));
  });
  await deps.jobs.dispatchMail(ids);
}
