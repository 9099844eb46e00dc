import { PAPER_STATUS } from '@journals/core/enums';
import {
  ANSWER_OPTIONS,
  type AnswerType,
  answerSnapshot,
  applicableQuestions,
  REVIEW_STATUS,
} from '@journals/core/reviewing';
import type { Tx } from '../db/client';
import {
  finalDecisions,
  paperAuthors,
  paperFiles,
  papers,
  paperSuggestedReviewers,
  reviewInvitations,
  reviewQuestions,
} from '../db/schema';
import type { Storage } from '../storage/driver';
import type { DemoJournal } from './demo-content';
import { storePdf } from './demo-files';
import { writeLog } from './demo-log';

const ABSTRACT =
  'This prospective study follows adult patients after elective surgery to measure how a structured education ' +
  'programme delivered by nurses before discharge changes pain scores, readmissions and the confidence of ' +
  'patients in caring for themselves at home during the first month of recovery.';

/**
 * A submitted proposal of the demo researcher on which the editor asked for modifications (status 5): it shows
 * a final decision, the ethics form and resubmission with real data. The revision deadline is a month after
 * seeding, so the demo stays usable.
 */
export async function seedRevisionRequest(
  tx: Tx,
  storage: Storage,
  demo: DemoJournal,
  ids: { journalId: number; researcherId: number; editorId: number; reviewerId: number; specializationId: number },
  people: { researcher: { fullName: string; email: string; workPlace: string } },
  questions: (typeof reviewQuestions.$inferSelect)[],
) {
  const now = new Date();
  const deadline = new Date(now.getTime() + 30 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  const submitted = new Date(now.getTime() - 20 * 24 * 3600 * 1000);
  const decided = new Date(now.getTime() - 2 * 24 * 3600 * 1000);
  const [paper] = await tx
    .insert(papers)
    .values({
      journalId: ids.journalId,
      code: `${demo.codePrefix}.26.09.1`,
      status: PAPER_STATUS.acceptedWithRevisions,
      creatorId: ids.researcherId,
      title: demo.ethics
        ? 'أثر التثقيف التمريضي المنظم على تعافي مرضى الجراحة'
        : 'Structured nurse education and recovery after surgery',
      statusOfApplicant: 4,
      medicalSchool: 1,
      paperType: demo.ethics ? 6 : 4,
      kind: 1,
      studyType: 1,
      descriptiveType: 3,
      fundingSource: 1,
      financialDisclosure: 2,
      department: demo.ethics ? 'التمريض الباطني الجراحي' : 'Medical-surgical nursing',
      specializationId: ids.specializationId,
      keywords: ['nursing', 'patient education', 'recovery'],
      abstract: ABSTRACT,
      answers: demo.ethics
        ? [1, 2, 3, 4, 5, 6, 7, 8, 9].map((questionId) => ({
            questionId,
            answer: 'no',
            vulnerableGroupComment: '',
          }))
        : [],
      revisionDeadline: deadline,
      uploadPaid: true,
      submittedAt: submitted,
      createdAt: submitted,
      statusDate: decided,
      modifiedAt: decided,
    })
    .returning();
  const paperId = paper!.id;
  await tx.insert(paperAuthors).values({
    paperId,
    position: 0,
    fullName: people.researcher.fullName,
    email: people.researcher.email,
    phone: '+201012345678',
    workPlace: people.researcher.workPlace,
    isMain: true,
  });
  if (demo.ethics) {
    await tx.insert(paperSuggestedReviewers).values([
      {
        paperId,
        position: 0,
        fullName: 'Hala Mostafa',
        email: 'hala@example.org',
        phone: '+201000000001',
        workPlace: 'Alexandria',
      },
      {
        paperId,
        position: 1,
        fullName: 'Tarek Fahmy',
        email: 'tarek@example.org',
        phone: '+201000000002',
        workPlace: 'Giza',
      },
    ]);
  }
  const files: [(typeof paperFiles.$inferInsert)['kind'], string][] = [
    ['proposalFile', 'proposal.pdf'],
    ['signedInformedConsent', 'informed-consent.pdf'],
    ['departmentApprovalDocuments', 'department-approval.pdf'],
    ['paymentReceipt', 'payment-receipt.pdf'],
  ];
  for (const [kind, name] of files) {
    await storePdf(tx, storage, ids.journalId, paperId, kind, name, [
      'Structured nurse education and recovery after surgery',
      `Demo document: ${name}`,
    ]);
  }
  // The review that led to the decision, as the review sheet records one: the demo reviewer invited, accepted and
  // reviewed, answering the journal's questions (a descriptive design; its sub-type as the proposal says).
  const invited = new Date(submitted.getTime() + 2 * 24 * 3600 * 1000);
  const reviewed = new Date(decided.getTime() - 3 * 24 * 3600 * 1000);
  const designAnswers: Record<number, string> = {};
  const design = questions.find((question) => question.type === 6);
  if (design) designAnswers[design.id] = '1';
  // A descriptive, cross-sectional study (type 7 option 3); ratings "Good"; every other type its first option.
  const demoAnswer = (type: number) => (type === 7 || type === 0 ? '3' : ANSWER_OPTIONS[type as AnswerType][0]!);
  const answered = answerSnapshot(
    questions,
    Object.fromEntries(
      applicableQuestions(questions, designAnswers).map((question) => [
        question.id,
        designAnswers[question.id] ?? demoAnswer(question.type),
      ]),
    ),
  );
  const [review] = await tx
    .insert(reviewInvitations)
    .values({
      journalId: ids.journalId,
      paperId,
      reviewerId: ids.reviewerId,
      invitedBy: ids.editorId,
      status: REVIEW_STATUS.reviewed,
      invitedAt: invited,
      deadline: new Date(invited.getTime() + 14 * 24 * 3600 * 1000).toISOString().slice(0, 10),
      answeredAt: invited,
      reviewedAt: reviewed,
      recommendation: 7,
      answers: answered,
      commentForAuthor: demo.ethics
        ? 'المقترح واضح الهدف، لكنه يحتاج إلى حساب حجم العينة وإلى نموذج موافقة مستنيرة بلغة يفهمها المرضى.'
        : 'The aim is clear, but the proposal needs a sample size calculation and a consent form in plain language.',
      commentForEditor: demo.ethics
        ? 'أوصي بالقبول بعد التعديل؛ الخطر على المشاركين ضئيل.'
        : 'I recommend acceptance after revision; the risk to participants is minimal.',
    })
    .returning({ id: reviewInvitations.id });
  // The reviewer's attachment for the author, named as reviewers name their files: the author receives it as
  // "Reviewer 1 — comments for the author.pdf" (docs/decisions/0028).
  await storePdf(
    tx,
    storage,
    ids.journalId,
    paperId,
    'reviewForAuthor',
    'Sara Youssef - comments for the author.pdf',
    ['Comments for the author', '1. Justify the sample size.', '2. Simplify the consent form.'],
    review!.id,
  );
  await storePdf(tx, storage, ids.journalId, paperId, 'decisionAttachment', 'committee-comments.pdf', [
    'Committee comments',
    '1. Add the sample size calculation.',
    '2. Use the committee consent template.',
  ]);
  await tx.insert(finalDecisions).values({
    paperId,
    decision: 3,
    comments: demo.ethics
      ? 'يُرجى إضافة حساب حجم العينة واستخدام نموذج الموافقة المستنيرة المعتمد من اللجنة، ثم إعادة التقديم.'
      : 'Please add the sample size calculation and use the committee consent template, then resubmit.',
    answers: answered.map(({ questionId, questionEn, questionAr, type, answer }) => ({
      questionId,
      questionEn,
      questionAr,
      type,
      answer,
    })),
    decidedBy: ids.editorId,
    decidedAt: decided,
  });
  await writeLog(tx, ids.journalId, paperId, [
    ['newProposal', ids.researcherId, PAPER_STATUS.submitted, submitted],
    ['reviewerAdded', ids.editorId, PAPER_STATUS.underReview, invited],
    ['invitationAccepted', ids.reviewerId, PAPER_STATUS.underReview, invited],
    ['invitationFinished', ids.reviewerId, PAPER_STATUS.underReview, reviewed],
    ['statusChanged', ids.reviewerId, PAPER_STATUS.pendingDecision, reviewed],
    ['finalDecision', ids.editorId, PAPER_STATUS.acceptedWithRevisions, decided],
  ]);
}
