import { PAPER_FILE_KINDS } from '@journals/core/files';
import { ANSWER_OPTIONS, type AnswerType } from '@journals/core/reviewing';
import type { ApiClient } from './api';
import { ABSTRACT, PDF } from './papers';

/**
 * A new paper submitted through the API whose one author works at `workPlace`: a reviewer working there has a
 * conflict of interest with it.
 */
export async function paperOfWorkplace(
  researcher: ApiClient,
  slug: string,
  title: string,
  workPlace: string,
): Promise<{ id: number; code: string }> {
  const info = await researcher.ok<{ specializations: { id: number }[] }>(
    researcher.get(`/api/journals/${slug}/auth/register`),
  );
  const papers = `/api/journals/${slug}/papers`;
  const { id } = await researcher.ok<{ id: number }>(
    researcher.post(papers, {
      statusOfApplicant: 4,
      medical_School: 1,
      paper_Type: 4,
      new_Amendment_Renewal: 1,
      typeOfTheStudy: 1,
      observationalDescriptive: 3,
      fundingSource: 1,
      isFinancialDisclousreMentioned: 2,
      department: 'Nursing',
      title_of_the_work: title,
      original_Proposal_Code: '',
      specializationId: info.specializations[0]!.id,
      keywords: ['nursing', 'education'],
      abstract: ABSTRACT,
      authors: [
        { fullName: 'Karim Nabil', email: 'karim@example.org', phone: '+201012345678', workPlace, isMain: true },
      ],
      reviewers: [],
      answers: [],
    }),
  );
  for (const kind of PAPER_FILE_KINDS)
    await researcher.ok(
      researcher.upload(`${papers}/${id}/files/${kind}`, {
        [kind]: { name: `${kind}.pdf`, mimeType: 'application/pdf', buffer: PDF },
      }),
    );
  return researcher.ok<{ id: number; code: string }>(researcher.post(`${papers}/${id}/submit`, { acceptTerms: true }));
}

/**
 * A reviewer's whole part through the API (the reviewer's screens are another spec's): accept the invitation on the
 * paper, read the sheet, answer every question and submit with a comment and an attachment for the author.
 */
export async function submitReview(
  reviewer: ApiClient,
  slug: string,
  paperId: number,
  review: { recommendation: number; commentForAuthor: string; commentForEditor: string; attachmentName: string },
): Promise<number> {
  const own = await reviewer.ok<{ items: { id: number }[] }>(
    reviewer.get(`/api/journals/${slug}/papers/${paperId}/reviewers`),
  );
  const invitationId = own.items[0]!.id;
  const base = `/api/journals/${slug}/reviewing/${invitationId}`;
  await reviewer.ok(reviewer.post(`${base}/accept`));
  const sheet = await reviewer.ok<{ questions: { id: number; type: number }[] }>(reviewer.get(`${base}/sheet`));
  // The design question answered "experimental": its sub-types (9, 10) apply, and the third option exists for all.
  const answers = Object.fromEntries(
    sheet.questions.map((question) => {
      const options = ANSWER_OPTIONS[question.type as AnswerType];
      return [question.id, question.type === 1 ? 'true' : options[Math.min(2, options.length - 1)]!];
    }),
  );
  await reviewer.ok(
    reviewer.upload(`${base}/review`, {
      review: JSON.stringify({
        answers,
        recommendation: review.recommendation,
        commentForAuthor: review.commentForAuthor,
        commentForEditor: review.commentForEditor,
      }),
      attachForAuthor: { name: review.attachmentName, mimeType: 'application/pdf', buffer: PDF },
    }),
  );
  return invitationId;
}
