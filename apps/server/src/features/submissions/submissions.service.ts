import { PAPER_FILE_KINDS } from '@journals/core/files';
import { uploadPaymentDue } from '@journals/core/rules/payments';
import { isEditable } from '@journals/core/rules/workflow';
import type { PaperFields, PaperFieldsInput } from '@journals/core/schemas/submissions';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import {
  finalDecisions,
  issues,
  journalPaymentSettings,
  paperAuthors,
  paperFiles,
  papers,
  paperSuggestedReviewers,
  specializations,
} from '../../db/schema';
import type { Deps } from '../../lib/deps';
import { AppError, FieldError, NotFoundError } from '../../lib/errors';
import type { Journal } from '../../lib/journal-context';
import { storeUpload, type Upload } from './files';
import type { Paper } from '../../lib/paper-access';

/** The wizard's fields as paper columns (codes as in core/papers.ts). */
function columnsOf(fields: PaperFields) {
  return {
    statusOfApplicant: fields.statusOfApplicant ?? null,
    medicalSchool: fields.medical_School ?? null,
    paperType: fields.paper_Type ?? null,
    kind: fields.new_Amendment_Renewal ?? null,
    studyType: fields.typeOfTheStudy ?? null,
    descriptiveType: fields.observationalDescriptive ?? null,
    analyticType: fields.observationalAnalytic ?? null,
    experimentalType: fields.experimentalType ?? null,
    blindingType: fields.experimentalTypeOfBlinding ?? null,
    fundingSource: fields.fundingSource ?? null,
    financialDisclosure: fields.isFinancialDisclousreMentioned ?? null,
    department: fields.department.trim(),
    title: fields.title_of_the_work.trim(),
    originalProposalCode: fields.original_Proposal_Code.trim(),
    specializationId: fields.specializationId ?? null,
    keywords: fields.keywords,
    abstract: fields.abstract,
    answers: fields.answers,
    modifiedAt: new Date(),
  };
}

/** A stored paper back as the wizard's fields: what the form loads and what submit validates. */
export async function fieldsOf(db: Tx, paper: Paper) {
  const authors = await db
    .select()
    .from(paperAuthors)
    .where(eq(paperAuthors.paperId, paper.id))
    .orderBy(asc(paperAuthors.position));
  const reviewers = await db
    .select()
    .from(paperSuggestedReviewers)
    .where(eq(paperSuggestedReviewers.paperId, paper.id))
    .orderBy(asc(paperSuggestedReviewers.position));
  const person = (p: { fullName: string; email: string; phone: string; workPlace: string }) => ({
    fullName: p.fullName,
    email: p.email,
    phone: p.phone,
    workPlace: p.workPlace,
  });
  return {
    statusOfApplicant: paper.statusOfApplicant,
    medical_School: paper.medicalSchool,
    paper_Type: paper.paperType,
    new_Amendment_Renewal: paper.kind,
    typeOfTheStudy: paper.studyType,
    observationalDescriptive: paper.descriptiveType,
    observationalAnalytic: paper.analyticType,
    experimentalType: paper.experimentalType,
    experimentalTypeOfBlinding: paper.blindingType,
    fundingSource: paper.fundingSource,
    isFinancialDisclousreMentioned: paper.financialDisclosure,
    department: paper.department,
    title_of_the_work: paper.title,
    original_Proposal_Code: paper.originalProposalCode,
    specializationId: paper.specializationId,
    keywords: paper.keywords,
    abstract: paper.abstract,
    authors: authors.map((a) => ({ ...person(a), isMain: a.isMain })),
    reviewers: reviewers.map(person),
    answers: paper.answers as PaperFieldsInput['answers'],
  } satisfies PaperFieldsInput;
}

/** A specialization must be a live one of this journal. */
async function assertSpecialization(tx: Tx, journalId: number, id: number | null | undefined) {
  if (id == null) return;
  const [found] = await tx
    .select({ id: specializations.id })
    .from(specializations)
    .where(
      and(eq(specializations.id, id), eq(specializations.journalId, journalId), eq(specializations.isDeleted, false)),
    );
  if (!found) throw FieldError('SpecializationId', 'validation.unknown_specialization');
}

