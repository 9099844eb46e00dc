import { PAPER_STATUS } from '@journals/core/enums';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archivedPapers, paperLogs, papers } from '../src/db/schema';
import { buildTestApp, expectError, type TestApp, type TestClient } from './harness';
import { acceptedPaper, assign, chargeAtPublish, createIssue, editPaper, G, ordersOf, userIdOf } from './issues-setup';
import { DOCX, PDF } from './papers';

/**
 * An issue's papers (spec 03 §2 "Issue papers screen", §5; issue 21 §1): assigning an accepted paper with its final
 * PDF, orders kept 1..n, the DOI rule, the archive row prefilled from the submission, editing that never touches
 * the submission, removing, the log entries, and the at-publish fee.
 */

let app: TestApp;
let editor: TestClient;
let researcherId: number;

beforeAll(async () => {
  app = await buildTestApp();
  editor = await app.signedIn('editor@general.test');
  researcherId = await userIdOf(app, 'researcher@general.test');
});
afterAll(() => app?.close());

const archived = async (paperId: number) =>
  (await app.deps.db.select().from(archivedPapers).where(eq(archivedPapers.paperId, paperId)))[0];
const paperRow = async (paperId: number) => (await app.deps.db.select().from(papers).where(eq(papers.id, paperId)))[0]!;
const lastLog = async (paperId: number) =>
  (
    await app.deps.db
      .select()
      .from(paperLogs)
      .where(eq(paperLogs.paperId, paperId))
      .orderBy(desc(paperLogs.id))
      .limit(1)
  )[0];

