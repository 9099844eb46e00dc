import { fileRuleError } from '@journals/core/files';
import { REVIEW_ATTACHMENT_RULES, REVIEW_ATTACHMENT_SLOTS, type ReviewAttachmentSlot } from '@journals/core/reviewing';

/** The review sheet's fields by name (the form's and the server's) and the browser's check of an attachment. */

export const acceptOf = (slot: ReviewAttachmentSlot) =>
  REVIEW_ATTACHMENT_RULES[slot].extensions.map((ext) => `.${ext}`).join(',');

/** A field of the sheet by its place on screen: `q<id>`, the comments, the attachments, the recommendation. */
export type FieldKey = string;
export const questionKey = (id: number) => `q${id}`;
/** The server's field names (`Answers[12]`, `CommentForAuthor`, …) as the form's. */
export function fieldKeyOf(serverName: string): FieldKey | null {
  const answer = /^Answers\[(\d+)\]$/i.exec(serverName);
  if (answer) return questionKey(Number(answer[1]));
  const known = ['commentForAuthor', 'commentForEditor', 'recommendation', ...REVIEW_ATTACHMENT_SLOTS];
  return known.find((name) => name.toLowerCase() === serverName.toLowerCase()) ?? null;
}

/** The file's problem in the browser (the server checks its content again): its extension, then its size. */
export function attachmentError(slot: ReviewAttachmentSlot, file: File | null): string | null {
  return file ? fileRuleError(REVIEW_ATTACHMENT_RULES[slot], file) : null;
}