/** Replaces the authors and suggested reviewers of a paper with the form's lists. */
export async function writePeople(tx: Tx, paperId: number, fields: Pick<PaperFields, 'authors' | 'reviewers'>) {
  await tx.delete(paperAuthors).where(eq(paperAuthors.paperId, paperId));
  await tx.delete(paperSuggestedReviewers).where(eq(paperSuggestedReviewers.paperId, paperId));
  if (fields.authors.length > 0) {
    await tx.insert(paperAuthors).values(fields.authors.map((a, position) => ({ ...a, paperId, position })));
  }
  if (fields.reviewers.length > 0) {
    await tx
      .insert(paperSuggestedReviewers)
      .values(fields.reviewers.map((r, position) => ({ ...r, paperId, position })));
  }
}

export async function createDraft({ db }: Deps, journal: Journal, userId: number, fields: PaperFields) {
  return db.transaction(async (tx) => {
    await assertSpecialization(tx, journal.id, fields.specializationId);
    const [paper] = await tx
      .insert(papers)
      .values({ ...columnsOf(fields), journalId: journal.id, creatorId: userId, status: 0 })
      .returning({ id: papers.id });
    await writePeople(tx, paper!.id, fields);
    return { id: paper!.id };
  });
}

export async function saveDraft(tx: Tx, paper: Paper, fields: PaperFields) {
  await assertSpecialization(tx, paper.journalId, fields.specializationId);
  await tx.update(papers).set(columnsOf(fields)).where(eq(papers.id, paper.id));
  await writePeople(tx, paper.id, fields);
}

/** Deletes a draft with its rows; its stored files go after the commit. */
export async function deleteDraft({ db, storage }: Deps, paper: Paper) {
  const keys = await db.transaction(async (tx) => {
    const files = await tx
      .select({ key: paperFiles.storageKey })
      .from(paperFiles)
      .where(eq(paperFiles.paperId, paper.id));
    await tx.delete(papers).where(eq(papers.id, paper.id));
    return files.map((file) => file.key);
  });
  for (const key of keys) await storage.remove(key);
}

const fileColumns = {
  id: paperFiles.id,
  paperId: paperFiles.paperId,
  kind: paperFiles.kind,
  originalName: paperFiles.originalName,
  size: paperFiles.size,
  createdAt: paperFiles.createdAt,
};

/** The current submission files of papers (removed ones excluded), as listed to readers. */
export async function currentFiles(db: Tx, paperIds: number[]) {
  if (paperIds.length === 0) return [];
  return db
    .select(fileColumns)
    .from(paperFiles)
    .where(
      and(
        inArray(paperFiles.paperId, paperIds),
        inArray(paperFiles.kind, PAPER_FILE_KINDS),
        isNull(paperFiles.removedAt),
      ),
    )
    .orderBy(asc(paperFiles.id));
}

/** The final decisions of papers by paper id, each with its attachment when it has one. */
export async function decisionsOf(db: Tx, paperIds: number[]) {
  if (paperIds.length === 0) return new Map<number, FinalDecisionView>();
  const rows = await db.select().from(finalDecisions).where(inArray(finalDecisions.paperId, paperIds));
  const attachments = rows.length
    ? await db
        .select(fileColumns)
        .from(paperFiles)
        .where(
          and(
            inArray(paperFiles.paperId, paperIds),
            eq(paperFiles.kind, 'decisionAttachment'),
            isNull(paperFiles.removedAt),
          ),
        )
    : [];
  return new Map<number, FinalDecisionView>(
    rows.map((row) => [
      row.paperId,
      {
        decision: row.decision,
        comments: row.comments,
        date: row.decidedAt,
        answers: row.answers as FinalDecisionView['answers'],
        attachment: attachments.find((file) => file.paperId === row.paperId) ?? null,
      },
    ]),
  );
}

export interface FinalDecisionView {
  decision: number;
  comments: string;
  date: Date;
  answers: { questionEn: string; questionAr: string; type: number; answer: string }[];
  attachment: Awaited<ReturnType<typeof currentFiles>>[number] | null;
}

/** The issue a paper is assigned to, and its final file (open to anyone, spec 02 §2). */
async function issueOf(db: Database, paper: Paper) {
  if (paper.issueId === null) return { issue: null, finalFile: null };
  const [issue] = await db
    .select({ id: issues.id, volume: issues.volume, issue: issues.issue, publishMonth: issues.publishMonth })
    .from(issues)
    .where(eq(issues.id, paper.issueId));
  const file = await finalFileOf(db, paper);
  return {
    issue: issue ?? null,
    finalFile: file && { id: file.id, kind: file.kind, originalName: file.originalName, size: file.size },
  };
}

