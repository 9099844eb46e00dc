import { describe, expect, it } from 'vitest';
import { expectError } from './harness';
import { multipartForm } from './papers';
import { editor, G, invite, researcher, reviewerId, signedIn, useReviewingApp } from './reviewing-setup';

/**
 * The review-sheet questions screen (spec 03 "Sheet question", §5; issue 22 §2): the editor panel lists, adds at a
 * place, edits, moves, reorders and deletes the journal's questions; the places stay 1…n; the study-design rule;
 * submitted reviews keep their questions as they were, and drafts lose the answers of deleted questions.
 */

useReviewingApp();

interface Row {
  id: number;
  groupEn: string;
  textEn: string;
  type: number;
  order: number;
}
const Q = `${G}/review-questions`;
const question = (textEn: string, type = 1, extra: Record<string, unknown> = {}) => ({
  groupEn: 'Ethics',
  groupAr: 'الأخلاقيات',
  textEn,
  textAr: `سؤال ${textEn}`,
  type,
  ...extra,
});
const sheet = async () => (await editor.get(Q)).body.items as Row[];
const texts = async () => (await sheet()).map((row) => row.textEn);

describe('review-sheet questions', () => {
  it('lists the sheet in order; adds at a place, edits, moves, reorders and deletes, the places always 1…n', async () => {
    const before = await sheet();
    expect(before.length).toBeGreaterThan(3);
    expect(before.map((row) => row.order)).toEqual(before.map((_, index) => index + 1));

    // Added without a place: last. Added at 2: the second, the rest one place down.
    const last = await editor.post(Q, question('Last one'));
    expect(last.status).toBe(201);
    expect(last.body).toMatchObject({ textEn: 'Last one', order: before.length + 1 });
    const second = await editor.post(Q, question('Second one', 0, { order: '2' }));
    expect(second.body.order).toBe(2);
    expect((await texts()).slice(0, 3)).toEqual([before[0]!.textEn, 'Second one', before[1]!.textEn]);

    // Edited and moved to the end; left in place when no order is sent.
    const count = before.length + 2;
    const moved = await editor.put(`${Q}/${second.body.id}`, question('Second, reworded', 0, { order: count }));
    expect(moved.body).toMatchObject({ textEn: 'Second, reworded', order: count });
    expect((await texts()).at(-1)).toBe('Second, reworded');
    const kept = await editor.put(`${Q}/${last.body.id}`, question('Last, reworded'));
    expect(kept.body.order).toBe(count - 1);

    // The whole sheet reordered: reversed.
    const reversed = (await sheet()).map((row) => row.id).reverse();
    const reordered = await editor.put(`${Q}/order`, { ids: reversed });
    expect(reordered.status).toBe(200);
    expect((reordered.body.items as Row[]).map((row) => [row.id, row.order])).toEqual(
      reversed.map((one, index) => [one, index + 1]),
    );
    expect((await sheet()).map((row) => row.id)).toEqual(reversed);
    // An order naming a question twice, leaving one out, or naming another's is refused.
    for (const ids of [[...reversed.slice(1), reversed[1]!], reversed.slice(1), [...reversed.slice(1), 999_999]]) {
      expectError(await editor.put(`${Q}/order`, { ids }), 400, 'validation', 'errors.validation', {
        Ids: ['reviewSheet.order_ids'],
      });
    }

    // Deleted: gone from the sheet, the gap closed; deleting again is "not found".
    for (const id of [second.body.id, last.body.id]) {
      const deleted = await editor.request('DELETE', `${Q}/${id}`);
      expect(deleted.body.messageKey).toBe('reviewSheet.deleted');
    }
    const after = await sheet();
    expect(after.map((row) => row.id)).toEqual(before.map((row) => row.id).reverse());
    expect(after.map((row) => row.order)).toEqual(after.map((_, index) => index + 1));
    expectError(await editor.request('DELETE', `${Q}/${second.body.id}`), 404, 'notFound', 'reviewSheet.not_found');
    expectError(
      await editor.put(`${Q}/${second.body.id}`, question('Ghost')),
      404,
      'notFound',
      'reviewSheet.not_found',
    );
    // Put back as it was for the other tests.
    await editor.put(`${Q}/order`, { ids: before.map((row) => row.id) });
  });

  it('applies the rules of spec 03 §5, field by field, in the caller’s language', async () => {
    const count = (await sheet()).length;
    const refused = await editor.request(
      'POST',
      Q,
      { groupEn: ' ', groupAr: 'ع'.repeat(251), textEn: '', textAr: 'سؤال', type: 11, order: '01' },
      { 'accept-language': 'ar' },
    );
    expectError(refused, 400, 'validation', 'errors.validation', {
      GroupEn: ['validation.required'],
      GroupAr: ['reviewSheet.text_max'],
      TextEn: ['validation.required'],
      Type: ['reviewSheet.type_required'],
      Order: ['reviewSheet.order_invalid'],
    });
    expect(refused.body.message).toMatch(/[\u0600-\u06FF]/);
    for (const order of ['-1', '1.5', 'two', 0]) {
      expect((await editor.post(Q, question('x', 1, { order }))).body.errors).toEqual({
        Order: ['reviewSheet.order_invalid'],
      });
    }
    // From 1 to the count, one more when adding.
    expectError(
      await editor.post(Q, question('Too far', 1, { order: count + 2 })),
      400,
      'validation',
      'errors.validation',
      {
        Order: ['reviewSheet.order_range'],
      },
    );
    const [first] = await sheet();
    expectError(
      await editor.put(`${Q}/${first!.id}`, question(first!.textEn, first!.type, { order: count + 1 })),
      400,
      'validation',
      'errors.validation',
      { Order: ['reviewSheet.order_range'] },
    );
    expect(await sheet()).toHaveLength(count);
  });

  it('asks the study design once, its sub-types only after it, and keeps it while they are there', async () => {
    expectError(await editor.post(Q, question('Blinding?', 10)), 400, 'validation', 'errors.validation', {
      Type: ['reviewSheet.design_first'],
    });
    const design = await editor.post(Q, question('Which design?', 6));
    expect(design.status).toBe(201);
    expectError(await editor.post(Q, question('Design again?', 6)), 400, 'validation', 'errors.validation', {
      Type: ['reviewSheet.design_once'],
    });
    const blinding = await editor.post(Q, question('Blinding?', 10));
    expect(blinding.status).toBe(201);
    expectError(await editor.request('DELETE', `${Q}/${design.body.id}`), 409, 'conflict', 'reviewSheet.design_in_use');
    expectError(
      await editor.put(`${Q}/${design.body.id}`, question('Which design?', 1)),
      400,
      'validation',
      'errors.validation',
      { Type: ['reviewSheet.design_in_use'] },
    );
    expect((await editor.request('DELETE', `${Q}/${blinding.body.id}`)).status).toBe(200);
    expect((await editor.request('DELETE', `${Q}/${design.body.id}`)).status).toBe(200);
  });

  it('never changes a submitted review; a saved draft loses the answer of a deleted question', async () => {
    const { paper } = await researcher();
    expect((await invite(paper.id, { reviewerId })).status).toBe(201);
    const sara = await signedIn('reviewer@general.test');
    const row = (await sara.get(`${G}/reviewing`)).body.items.find(
      (item: { paperId: number }) => item.paperId === paper.id,
    );
    const invitationId = row.id as number;
    expect((await sara.post(`${G}/reviewing/${invitationId}/accept`, {})).status).toBe(200);

    const extra = (await editor.post(Q, question('Is consent documented?'))).body as Row;
    const questions = (await sara.get(`${G}/reviewing/${invitationId}/sheet`)).body.questions as Row[];
    expect(questions.map((one) => one.id)).toContain(extra.id);
    const first = questions[0]!;
    const draft = { answers: { [first.id]: '4', [extra.id]: 'true' } };
    expect((await sara.put(`${G}/reviewing/${invitationId}/draft`, draft)).status).toBe(200);

    // The question deleted: the reopened draft keeps the other answer only, and the sheet no longer asks it.
    expect((await editor.request('DELETE', `${Q}/${extra.id}`)).status).toBe(200);
    const reopened = (await sara.get(`${G}/reviewing/${invitationId}/sheet`)).body;
    expect(reopened.draft.answers).toEqual({ [first.id]: '4' });
    expect((reopened.questions as Row[]).map((one) => one.id)).not.toContain(extra.id);

    // Submitted, then the first question reworded: the review keeps the words it answered.
    const answers = Object.fromEntries(
      (reopened.questions as Row[]).map((one) => [one.id, one.type === 1 ? 'true' : '3']),
    );
    const form = multipartForm({
      review: JSON.stringify({ answers, commentForAuthor: 'Fine.', commentForEditor: '', recommendation: 6 }),
    });
    expect(
      (await sara.request('POST', `${G}/reviewing/${invitationId}/review`, form.payload, form.headers)).status,
    ).toBe(200);
    const full = (await editor.get(Q)).body.items.find((one: Row) => one.id === first.id) as Row & {
      groupAr: string;
      textAr: string;
    };
    const reworded = await editor.put(`${Q}/${first.id}`, {
      groupEn: full.groupEn,
      groupAr: full.groupAr,
      textEn: 'A reworded question',
      textAr: full.textAr,
      type: full.type,
    });
    expect(reworded.status).toBe(200);
    const review = (await editor.get(`${G}/papers/${paper.id}/reviews/${invitationId}`)).body;
    expect(review.answers[0]).toMatchObject({ questionEn: first.textEn, answer: '3' });
    expect(JSON.stringify(review.answers)).not.toContain('A reworded question');
    await editor.put(`${Q}/${first.id}`, { ...full, order: undefined, id: undefined });
  });

  it('is closed to reviewers, authors and guests', async () => {
    const sara = await signedIn('reviewer@general.test');
    expectError(await sara.get(Q), 403, 'forbidden', 'errors.forbidden');
    expectError(await sara.post(Q, question('x')), 403, 'forbidden', 'errors.forbidden');
    expect((await (await signedIn('editor@ethics.test', 'ethics')).get(Q)).status).toBe(403);
  });
});
