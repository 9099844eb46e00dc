import { extensionAllowance } from '@journals/core/reviewing';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Language } from '@journals/core/enums';
import { nameForReviewer } from '@journals/core/file-names';
import { REVIEWER_FILE_KINDS, type ReviewerFileKind } from '@journals/core/files';
import type { Database } from '../../db/client';
import { paperFiles, papers, specializations } from '../../db/schema';
import { NotFoundError } from '../../lib/errors';
import type { Journal } from '../../domain/journal-context';
import type { Invitation } from './review-state';

/** What a reviewer reads of the paper they review: the paper, the files they may download, their invitation. */

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
