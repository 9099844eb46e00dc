import { specFieldName } from '@journals/core/errors';
import {
  orderInRange,
  type ReviewQuestionRow,
  type reviewQuestionRequest,
  sheetTypeError,
} from '@journals/core/schemas/review-sheet';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { journals, reviewQuestions } from '../../db/schema';
import type { Journal } from '../../domain/journal-context';
import type { Deps } from '../../lib/deps';
import { AppError, ConflictError, NotFoundError } from '../../lib/errors';

/**
 * The journal's review-sheet questions (spec 03 "Sheet question", §5; issue 22 §2): listed in their order, added at a
 * place (the ones after it move down), edited (moved when the order changes), deleted (softly: submitted reviews
 * keep their own copy of the texts, and the gap closes), and reordered as a whole. The places are always 1…n: every
 * change writes the whole order again in one statement. Changes of one journal's sheet wait for each other (the
 * journal row is locked), so two editors never produce two questions at one place.
 */

type Values = z.output<typeof reviewQuestionRequest>;
const columns = {
  id: reviewQuestions.id,
  groupEn: reviewQuestions.groupEn,
  groupAr: reviewQuestions.groupAr,
  textEn: reviewQuestions.textEn,
  textAr: reviewQuestions.textAr,
  type: reviewQuestions.type,
};
type Question = Omit<ReviewQuestionRow, 'order'>;

const live = (journal: Journal) => and(eq(reviewQuestions.journalId, journal.id), eq(reviewQuestions.isDeleted, false));

async function liveQuestions(tx: Tx, journal: Journal): Promise<Question[]> {
  return tx
    .select(columns)
    .from(reviewQuestions)
    .where(live(journal))
    .orderBy(asc(reviewQuestions.order), asc(reviewQuestions.id));
}

const placed = (questions: Question[]): ReviewQuestionRow[] =>
  questions.map((question, index) => ({ ...question, order: index + 1 }));

export async function listReviewQuestions({ db }: Pick<Deps, 'db'>, journal: Journal) {
  return placed(await liveQuestions(db, journal));
}

const refuse = (field: string, key: string) =>
  new AppError('validation', 'errors.validation', { [specFieldName([field])]: [key] });

/** The sheet's questions with the journal locked against another change of its sheet. */
async function lockedSheet(tx: Tx, journal: Journal) {
  await tx.select({ id: journals.id }).from(journals).where(eq(journals.id, journal.id)).for('update');
  return liveQuestions(tx, journal);
}

/** Writes the order of these ids (first is 1) in one statement. */
async function writeOrder(tx: Tx, ids: number[]) {
  if (ids.length === 0) return;
  await tx.execute(sql`
    update ${reviewQuestions} set "order" = placed.place
    from (select * from unnest(${`{${ids.join(',')}}`}::int[]) with ordinality as t(id, place)) as placed
    where ${reviewQuestions.id} = placed.id`);
}

function checkPlace(place: number, count: number, adding: boolean) {
  if (!orderInRange(place, count, adding)) throw refuse('order', 'reviewSheet.order_range');
}

export async function addReviewQuestion({ db }: Pick<Deps, 'db'>, journal: Journal, values: Values) {
  return db.transaction(async (tx) => {
    const sheet = await lockedSheet(tx, journal);
    const place = values.order ?? sheet.length + 1;
    checkPlace(place, sheet.length, true);
    const typeError = sheetTypeError(sheet, values.type);
    if (typeError) throw refuse('type', typeError);
    const { order: _order, ...texts } = values;
    const [row] = await tx
      .insert(reviewQuestions)
      .values({ journalId: journal.id, ...texts, order: place })
      .returning(columns);
    const ids = sheet.map((question) => question.id);
    ids.splice(place - 1, 0, row!.id);
    await writeOrder(tx, ids);
    return { ...row!, order: place };
  });
}

export async function editReviewQuestion({ db }: Pick<Deps, 'db'>, journal: Journal, id: number, values: Values) {
  return db.transaction(async (tx) => {
    const sheet = await lockedSheet(tx, journal);
    const index = sheet.findIndex((question) => question.id === id);
    if (index < 0) throw NotFoundError('reviewSheet.not_found');
    const others = sheet.filter((question) => question.id !== id);
    const place = values.order ?? index + 1;
    checkPlace(place, sheet.length, false);
    const typeError = sheetTypeError(others, values.type, sheet[index]!.type);
    if (typeError) throw refuse('type', typeError);
    const { order: _order, ...texts } = values;
    const [row] = await tx.update(reviewQuestions).set(texts).where(eq(reviewQuestions.id, id)).returning(columns);
    const ids = others.map((question) => question.id);
    ids.splice(place - 1, 0, id);
    await writeOrder(tx, ids);
    return { ...row!, order: place };
  });
}

export async function deleteReviewQuestion({ db }: Pick<Deps, 'db'>, journal: Journal, id: number) {
  await db.transaction(async (tx) => {
    const sheet = await lockedSheet(tx, journal);
    const target = sheet.find((question) => question.id === id);
    if (!target) throw NotFoundError('reviewSheet.not_found');
    const others = sheet.filter((question) => question.id !== id);
    // The design question stays while questions that depend on it do (the same rule as changing its type).
    if (sheetTypeError(others, -1, target.type)) throw ConflictError('reviewSheet.design_in_use');
    await tx.update(reviewQuestions).set({ isDeleted: true }).where(eq(reviewQuestions.id, id));
    await writeOrder(
      tx,
      others.map((question) => question.id),
    );
  });
}

/** The whole sheet in a new order: every live question's id exactly once. */
export async function reorderReviewQuestions({ db }: Pick<Deps, 'db'>, journal: Journal, ids: number[]) {
  return db.transaction(async (tx) => {
    const sheet = await lockedSheet(tx, journal);
    const known = new Set(sheet.map((question) => question.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((one) => !known.has(one))) {
      throw refuse('ids', 'reviewSheet.order_ids');
    }
    await writeOrder(tx, ids);
    const byId = new Map(sheet.map((question) => [question.id, question]));
    return placed(ids.map((one) => byId.get(one)!));
  });
}