describe('assigning a paper to an issue', () => {
  it('prefills the archive from the submission, keeps the final PDF and logs addedToIssue', async () => {
    const issueId = await createIssue(editor, { issue: '2' });
    const paper = await acceptedPaper(app, researcherId, {
      title: 'أثر النوم على الذاكرة',
      abstract: 'We measured sleep.',
    });
    const before = await paperRow(paper.id);
    const listed = (await editor.get(`${G}/issues/${issueId}/papers`)).body;
    expect(listed.unassigned.find((row: { paperId: number }) => row.paperId === paper.id)).toEqual({
      paperId: paper.id,
      code: paper.code,
      title: 'أثر النوم على الذاكرة',
      titleEn: '',
      titleAr: 'أثر النوم على الذاكرة',
      abstractEn: 'We measured sleep.',
      abstractAr: '',
      publishPaid: true,
    });
    const answer = await assign(editor, issueId, {
      paperId: paper.id,
      orderInIssue: 1,
      fromPage: 3,
      toPage: 9,
      doi: 'https://doi.org/10.5555/sleep.2026.1',
    });
    expect(answer.status).toBe(201);
    expect(answer.body.message).toBe('The paper is placed in the issue.');
    expect(await archived(paper.id)).toMatchObject({
      issueId,
      journalId: 1,
      published: false,
      orderInIssue: 1,
      fromPage: 3,
      toPage: 9,
      doi: '10.5555/sleep.2026.1',
      paperType: 1,
      titleAr: 'أثر النوم على الذاكرة',
      titleEn: '',
      abstractEn: 'We measured sleep.',
      correspondingAuthor: 'Karim Lead',
      jointAuthors: ['Huda Main', 'Lina Third'],
      keywords: ['sleep', 'memory'],
      specializationIds: [1],
    });
    const after = await paperRow(paper.id);
    expect(after).toEqual({ ...before, issueId });
    expect(await lastLog(paper.id)).toMatchObject({
      action: 'addedToIssue',
      paperStatus: PAPER_STATUS.accepted,
      actorId: await userIdOf(app, 'editor@general.test'),
    });
    const screen = (await editor.get(`${G}/issues/${issueId}/papers`)).body;
    expect(screen.issue).toMatchObject({ id: issueId, issue: '2', paperCount: 1 });
    expect(screen.papers).toEqual([
      expect.objectContaining({
        paperId: paper.id,
        orderInIssue: 1,
        doi: '10.5555/sleep.2026.1',
        finalFile: expect.objectContaining({ originalName: 'final.pdf', size: PDF.length }),
      }),
    ]);
    expect(screen.unassigned.some((row: { paperId: number }) => row.paperId === paper.id)).toBe(false);
  });

  it('takes only an accepted paper of this journal, its newest version, in no other issue', async () => {
    const issueId = await createIssue(editor);
    const other = await createIssue(editor);
    const placed = await acceptedPaper(app, researcherId);
    expect((await assign(editor, other, { paperId: placed.id, orderInIssue: 1 })).status).toBe(201);
    expectError(
      await assign(editor, issueId, { paperId: placed.id, orderInIssue: 1 }),
      409,
      'conflict',
      'issues.paper_in_other_issue',
    );
    expectError(
      await assign(editor, other, { paperId: placed.id, orderInIssue: 1 }),
      409,
      'conflict',
      'issues.paper_in_issue',
    );
    for (const overrides of [
      { status: PAPER_STATUS.underReview },
      { status: PAPER_STATUS.rejected },
      { superseded: true },
    ]) {
      const paper = await acceptedPaper(app, researcherId, overrides);
      const answer = await assign(editor, issueId, { paperId: paper.id, orderInIssue: 1 });
      expectError(answer, 409, 'conflict', 'issues.paper_not_assignable');
    }
    const ethicsPaper = await acceptedPaper(app, researcherId, { journalId: 2 });
    expectError(
      await assign(editor, issueId, { paperId: ethicsPaper.id, orderInIssue: 1 }),
      404,
      'notFound',
      'errors.notFound',
    );
    expect(await ordersOf(editor, issueId)).toEqual([]);
  });

  it('needs the paper, an order offered, pages in order and its final PDF, checked by content', async () => {
    const issueId = await createIssue(editor);
    const paper = await acceptedPaper(app, researcherId);
    expectError(await assign(editor, issueId, { orderInIssue: 1 }), 400, 'validation', 'errors.validation', {
      PaperId: ['issues.paper_required'],
    });
    expectError(
      await assign(editor, issueId, { paperId: paper.id, orderInIssue: 2 }),
      400,
      'validation',
      'errors.validation',
      {
        OrderInIssue: ['issues.order_invalid'],
      },
    );
    expectError(
      await assign(editor, issueId, { paperId: paper.id, orderInIssue: '' }),
      400,
      'validation',
      'errors.validation',
      {
        OrderInIssue: ['issues.order_required'],
      },
    );
    expectError(
      await assign(editor, issueId, { paperId: paper.id, orderInIssue: 1, fromPage: 9, toPage: 3 }),
      400,
      'validation',
      'errors.validation',
      { ToPage: ['issues.pages_order'] },
    );
    expectError(
      await assign(editor, issueId, { paperId: paper.id, orderInIssue: 1 }, null),
      400,
      'validation',
      'errors.validation',
      {
        FinalVersion: ['issues.final_file_required'],
      },
    );
    // A Word file named .pdf, and a real Word file: refused by content and by type.
    expectError(
      await assign(editor, issueId, { paperId: paper.id, orderInIssue: 1 }, ['final.pdf', DOCX]),
      415,
      'unsupportedFileType',
      'errors.unsupportedFileType',
    );
    expectError(
      await assign(editor, issueId, { paperId: paper.id, orderInIssue: 1 }, ['final.docx', DOCX]),
      415,
      'unsupportedFileType',
      'errors.unsupportedFileType',
    );
    const big = Buffer.concat([PDF, Buffer.alloc(25 * 1024 * 1024)]);
    expectError(
      await assign(editor, issueId, { paperId: paper.id, orderInIssue: 1 }, ['big.pdf', big]),
      413,
      'fileTooLarge',
      'errors.fileTooLarge',
    );
    expect(await ordersOf(editor, issueId)).toEqual([]);
    expect((await paperRow(paper.id)).issueId).toBeNull();
  });

  it('reads the DOI as people type it and stores it bare; anything else is "Not Valid DOI"', async () => {
    const issueId = await createIssue(editor);
    const forms: [string, string | null][] = [
      ['10.1234/abc.def', '10.1234/abc.def'],
      ['doi:10.1234/x-1', '10.1234/x-1'],
      ['DOI: 10.1234/x-2', '10.1234/x-2'],
      ['https://doi.org/10.1234/x-3', '10.1234/x-3'],
      ['http://dx.doi.org/10.1234/x-4', '10.1234/x-4'],
      ['https://doi.org/10.1234/a%2Fb', '10.1234/a/b'],
      ['', null],
    ];
    let order = 1;
    for (const [typed, stored] of forms) {
      const paper = await acceptedPaper(app, researcherId);
      expect((await assign(editor, issueId, { paperId: paper.id, orderInIssue: order++, doi: typed })).status).toBe(
        201,
      );
      expect((await archived(paper.id))!.doi).toBe(stored);
    }
    const paper = await acceptedPaper(app, researcherId);
    for (const typed of ['11.1234/x', '10.12/x', 'https://example.org/10.1234/x', 'doi:', '10.1234/has space', 'abc']) {
      const answer = await assign(editor, issueId, { paperId: paper.id, orderInIssue: 1, doi: typed });
      expectError(answer, 400, 'validation', 'errors.validation', { Doi: ['issues.doi_invalid'] });
    }
    const { translate } = await import('@journals/core/i18n/index');
    expect(translate('en', 'issues.doi_invalid')).toBe('Not Valid DOI');
  });
});

