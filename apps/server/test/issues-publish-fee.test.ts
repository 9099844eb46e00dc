import { PAPER_STATUS } from '@journals/core/enums';
import { describe, expect, it } from 'vitest';
import { expectError } from './harness';
import { assign, createIssue } from './issues-setup';
import {
  app,
  general,
  insertPaper,
  paperRow,
  paymentRow,
  pressButton,
  researcher,
  setSettings,
  usePaymentsApp,
} from './payments-setup';

/**
 * The at-publish fee (issue 21 §1): when the journal charges at publish, the author of an accepted paper pays it
 * from the paper page through the same gateway as the upload fee (`purpose: 'publish'`); paid, the paper can be
 * placed in an issue.
 */

usePaymentsApp();

const PAPERS = '/api/journals/general/papers';

describe('the at-publish fee', () => {
  it('is due on an accepted paper while the journal charges it, and only there', async () => {
    await setSettings(general.id, { atPublish: true, atPublishPrice: '120.00' });
    const paper = await insertPaper({ status: PAPER_STATUS.accepted, uploadPaid: true });
    const due = async () => (await researcher.get(`${PAPERS}/${paper.id}`)).body.publishPayment;
    expect(await due()).toEqual({ due: true, amount: '120.00' });
    await setSettings(general.id, { atPublish: false });
    expect(await due()).toEqual({ due: false, amount: null });
    expectError(
      await researcher.post('/api/journals/general/payments', { purpose: 'publish', paperId: paper.id }),
      409,
      'conflict',
      'errors.paymentNotDue',
    );
    await setSettings(general.id, { atPublish: true, atPublishPrice: '120.00' });
    const inReview = await insertPaper({ status: PAPER_STATUS.underReview, uploadPaid: true });
    expect((await researcher.get(`${PAPERS}/${inReview.id}`)).body.publishPayment).toEqual({
      due: false,
      amount: null,
    });
    expectError(
      await researcher.post('/api/journals/general/payments', { purpose: 'publish', paperId: inReview.id }),
      409,
      'conflict',
      'errors.paymentNotDue',
    );
  });

  it('is paid by the paper’s author through the gateway; then the editors can place the paper in an issue', async () => {
    await setSettings(general.id, { atPublish: true, atPublishPrice: '120.00' });
    const paper = await insertPaper({ status: PAPER_STATUS.accepted, uploadPaid: true, code: 'GJ.26.11.8' });
    const editor = await app.signedIn('editor@general.test');
    const issueId = await createIssue(editor);
    expectError(
      await assign(editor, issueId, { paperId: paper.id, orderInIssue: 1 }),
      409,
      'conflict',
      'issues.paper_unpaid',
    );
    // Nobody but its author starts the payment.
    expectError(
      await editor.post('/api/journals/general/payments', { purpose: 'publish', paperId: paper.id }),
      404,
      'notFound',
      'errors.notFound',
    );
    const started = await researcher.post('/api/journals/general/payments', { purpose: 'publish', paperId: paper.id });
    expect(started.status).toBe(200);
    expect(await paymentRow(started.body.reference)).toMatchObject({ purpose: 'publish', amount: '120.00' });
    expect((await pressButton(researcher, started.body.paymentUrl)).status).toBe(200);
    expect(await paperRow(paper.id)).toMatchObject({ publishPaid: true, uploadPaid: true });
    expect((await researcher.get(`${PAPERS}/${paper.id}`)).body.publishPayment).toEqual({ due: false, amount: null });
    expect((await assign(editor, issueId, { paperId: paper.id, orderInIssue: 1 })).status).toBe(201);
    await setSettings(general.id, { atPublish: false });
  });
});
