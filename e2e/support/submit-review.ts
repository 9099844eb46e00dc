import { ANSWER_OPTIONS, type AnswerType } from '@journals/core/reviewing';
import type { ApiClient } from './api';
import { PDF } from './papers';

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