describe('the order of the papers in an issue', () => {
  it('stays 1..n: inserting at k shifts the rest, moving re-packs, removing closes the gap', async () => {
    const issueId = await createIssue(editor);
    const [a, b, c, d] = [
      await acceptedPaper(app, researcherId),
      await acceptedPaper(app, researcherId),
      await acceptedPaper(app, researcherId),
      await acceptedPaper(app, researcherId),
    ];
    await assign(editor, issueId, { paperId: a!.id, orderInIssue: 1 });
    await assign(editor, issueId, { paperId: b!.id, orderInIssue: 2 });
    await assign(editor, issueId, { paperId: c!.id, orderInIssue: 1 });
    expect(await ordersOf(editor, issueId)).toEqual([
      [1, c!.id],
      [2, a!.id],
      [3, b!.id],
    ]);
    await assign(editor, issueId, { paperId: d!.id, orderInIssue: 2 });
    expect(await ordersOf(editor, issueId)).toEqual([
      [1, c!.id],
      [2, d!.id],
      [3, a!.id],
      [4, b!.id],
    ]);
    // Moving down, then up.
    expect((await editPaper(editor, issueId, c!.id, { orderInIssue: 4 })).status).toBe(200);
    expect(await ordersOf(editor, issueId)).toEqual([
      [1, d!.id],
      [2, a!.id],
      [3, b!.id],
      [4, c!.id],
    ]);
    expect((await editPaper(editor, issueId, b!.id, { orderInIssue: 1 })).status).toBe(200);
    expect(await ordersOf(editor, issueId)).toEqual([
      [1, b!.id],
      [2, d!.id],
      [3, a!.id],
      [4, c!.id],
    ]);
    expectError(await editPaper(editor, issueId, b!.id, { orderInIssue: 5 }), 400, 'validation', 'errors.validation', {
      OrderInIssue: ['issues.order_invalid'],
    });
    const removed = await editor.request('DELETE', `${G}/issues/${issueId}/papers/${d!.id}`);
    expect(removed.status).toBe(204);
    expect(await ordersOf(editor, issueId)).toEqual([
      [1, b!.id],
      [2, a!.id],
      [3, c!.id],
    ]);
    expect(await archived(d!.id)).toBeUndefined();
    expect((await paperRow(d!.id)).issueId).toBeNull();
    expect(await lastLog(d!.id)).toMatchObject({ action: 'removedFromIssue', paperStatus: PAPER_STATUS.accepted });
    // Removed, it waits for an issue again.
    const screen = (await editor.get(`${G}/issues/${issueId}/papers`)).body;
    expect(screen.unassigned.some((row: { paperId: number }) => row.paperId === d!.id)).toBe(true);
    expectError(
      await editor.request('DELETE', `${G}/issues/${issueId}/papers/${d!.id}`),
      404,
      'notFound',
      'issues.paper_not_in_issue',
    );
  });
});

