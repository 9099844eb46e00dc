import { z } from 'zod';
import { ANSWER_TYPE_CODES, ANSWER_TYPES, CONDITIONAL_ON_DESIGN, type AnswerType } from '../reviewing';
import { id, requiredText } from './fields';

/**
 * The journal's review-sheet questions as its editor panel edits them (spec 03 "Sheet question", §5; issue 22 §2):
 * the group heading and the question in both languages (each required, up to 250 characters), the answer type 0–10
 * and the place in the sheet. Submitted reviews keep their questions' texts as they were (DESIGN §4), so an edit or
 * a delete never changes them; a saved draft loses the answers of deleted questions.
 */

export const REVIEW_QUESTION_LIMITS = { text: 250 } as const;

/** The place in the sheet: a whole number written without a sign or leading zeros (spec 03 §5). */
const order = z
  .union([z.number(), z.string()], { error: 'reviewSheet.order_invalid' })
  .optional()
  .transform((value, context) => {
    if (value === undefined || (typeof value === 'string' && value.trim() === '')) return undefined;
    const text = String(value).trim();
    if (!/^[1-9]\d{0,3}$/.test(text)) {
      context.addIssue({ code: 'custom', message: 'reviewSheet.order_invalid' });
      return z.NEVER;
    }
    return Number(text);
  });

const text = (requiredKey = 'validation.required') =>
  requiredText(requiredKey, REVIEW_QUESTION_LIMITS.text, 'reviewSheet.text_max');

export const reviewQuestionRequest = z.object({
  groupEn: text(),
  groupAr: text(),
  textEn: text(),
  textAr: text(),
  type: z.union(
    ANSWER_TYPE_CODES.map((code) => z.literal(code)),
    { error: 'reviewSheet.type_required' },
  ),
  /** Where the question goes (1 is first); none puts a new question last and leaves an edited one in place. */
  order,
});
export type ReviewQuestionRequest = z.input<typeof reviewQuestionRequest>;

/** The new order of the whole sheet: every question's id once, first to last. */
export const reviewQuestionOrderRequest = z.object({
  ids: z.array(id, { error: 'reviewSheet.order_ids' }).min(1, { error: 'reviewSheet.order_ids' }).max(500),
});

export const reviewQuestionRow = z.object({
  id: z.number(),
  groupEn: z.string(),
  groupAr: z.string(),
  textEn: z.string(),
  textAr: z.string(),
  type: z.number(),
  order: z.number(),
});
export type ReviewQuestionRow = z.infer<typeof reviewQuestionRow>;
export const reviewQuestionsResponse = z.object({ items: z.array(reviewQuestionRow) });

/** A place in a sheet of `count` questions: 1 to count, or one more for a question being added (spec 03 §5). */
export const orderInRange = (place: number, count: number, adding: boolean) =>
  place >= 1 && place <= count + (adding ? 1 : 0);

/**
 * The sheet's study-design rule (spec 01 §3): one design question at most, and the design's sub-types (7–10) only in
 * a sheet that asks the design, which then stays while they do. `others` are the sheet's other questions. Returns
 * the message key of the refusal, or null.
 */
export function sheetTypeError(others: readonly { type: number }[], type: number, wasType?: number): string | null {
  const hasDesign = others.some((question) => question.type === ANSWER_TYPES.design);
  const hasConditional = others.some((question) => CONDITIONAL_ON_DESIGN[question.type as AnswerType] !== undefined);
  if (type === ANSWER_TYPES.design && hasDesign) return 'reviewSheet.design_once';
  if (CONDITIONAL_ON_DESIGN[type as AnswerType] !== undefined && !hasDesign) return 'reviewSheet.design_first';
  if (wasType === ANSWER_TYPES.design && type !== ANSWER_TYPES.design && hasConditional) {
    return 'reviewSheet.design_in_use';
  }
  return null;
}