/** The current final version of a paper assigned to an issue, or null. */
export async function finalFileOf(db: Database, paper: Paper) {
  if (paper.issueId === null) return null;
  const [file] = await db
    .select({ ...fileColumns, storageKey: paperFiles.storageKey, mimeType: paperFiles.mimeType })
    .from(paperFiles)
    .where(and(eq(paperFiles.paperId, paper.id), eq(paperFiles.kind, 'finalVersion'), isNull(paperFiles.removedAt)))
    .orderBy(desc(paperFiles.id))
    .limit(1);
  return file ?? null;
}

/** Stores the file of one slot; the slot's earlier file is marked removed. */
/**
 * Inside a transaction: locks the paper's row and checks it is still a draft. The route checked before reading
 * the upload, but a submit may have happened since: the file must not change under a submitted paper.
 */
async function lockDraft(tx: Tx, paperId: number) {
  const [row] = await tx.select({ status: papers.status }).from(papers).where(eq(papers.id, paperId)).for('update');
  if (!row) throw NotFoundError();
  if (!isEditable(row.status)) throw new AppError('conflict', 'errors.paperNotEditable');
}

/** Stores the file of one slot; the slot's earlier file is marked removed. A refused write leaves nothing stored. */
export async function uploadFile({ db, storage }: Deps, paper: Paper, upload: Upload) {
  const values = await storeUpload(storage, paper.journalId, paper.id, upload);
  try {
    return await db.transaction(async (tx) => {
      await lockDraft(tx, paper.id);
      await tx
        .update(paperFiles)
        .set({ removedAt: new Date() })
        .where(and(eq(paperFiles.paperId, paper.id), eq(paperFiles.kind, upload.kind), isNull(paperFiles.removedAt)));
      const [file] = await tx.insert(paperFiles).values(values).returning();
      return { id: file!.id, kind: file!.kind, originalName: file!.originalName, size: file!.size };
    });
  } catch (error) {
    await storage.remove(values.storageKey).catch(() => undefined);
    throw error;
  }
}

export async function removeFile(db: Database, paper: Paper, fileId: number) {
  await db.transaction(async (tx) => {
    await lockDraft(tx, paper.id);
    const [file] = await tx
      .update(paperFiles)
      .set({ removedAt: new Date() })
      .where(and(eq(paperFiles.id, fileId), eq(paperFiles.paperId, paper.id), isNull(paperFiles.removedAt)))
      .returning({ id: paperFiles.id });
    if (!file) throw NotFoundError();
  });
}

/** A current file of the paper, for download. */
export async function fileOf(db: Database, paper: Paper, fileId: number) {
  const [file] = await db
    .select()
    .from(paperFiles)
    .where(and(eq(paperFiles.id, fileId), eq(paperFiles.paperId, paper.id), isNull(paperFiles.removedAt)));
  if (!file) throw NotFoundError();
  return file;
}

/** What is due for the at-upload fee now (core `uploadPaymentDue` with the journal's current settings). */
async function paymentOf(db: Database, paper: Paper) {
  const [settings] = await db
    .select()
    .from(journalPaymentSettings)
    .where(eq(journalPaymentSettings.journalId, paper.journalId));
  const due = uploadPaymentDue(paper, settings) && settings?.atUploadPrice != null;
  return { due, amount: due ? settings!.atUploadPrice : null };
}

/** The paper as read: its fields, people, files, code, status and what is due. */
export async function readPaper(db: Database, paper: Paper) {
  return {
    id: paper.id,
    code: paper.code,
    version: paper.version,
    status: paper.status,
    statusDate: paper.statusDate,
    createdAt: paper.createdAt,
    submittedAt: paper.submittedAt,
    creatorId: paper.creatorId,
    parentPaperId: paper.parentPaperId,
    superseded: paper.superseded,
    revisionDeadline: paper.revisionDeadline,
    uploadPaid: paper.uploadPaid,
    ...(await fieldsOf(db, paper)),
    files: await currentFiles(db, [paper.id]),
    payment: await paymentOf(db, paper),
    finalDecision: (await decisionsOf(db, [paper.id])).get(paper.id) ?? null,
    ...(await issueOf(db, paper)),
  };
}
