import type { PaperFileKind } from '@journals/core/files';
import type { PaperFields, PaperFieldsInput } from '@journals/core/schemas/submissions';
import { isEditable } from '@journals/core/rules/workflow';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { paperAuthors, paperFiles, papers, paperSuggestedReviewers, specializations, users } from '../../db/schema';
import type { Deps } from '../../lib/deps';
import { AppError, FieldError, NotFoundError } from '../../lib/errors';
import type { Journal } from '../../domain/journal-context';
import type { Paper } from '../../domain/paper-access';
import { removeStored, storeUpload } from '../../domain/paper-files';
import type { Upload } from '../../lib/uploads';

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

/** The authors and suggested reviewers of a paper, in their order, read in one statement. */
/** A paper's authors and suggested reviewers, each in their order. */
export type People = Awaited<ReturnType<typeof peopleOf>>;

async function peopleOf(db: Tx, paperId: number) {
  const person = {
    fullName: paperAuthors.fullName,
    email: paperAuthors.email,
    phone: paperAuthors.phone,
    workPlace: paperAuthors.workPlace,
    position: paperAuthors.position,
  };
  const rows = await db
    .select({
      ...person,
      isMain: paperAuthors.isMain,
      orcid: paperAuthors.orcid,
      reviewer: sql<boolean>`false`.as('reviewer'),
    })
    .from(paperAuthors)
    .where(eq(paperAuthors.paperId, paperId))
    .unionAll(
      db
        .select({
          fullName: paperSuggestedReviewers.fullName,
          email: paperSuggestedReviewers.email,
          phone: paperSuggestedReviewers.phone,
          workPlace: paperSuggestedReviewers.workPlace,
          position: paperSuggestedReviewers.position,
          isMain: sql<boolean>`false`.as('is_main'),
          orcid: sql<string | null>`null`.as('orcid'),
          reviewer: sql<boolean>`true`.as('reviewer'),
        })
        .from(paperSuggestedReviewers)
        .where(eq(paperSuggestedReviewers.paperId, paperId)),
    );
  const inOrder = rows.sort((a, b) => a.position - b.position);
  return {
    authors: inOrder.filter((row) => !row.reviewer),
    reviewers: inOrder.filter((row) => row.reviewer),
  };
}

/** A stored paper back as the wizard's fields: what the form loads and what submit validates. */
/**
 * The wizard's fields (spec 02 §3) besides its people, and the paper's properties they are read back from: what the
 * form loads, what submit validates and the paper page shows (written by the database there, paper-page.service).
 */
export const PAPER_FIELD_PROPERTIES = {
  statusOfApplicant: 'statusOfApplicant',
  medical_School: 'medicalSchool',
  paper_Type: 'paperType',
  new_Amendment_Renewal: 'kind',
  typeOfTheStudy: 'studyType',
  observationalDescriptive: 'descriptiveType',
  observationalAnalytic: 'analyticType',
  experimentalType: 'experimentalType',
  experimentalTypeOfBlinding: 'blindingType',
  fundingSource: 'fundingSource',
  isFinancialDisclousreMentioned: 'financialDisclosure',
  department: 'department',
  title_of_the_work: 'title',
  original_Proposal_Code: 'originalProposalCode',
  specializationId: 'specializationId',
  keywords: 'keywords',
  abstract: 'abstract',
  answers: 'answers',
} as const satisfies Record<Exclude<keyof PaperFieldsInput, 'authors' | 'reviewers'>, keyof Paper>;

/** The stored fields by the wizard's names (the questionnaire's answers as they were validated when saved). */
type StoredFields = { [F in keyof typeof PAPER_FIELD_PROPERTIES]: Paper[(typeof PAPER_FIELD_PROPERTIES)[F]] } & {
  answers: PaperFieldsInput['answers'];
};

export async function fieldsOf(db: Tx, paper: Paper, people?: People) {
  const { authors, reviewers } = people ?? (await peopleOf(db, paper.id));
  const person = (p: { fullName: string; email: string; phone: string; workPlace: string }) => ({
    fullName: p.fullName,
    email: p.email,
    phone: p.phone,
    workPlace: p.workPlace,
  });
  const fields = Object.fromEntries(
    Object.entries(PAPER_FIELD_PROPERTIES).map(([field, property]) => [field, paper[property]]),
  ) as StoredFields;
  return {
    ...fields,
    authors: authors.map((a) => ({ ...person(a), isMain: a.isMain, orcid: a.orcid ?? '' })),
    reviewers: reviewers.map(person),
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

/**
 * The authors' ORCID iDs as stored (decision 0085): the paper's creator, named by their account's e-mail, carries the
 * iD their account signed in with, authenticated; every other iD is as the form typed it, not authenticated. A
 * client cannot mark an iD authenticated: the request has no such field.
 */
async function authorsWithOrcids(tx: Tx, creatorId: number | null, authors: PaperFields['authors']) {
  const [creator] =
    creatorId === null
      ? []
      : await tx.select({ email: users.email, orcid: users.orcid }).from(users).where(eq(users.id, creatorId));
  return authors.map((author) => {
    const own = creator?.orcid && author.email !== '' && author.email === creator.email.toLowerCase();
    return own
      ? { ...author, orcid: creator.orcid, orcidAuthenticated: true }
      : { ...author, orcid: author.orcid || null, orcidAuthenticated: false };
  });
}

/** Replaces the authors and suggested reviewers of a paper (created by `creatorId`) with the form's lists. */
export async function writePeople(
  tx: Tx,
  paperId: number,
  creatorId: number | null,
  fields: Pick<PaperFields, 'authors' | 'reviewers'>,
) {
  await tx.delete(paperAuthors).where(eq(paperAuthors.paperId, paperId));
  await tx.delete(paperSuggestedReviewers).where(eq(paperSuggestedReviewers.paperId, paperId));
  if (fields.authors.length > 0) {
    const authors = await authorsWithOrcids(tx, creatorId, fields.authors);
    await tx.insert(paperAuthors).values(authors.map((a, position) => ({ ...a, paperId, position })));
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
    await writePeople(tx, paper!.id, userId, fields);
    return { id: paper!.id };
  });
}

export async function saveDraft(tx: Tx, paper: Paper, fields: PaperFields) {
  await assertSpecialization(tx, paper.journalId, fields.specializationId);
  await tx.update(papers).set(columnsOf(fields)).where(eq(papers.id, paper.id));
  await writePeople(tx, paper.id, paper.creatorId, fields);
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
  for (const key of keys) await removeStored(storage, key);
}

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
export async function uploadFile({ db, storage }: Deps, paper: Paper, upload: Upload<PaperFileKind>) {
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
    await removeStored(storage, values.storageKey).catch(() => undefined);
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
