import { PAPER_STATUS } from '@journals/core/enums';
import { REVIEW_STATUS } from '@journals/core/reviewing';
import type { Tx } from '../db/client';
import { paperAuthors, papers, reviewInvitations } from '../db/schema';
import type { DemoJournal } from './demo-content';
import { writeLog } from './demo-log';

/**
 * A paper under review whose reviewer is late (the editorial desk's "delay in peer review" card, its reminders):
 * submitted 24 days ago in the journal's first specialization (the demo handling editor's), the reviewer invited
 * 20 days ago and accepted, the deadline 6 days ago. No files: the desk and the reminders need none.
 */
export async function seedLateReview(
  tx: Tx,
  demo: DemoJournal,
  ids: { journalId: number; researcherId: number; editorId: number; reviewerId: number; specializationId: number },
  author: { fullName: string; email: string; workPlace: string },
) {
  const day = 24 * 3600 * 1000;
  const now = Date.now();
  const submitted = new Date(now - 24 * day);
  const invited = new Date(now - 20 * day);
  const [paper] = await tx
    .insert(papers)
    .values({
      journalId: ids.journalId,
      code: `${demo.codePrefix}.26.10.1`,
      status: PAPER_STATUS.underReview,
      creatorId: ids.researcherId,
      title: demo.ethics
        ? 'أثر المناوبات الليلية على جودة نوم الممرضات في مستشفيات الصعيد'
        : 'Early warning of Nile flood levels with low-cost sensor networks',
      paperType: demo.ethics ? 6 : 4,
      kind: 1,
      specializationId: ids.specializationId,
      keywords: demo.ethics ? ['النوم', 'التمريض'] : ['sensor networks', 'flood warning'],
      abstract: demo.ethics
        ? 'دراسة مقطعية لجودة النوم لدى الممرضات العاملات بنظام المناوبات الليلية في ثلاثة مستشفيات.'
        : 'A field study of low-cost water level sensors along the Nile and the warnings they can give villages.',
      uploadPaid: true,
      submittedAt: submitted,
      createdAt: submitted,
      statusDate: invited,
      modifiedAt: invited,
    })
    .returning();
  const paperId = paper!.id;
  await tx.insert(paperAuthors).values({
    paperId,
    position: 0,
    fullName: author.fullName,
    email: author.email,
    phone: '+201098765432',
    workPlace: author.workPlace,
    isMain: true,
  });
  await tx.insert(reviewInvitations).values({
    journalId: ids.journalId,
    paperId,
    reviewerId: ids.reviewerId,
    invitedBy: ids.editorId,
    status: REVIEW_STATUS.accepted,
    invitedAt: invited,
    deadline: new Date(now - 6 * day).toISOString().slice(0, 10),
    answeredAt: new Date(invited.getTime() + day),
  });
  await writeLog(tx, ids.journalId, paperId, [
    ['newProposal', ids.researcherId, PAPER_STATUS.submitted, submitted],
    ['reviewerAdded', ids.editorId, PAPER_STATUS.underReview, invited],
    ['statusChanged', ids.editorId, PAPER_STATUS.underReview, invited],
    ['invitationAccepted', ids.reviewerId, PAPER_STATUS.underReview, new Date(invited.getTime() + day)],
  ]);
}