describe('editing a paper in an issue', () => {
  it('changes the archive row only, keeps the PDF unless a new one is sent', async () => {
    const issueId = await createIssue(editor);
    const paper = await acceptedPaper(app, researcherId);
    await assign(editor, issueId, { paperId: paper.id, orderInIssue: 1 });
    const before = await paperRow(paper.id);
    const fileBefore = (await archived(paper.id))!.finalFileId;
    const fields = {
      orderInIssue: 1,
      fromPage: 10,
      toPage: 12,
      doi: 'doi:10.7777/edited',
      titleEn: 'Sleep and memory in students',
      titleAr: 'النوم والذاكرة لدى الطلاب',
      abstractEn: 'An English abstract.',
      abstractAr: 'ملخص بالعربية.',
    };
    const answer = await editPaper(editor, issueId, paper.id, fields);
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('The paper is updated.');
    expect(await archived(paper.id)).toMatchObject({ ...fields, doi: '10.7777/edited', finalFileId: fileBefore });
    expect(await paperRow(paper.id)).toEqual(before);
    expect((await editPaper(editor, issueId, paper.id, fields, ['new.pdf', PDF])).status).toBe(200);
    expect((await archived(paper.id))!.finalFileId).not.toBe(fileBefore);
    const screen = (await editor.get(`${G}/issues/${issueId}/papers`)).body;
    expect(screen.papers[0].finalFile.originalName).toBe('new.pdf');
    const notThere = await acceptedPaper(app, researcherId);
    expectError(await editPaper(editor, issueId, notThere.id, fields), 404, 'notFound', 'issues.paper_not_in_issue');
  });

  it('is refused, like assigning and removing, once the issue is published', async () => {
    const issueId = await createIssue(editor);
    const paper = await acceptedPaper(app, researcherId);
    await assign(editor, issueId, { paperId: paper.id, orderInIssue: 1 });
    expect((await editor.post(`${G}/issues/${issueId}/publish`)).status).toBe(200);
    const another = await acceptedPaper(app, researcherId);
    for (const answer of [
      await editPaper(editor, issueId, paper.id, { orderInIssue: 1 }),
      await assign(editor, issueId, { paperId: another.id, orderInIssue: 2 }),
      await editor.request('DELETE', `${G}/issues/${issueId}/papers/${paper.id}`),
    ]) {
      expectError(answer, 409, 'conflict', 'issues.published_papers_locked');
    }
  });
});

describe('the at-publish fee', () => {
  it('shows an unpaid paper as such, and refuses to assign it with a message naming it', async () => {
    await chargeAtPublish(app, true);
    try {
      const issueId = await createIssue(editor);
      const unpaid = await acceptedPaper(app, researcherId, { title: 'Unpaid sleep study' });
      const paid = await acceptedPaper(app, researcherId, { publishPaid: true });
      const screen = (await editor.get(`${G}/issues/${issueId}/papers`)).body;
      expect(screen.chargesAtPublish).toBe(true);
      const row = (id: number) => screen.unassigned.find((paper: { paperId: number }) => paper.paperId === id);
      expect([row(unpaid.id).publishPaid, row(paid.id).publishPaid]).toEqual([false, true]);
      const refused = await assign(editor, issueId, { paperId: unpaid.id, orderInIssue: 1 });
      expectError(refused, 409, 'conflict', 'issues.paper_unpaid');
      expect(refused.body.message).toBe('The publishing fee of the paper "Unpaid sleep study" is not paid yet.');
      editor.language = 'ar';
      const arabic = await assign(editor, issueId, { paperId: unpaid.id, orderInIssue: 1 });
      editor.language = 'en';
      expect(arabic.body.message).toBe('لم تُدفع بعدُ رسوم نشر البحث «Unpaid sleep study».');
      expect((await assign(editor, issueId, { paperId: paid.id, orderInIssue: 1 })).status).toBe(201);
      // A paper placed before the journal started charging is refused at publish, by name.
      await app.deps.db
        .update(papers)
        .set({ publishPaid: false })
        .where(and(eq(papers.id, paid.id)));
      const publish = await editor.post(`${G}/issues/${issueId}/publish`);
      expectError(publish, 409, 'conflict', 'issues.paper_unpaid');
      expect(publish.body.message).toContain('is not paid yet');
    } finally {
      await chargeAtPublish(app, false);
    }
  });
});
