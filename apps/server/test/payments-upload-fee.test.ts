import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { papers, payments } from '../src/db/schema';
import { createActiveUser, expectError } from './harness';
import {
  app,
  ethics,
  FORM,
  formToken,
  general,
  insertPaper,
  paperRow,
  paymentRow,
  pressButton,
  researcher,
  researcherId,
  setSettings,
  usePaymentsApp,
} from './payments-setup';

/** Payments through the sandbox gateway (DESIGN §7, decision 0006): the at-upload fee, from checkout to paid. */

usePaymentsApp();

describe('paying the at-upload fee', () => {
  it('shows the fee as due on the paper only while the journal charges it and the paper is in review', async () => {
    const paper = await insertPaper();
    const due = async () => (await researcher.get(`/api/journals/general/papers/${paper.id}`)).body.payment;
    expect(await due()).toEqual({ due: true, amount: '250.00' });
    await setSettings(general.id, { atUpload: false });
    expect(await due()).toEqual({ due: false, amount: null });
    expectError(
      await researcher.post('/api/journals/general/payments', { purpose: 'upload', paperId: paper.id }),
      409,
      'conflict',
      'errors.paymentNotDue',
    );
    await setSettings(general.id, { atUpload: true });
    await app.deps.db.update(papers).set({ status: 6 }).where(eq(papers.id, paper.id));
    expect(await due()).toEqual({ due: false, amount: null });
  });

  it('starts a checkout once: a retry answers the same pending payment, no second row', async () => {
    const paper = await insertPaper();
    const first = await researcher.post('/api/journals/general/payments', { purpose: 'upload', paperId: paper.id });
    expect(first.status).toBe(200);
    expect(first.body.paymentUrl).toBe(`http://journals.test/pay/sandbox/${first.body.reference}?lang=en`);
    const second = await researcher.post('/api/journals/general/payments', { purpose: 'upload', paperId: paper.id });
    expect(second.body).toEqual(first.body);
    const rows = await app.deps.db.select().from(payments).where(eq(payments.paperId, paper.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: '250.00', state: 'pending', purpose: 'upload', userId: researcherId });
    const state = await researcher.get(`/api/journals/general/payments/${first.body.reference}`);
    expect(state.body).toMatchObject({ reference: first.body.reference, state: 'pending', amount: '250.00' });
    // Another journal does not know the reference.
    expect((await researcher.get(`/api/journals/ethics/payments/${first.body.reference}`)).status).toBe(404);
  });

  it('sends an Arabic payer to the hosted page in Arabic', async () => {
    const paper = await insertPaper();
    const { body } = await researcher.request(
      'POST',
      '/api/journals/general/payments',
      { purpose: 'upload', paperId: paper.id },
      { 'accept-language': 'ar-EG' },
    );
    const url = new URL(body.paymentUrl);
    expect(url.searchParams.get('lang')).toBe('ar');
    // The popup does not send the site's Accept-Language: the URL alone picks the page's language.
    const page = await researcher.request('GET', `${url.pathname}${url.search}`, undefined, {
      'accept-language': 'en',
    });
    expect(page.body).toContain('<html lang="ar" dir="rtl">');
  });

  it('serves the hosted page: amount, merchant, description, Pay and Cancel, no inline script, both languages', async () => {
    const paper = await insertPaper();
    const { body } = await researcher.post('/api/journals/general/payments', { purpose: 'upload', paperId: paper.id });
    const path = new URL(body.paymentUrl).pathname;
    const page = await researcher.get(path);
    expect(page.status).toBe(200);
    expect(String(page.headers['content-type'])).toContain('text/html');
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(page.body).toContain('250.00 EGP');
    expect(page.body).toContain('General Journal Payments');
    expect(page.body).toContain('Submission fee of paper GJ.26.11.7');
    expect(page.body).toContain(`action="${path}/complete"`);
    expect(page.body).toMatch(/<button type="submit" name="action" value="pay">Pay<\/button>/);
    expect(page.body).toMatch(/value="cancel">Cancel</);
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)/);
    expect(page.body).not.toMatch(/\son[a-z]+=/i);

    const arabic = await researcher.get(`${path}?lang=ar`);
    expect(arabic.body).toContain('dir="rtl"');
    expect(arabic.body).toContain('>ادفع<');
    expect(arabic.body).toContain('رسوم تقديم البحث GJ.26.11.7');
    const byHeader = await researcher.get(path, { 'accept-language': 'ar-EG' });
    expect(byHeader.body).toContain('lang="ar"');

    expect((await researcher.get('/pay/sandbox/NO-SUCH-REFERENCE')).status).toBe(404);
  });

  it('Pay completes the payment: uploadPaid flips, the page says so and closes itself through a script file', async () => {
    const paper = await insertPaper();
    const { body } = await researcher.post('/api/journals/general/payments', { purpose: 'upload', paperId: paper.id });
    const done = await pressButton(researcher, body.paymentUrl);
    expect(done.status).toBe(200);
    expect(done.body).toContain('Payment complete. You may close this window, or go back to the journal.');
    expect(done.body).toContain('<script src="/pay/sandbox/close.js" defer></script>');
    expect(done.body).not.toMatch(/<script(?![^>]*\bsrc=)/);
    expect(await paperRow(paper.id)).toMatchObject({ uploadPaid: true });
    const payment = await paymentRow(body.reference);
    expect(payment).toMatchObject({ state: 'paid' });
    expect(payment.paidAt).toBeInstanceOf(Date);
    expect(payment.providerTransactionId).toMatch(/^SBX/);
    expect((await researcher.get(`/api/journals/general/payments/${body.reference}`)).body.state).toBe('paid');

    const script = await researcher.get('/pay/sandbox/close.js');
    expect(String(script.headers['content-type'])).toContain('javascript');
    expect(script.body).toContain('window.close()');

    // Nothing is due any more; the page of a paid payment says so.
    expectError(
      await researcher.post('/api/journals/general/payments', { purpose: 'upload', paperId: paper.id }),
      409,
      'conflict',
      'errors.paymentNotDue',
    );
    expect((await researcher.get(new URL(body.paymentUrl).pathname)).body).toContain('already been completed');
  });

  it('the complete form needs its one-time token (a cross-site form cannot know it), and a used form does nothing', async () => {
    const paper = await insertPaper();
    const { body } = await researcher.post('/api/journals/general/payments', { purpose: 'upload', paperId: paper.id });
    const path = `${new URL(body.paymentUrl).pathname}/complete`;
    for (const token of ['', 'forged-token']) {
      const answer = await researcher.request(
        'POST',
        path,
        new URLSearchParams({ token, action: 'pay' }).toString(),
        FORM,
      );
      expect(answer.status).toBe(400);
    }
    expect(await paymentRow(body.reference)).toMatchObject({ state: 'pending' });
    expect(await paperRow(paper.id)).toMatchObject({ uploadPaid: false });

    const token = await formToken(researcher, body.paymentUrl);
    await researcher.request('POST', path, new URLSearchParams({ token, action: 'pay' }).toString(), FORM);
    const paidAt = (await paymentRow(body.reference)).paidAt;
    const again = await researcher.request(
      'POST',
      path,
      new URLSearchParams({ token, action: 'cancel' }).toString(),
      FORM,
    );
    expect(again.body).toContain('already been completed');
    expect(await paymentRow(body.reference)).toMatchObject({ state: 'paid', paidAt });
  });

  it('the result page links back to the paper page on PUBLIC_URL, whatever the request says, in its language', async () => {
    const paper = await insertPaper();
    const { body } = await researcher.post('/api/journals/general/payments', { purpose: 'upload', paperId: paper.id });
    const token = await formToken(researcher, body.paymentUrl);
    // A payer whose popup was blocked pays in the journal's own tab: the link takes them back to the paper.
    const done = await researcher.request(
      'POST',
      `${new URL(body.paymentUrl).pathname}/complete`,
      new URLSearchParams({ token, action: 'pay', lang: 'ar', returnUrl: 'https://evil.example/' }).toString(),
      { ...FORM, host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    );
    const back = `<a class="back" href="http://journals.test/general/dashboard/papers/${paper.id}" data-testid="sandbox-back">العودة إلى المجلة</a>`;
    expect(done.body).toContain(back);
    expect(done.body).toContain('يمكنك إغلاق هذه النافذة أو العودة إلى المجلة');
    expect(done.body).not.toContain('evil.example');
    // The page of a payment already paid offers the same way back.
    const again = await researcher.get(`${new URL(body.paymentUrl).pathname}?lang=en`);
    expect(again.body).toContain(`href="http://journals.test/general/dashboard/papers/${paper.id}"`);
    expect(again.body).toContain('>Back to the journal</a>');
    // Without a payment there is nowhere to go back to.
    expect((await researcher.get('/pay/sandbox/PNOSUCHPAYMENT')).body).not.toContain('sandbox-back');
  });

  it('Cancel closes the payment unpaid; the next checkout is a new payment', async () => {
    const paper = await insertPaper();
    const { body } = await researcher.post('/api/journals/general/payments', { purpose: 'upload', paperId: paper.id });
    const cancelled = await pressButton(researcher, body.paymentUrl, 'cancel', 'ar');
    expect(cancelled.body).toContain('تم إلغاء الدفع');
    expect(cancelled.body).toContain(`href="http://journals.test/general/dashboard/papers/${paper.id}"`);
    expect(await paymentRow(body.reference)).toMatchObject({ state: 'failed', paidAt: null });
    expect(await paperRow(paper.id)).toMatchObject({ uploadPaid: false });
    const next = await researcher.post('/api/journals/general/payments', { purpose: 'upload', paperId: paper.id });
    expect(next.body.reference).not.toBe(body.reference);
  });

  it('only the creator pays, only for a submitted unpaid paper, only when the journal charges and can take payments', async () => {
    const paper = await insertPaper();
    const url = '/api/journals/general/payments';
    const other = await createActiveUser(app);
    const otherClient = app.client();
    await otherClient.login(other.email, other.password);
    const editor = app.client();
    await editor.login('editor@general.test');
    expectError(
      await otherClient.post(url, { purpose: 'upload', paperId: paper.id }),
      404,
      'notFound',
      'errors.notFound',
    );
    expectError(await editor.post(url, { purpose: 'upload', paperId: paper.id }), 404, 'notFound', 'errors.notFound');
    expectError(
      await app.client().post(url, { purpose: 'upload', paperId: paper.id }),
      401,
      'unauthenticated',
      'errors.unauthenticated',
    );
    const elsewhere = await insertPaper({ journalId: ethics.id });
    expect((await researcher.post(url, { purpose: 'upload', paperId: elsewhere.id })).status).toBe(404);
    const draft = await insertPaper({ status: 0 });
    expectError(
      await researcher.post(url, { purpose: 'upload', paperId: draft.id }),
      409,
      'conflict',
      'errors.paymentNotDue',
    );
    await setSettings(general.id, { atUpload: false });
    expectError(
      await researcher.post(url, { purpose: 'upload', paperId: paper.id }),
      409,
      'conflict',
      'errors.paymentNotDue',
    );
    await setSettings(general.id, { atUpload: true, securityKey: '' });
    expectError(
      await researcher.post(url, { purpose: 'upload', paperId: paper.id }),
      409,
      'conflict',
      'errors.paymentsNotConfigured',
    );
    expect(await app.deps.db.select().from(payments).where(eq(payments.paperId, paper.id))).toEqual([]);
    expect((await researcher.post(url, { purpose: 'upload' })).status).toBe(400);
  });
});
