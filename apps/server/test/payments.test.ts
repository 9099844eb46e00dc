import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { journalPaymentSettings, journals, papers, payments, users } from '../src/db/schema';
import { loadConfig } from '../src/config';
import { completionToken } from '../src/features/payments/payments.service';
import { sandboxSignature } from '../src/features/payments/provider';
import {
  buildTestApp,
  createActiveUser,
  expectError,
  lastMailTo,
  registration,
  type TestApp,
  type TestClient,
} from './harness';

/** Payments through the sandbox gateway (DESIGN §7, docs/decisions/0006-payments.md). */

let app: TestApp;
let general: typeof journals.$inferSelect;
let ethics: typeof journals.$inferSelect;
let researcher: TestClient;
let researcherId: number;

const KEY = 'general-security-key';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

async function setSettings(journalId: number, values: Partial<typeof journalPaymentSettings.$inferInsert>) {
  await app.deps.db.update(journalPaymentSettings).set(values).where(eq(journalPaymentSettings.journalId, journalId));
}

async function insertPaper(values: Partial<typeof papers.$inferInsert> = {}) {
  const [paper] = await app.deps.db
    .insert(papers)
    .values({
      journalId: general.id,
      creatorId: researcherId,
      status: 1,
      code: 'GJ.26.11.7',
      title: 'Hand hygiene compliance',
      uploadPaid: false,
      submittedAt: new Date(),
      ...values,
    })
    .returning();
  return paper!;
}

const paperRow = async (id: number) => (await app.deps.db.select().from(papers).where(eq(papers.id, id)))[0]!;
const paymentRow = async (reference: string) =>
  (await app.deps.db.select().from(payments).where(eq(payments.reference, reference)))[0]!;

/** Opens the hosted page and returns its one-time form token. */
async function formToken(client: TestClient, paymentUrl: string) {
  const page = await client.get(new URL(paymentUrl).pathname);
  expect(page.status).toBe(200);
  return /name="token" value="([^"]+)"/.exec(page.body)![1]!;
}

/** Presses Pay (or Cancel) on the hosted page, as the browser's form post does. */
async function pressButton(client: TestClient, paymentUrl: string, action: 'pay' | 'cancel' = 'pay', lang = 'en') {
  const token = await formToken(client, paymentUrl);
  const path = `${new URL(paymentUrl).pathname}/complete`;
  return client.request('POST', path, new URLSearchParams({ token, action, lang }).toString(), FORM);
}

/** A gateway's server-to-server call: no cookie, no CSRF header. */
async function callback(body: Record<string, string>) {
  const response = await app.app.inject({ method: 'POST', url: '/api/payments/callback/sandbox', payload: body });
  return { status: response.statusCode, body: response.json() };
}

function signed(fields: { reference: string; amount: string; transactionId: string; status: string }, key = KEY) {
  return { ...fields, signature: sandboxSignature(key, fields) };
}

beforeAll(async () => {
  app = await buildTestApp();
  general = (await app.deps.db.select().from(journals).where(eq(journals.slug, 'general')))[0]!;
  ethics = (await app.deps.db.select().from(journals).where(eq(journals.slug, 'ethics')))[0]!;
  researcher = app.client();
  await researcher.login('researcher@general.test');
  [{ id: researcherId }] = (await app.deps.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'researcher@general.test'))) as [{ id: number }];
}, 60_000);
afterAll(() => app.close());

beforeEach(async () => {
  await setSettings(general.id, {
    merchantId: 'M-100',
    securityKey: KEY,
    merchantName: 'General Journal Payments',
    atUpload: true,
    atUploadPrice: '250.00',
    atRegister: false,
    atRegisterPrice: null,
  });
});

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

describe('the gateway callback', () => {
  async function pendingPayment() {
    const paper = await insertPaper();
    const { body } = await researcher.post('/api/journals/general/payments', { purpose: 'upload', paperId: paper.id });
    return { paper, reference: body.reference as string };
  }

  it('a signed callback marks the payment paid; its replay answers 200 and changes nothing', async () => {
    const { paper, reference } = await pendingPayment();
    const call = signed({ reference, amount: '250.00', transactionId: 'T-1', status: 'paid' });
    expect(await callback(call)).toEqual({ status: 200, body: { reference, state: 'paid' } });
    const paid = await paymentRow(reference);
    expect(paid).toMatchObject({ state: 'paid', providerTransactionId: 'T-1' });
    expect(await paperRow(paper.id)).toMatchObject({ uploadPaid: true });

    const replay = await callback(call);
    expect(replay).toEqual({ status: 200, body: { reference, state: 'paid' } });
    const failedReplay = await callback(
      signed({ reference, amount: '250.00', transactionId: 'T-2', status: 'failed' }),
    );
    expect(failedReplay.status).toBe(200);
    expect(await paymentRow(reference)).toEqual(paid);
  });

  it('a forged signature, a wrong amount, an unknown reference or another journal key: 400, nothing changes', async () => {
    const { paper, reference } = await pendingPayment();
    const before = await paymentRow(reference);
    const refused = [
      { ...signed({ reference, amount: '250.00', transactionId: 'T-3', status: 'paid' }), signature: 'ab'.repeat(32) },
      signed({ reference, amount: '250.00', transactionId: 'T-3', status: 'paid' }, 'wrong-key'),
      signed({ reference, amount: '1.00', transactionId: 'T-3', status: 'paid' }),
      signed({ reference, amount: '250.001', transactionId: 'T-3', status: 'paid' }),
      signed({ reference: 'PUNKNOWN', amount: '250.00', transactionId: 'T-3', status: 'paid' }),
      signed({ reference, amount: '250.00', transactionId: 'T-3', status: 'maybe' }),
      { reference, amount: '250.00', transactionId: 'T-3', status: 'paid' },
      {},
    ];
    for (const body of refused) {
      const answer = await callback(body as Record<string, string>);
      expect({ body, status: answer.status, key: answer.body.messageKey }).toEqual({
        body,
        status: 400,
        key: 'errors.paymentRefused',
      });
    }
    // The same amount written differently is the same amount.
    expect(await paymentRow(reference)).toEqual(before);
    expect(await paperRow(paper.id)).toMatchObject({ uploadPaid: false });
    const unknownProvider = await app.app.inject({ method: 'POST', url: '/api/payments/callback/other', payload: {} });
    expect(unknownProvider.statusCode).toBe(404);
  });

  it('accepts the amount written without trailing zeros ("250") as the stored 250.00', async () => {
    const { reference } = await pendingPayment();
    expect((await callback(signed({ reference, amount: '250', transactionId: 'T-9', status: 'paid' }))).status).toBe(
      200,
    );
    expect(await paymentRow(reference)).toMatchObject({ state: 'paid' });
  });
});

describe('paying the registration fee', () => {
  it('the register answer carries the payment page; paying it lets the activated account sign in', async () => {
    await setSettings(general.id, { atRegister: true, atRegisterPrice: '150.00' });
    const client = app.client();
    const body = await registration(client);
    const registered = await client.post('/api/journals/general/auth/register', body);
    expect(registered.status).toBe(201);
    expect(registered.body.paymentUrl).toBe(
      `http://journals.test/pay/sandbox/${registered.body.paymentReference}?lang=en`,
    );
    const email = String(body.email).toLowerCase();
    const [user] = await app.deps.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ registrationPaid: false });

    // Activated but unpaid: no sign-in yet.
    const { link } = await lastMailTo(app, email);
    await client.post('/api/auth/activate', {
      userId: Number(link!.searchParams.get('userId')),
      code: link!.searchParams.get('code'),
    });
    const refused = await client.post('/api/journals/general/auth/login', { email, password: body.password });
    expect(refused.body.messageKey).toBe('errors.accountAwaitingPayment');

    // Later (the popup was closed): the account proves itself with its credentials and resumes the same payment.
    const resumed = await client.post('/api/journals/general/payments', {
      purpose: 'register',
      email,
      password: body.password,
    });
    expect(resumed.body).toEqual({
      paymentUrl: registered.body.paymentUrl,
      reference: registered.body.paymentReference,
    });
    expectError(
      await client.post('/api/journals/general/payments', { purpose: 'register', email, password: 'Wrong-pass-1' }),
      400,
      'validation',
      'errors.loginFailed',
    );
    expect((await client.get(`/api/journals/general/payments/${resumed.body.reference}`)).body.state).toBe('pending');

    const done = await pressButton(client, registered.body.paymentUrl);
    expect(done.body).toContain('Payment complete');
    // Back to the journal, where the login dialog opens: the registration fee has no paper page.
    expect(done.body).toContain('<a class="back" href="http://journals.test/general/?login"');
    const [after] = await app.deps.db.select().from(users).where(eq(users.id, user!.id));
    expect(after).toMatchObject({ registrationPaid: true });
    expect((await client.post('/api/journals/general/auth/login', { email, password: body.password })).status).toBe(
      200,
    );
    expectError(
      await app
        .client()
        .post('/api/journals/general/payments', { purpose: 'register', email, password: body.password }),
      409,
      'conflict',
      'errors.paymentNotDue',
    );
    const rows = await app.deps.db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, user!.id), eq(payments.purpose, 'register')));
    expect(rows).toHaveLength(1);
  });

  it('no payment page when the journal charges nothing at registration', async () => {
    const client = app.client();
    const registered = await client.post('/api/journals/general/auth/register', await registration(client));
    expect(registered.status).toBe(201);
    expect(registered.body.paymentUrl).toBeUndefined();
  });
});

describe('payment settings (journal manager only)', () => {
  const valid = {
    merchantId: 'M-200',
    securityKey: 'new-key',
    merchantName: 'Journal Gateway',
    atRegister: true,
    atRegisterPrice: 100,
    atUpload: true,
    atUploadPrice: '999999.99',
    atPublish: false,
    atPublishPrice: null,
    atDownload: true,
    atDownloadPrice: '12.5',
    membershipType: 2,
  };
  let manager: TestClient;
  beforeAll(async () => {
    manager = app.client();
    await manager.login('editor@general.test');
  });

  it('reads and saves the settings, prices normalised to two decimals, the key shown to the manager', async () => {
    const saved = await manager.put('/api/journals/general/payment-settings', valid);
    expect(saved.status).toBe(200);
    expect(saved.body.messageKey).toBe('messages.paymentSettingsSaved');
    const read = await manager.get('/api/journals/general/payment-settings');
    expect(read.body).toEqual({
      ...valid,
      atRegisterPrice: '100.00',
      atUploadPrice: '999999.99',
      atDownloadPrice: '12.50',
    });
    // The public registration info shows the new price.
    expect((await app.client().get('/api/journals/general/auth/register')).body).toMatchObject({
      atRegister: true,
      atRegisterPrice: '100.00',
    });
  });

  it('applies the rules of spec 03 §5', async () => {
    const put = (body: unknown) => manager.put('/api/journals/general/payment-settings', body);
    expectError(await put({}), 400, 'validation', 'errors.validation', {
      MerchantId: ['validation.merchantId_required'],
      SecurityKey: ['validation.securityKey_required'],
      MerchantName: ['validation.merchantName_required'],
    });
    expectError(
      await put({ ...valid, atRegisterPrice: null, atUploadPrice: '', atDownload: true, membershipType: null }),
      400,
      'validation',
      'errors.validation',
      {
        AtRegisterPrice: ['validation.price_required'],
        AtUploadPrice: ['validation.price_required'],
        MembershipType: ['validation.membershipType_required'],
      },
    );
    for (const price of ['1000000', '12.345', '-1', 'abc', 1e7, '1e3']) {
      const answer = await put({ ...valid, atUploadPrice: price });
      expect({ price, errors: answer.body.errors }).toEqual({
        price,
        errors: { AtUploadPrice: ['validation.price_invalid'] },
      });
    }
    expect((await put({ ...valid, membershipType: 3 })).body.errors).toEqual({
      MembershipType: ['validation.membershipType_required'],
    });
    // A toggle that is off needs no price.
    expect((await put({ ...valid, atRegister: false, atRegisterPrice: null })).status).toBe(200);
    expect((await put({ ...valid, atUploadPrice: '0' })).status).toBe(200);
  });

  it('is closed to the secretary, researchers, guests and managers of other journals', async () => {
    const secretary = app.client();
    await secretary.login('secretary@general.test');
    for (const client of [secretary, researcher]) {
      expectError(await client.get('/api/journals/general/payment-settings'), 403, 'forbidden', 'errors.forbidden');
      // The role is checked before the body.
      expectError(await client.put('/api/journals/general/payment-settings', {}), 403, 'forbidden', 'errors.forbidden');
    }
    expectError(
      await app.client().get('/api/journals/general/payment-settings'),
      401,
      'unauthenticated',
      'errors.unauthenticated',
    );
    expectError(await manager.get('/api/journals/ethics/payment-settings'), 403, 'forbidden', 'errors.forbidden');
    expectError(
      await manager.put('/api/journals/ethics/payment-settings', valid),
      403,
      'forbidden',
      'errors.forbidden',
    );
    expect((await manager.get('/api/journals/no-such-journal/payment-settings')).status).toBe(404);
    const [ethicsSettings] = await app.deps.db
      .select()
      .from(journalPaymentSettings)
      .where(eq(journalPaymentSettings.journalId, ethics.id));
    expect(ethicsSettings).toMatchObject({ merchantId: '', securityKey: '' });
  });
});

describe('the sandbox gateway outside development (PAYMENT_SANDBOX)', () => {
  it('is off by default in production and on elsewhere, unless set', () => {
    const production = { NODE_ENV: 'production', SECRET: 'a-production-secret-of-32-chars!' };
    expect(loadConfig(production).PAYMENT_SANDBOX).toBe(false);
    expect(loadConfig({ ...production, PAYMENT_SANDBOX: 'true' }).PAYMENT_SANDBOX).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).PAYMENT_SANDBOX).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', PAYMENT_SANDBOX: 'false' }).PAYMENT_SANDBOX).toBe(false);
  });

  it('when off, no payment starts, and a real pending payment can be neither opened, paid nor called back', async () => {
    const live = await buildTestApp({ PAYMENT_SANDBOX: 'false' });
    try {
      const [journal] = await live.deps.db.select().from(journals).where(eq(journals.slug, 'general'));
      await live.deps.db
        .update(journalPaymentSettings)
        .set({ merchantId: 'M', securityKey: KEY, merchantName: 'N', atUpload: true, atUploadPrice: '10.00' })
        .where(eq(journalPaymentSettings.journalId, journal!.id));
      const client = live.client();
      await client.login('researcher@general.test');
      const paper = (await client.get('/api/journals/general/papers/mine')).body.items[0];
      await live.deps.db.update(papers).set({ status: 1, uploadPaid: false }).where(eq(papers.id, paper.id));
      expectError(
        await client.post('/api/journals/general/payments', { purpose: 'upload', paperId: paper.id }),
        409,
        'conflict',
        'errors.paymentsNotConfigured',
      );
      expect((await live.deps.db.select().from(payments)).length).toBe(0);

      // A sandbox payment left pending from before the gateway was switched off.
      const [researcher] = await live.deps.db.select().from(users).where(eq(users.email, 'researcher@general.test'));
      const reference = 'PLEFTPENDING01';
      await live.deps.db.insert(payments).values({
        journalId: journal!.id,
        userId: researcher!.id,
        purpose: 'upload',
        paperId: paper.id,
        amount: '10.00',
        reference,
      });
      expect((await client.get(`/pay/sandbox/${reference}`)).status).toBe(404);
      const token = completionToken(live.deps, reference);
      for (const action of ['pay', 'cancel']) {
        const pressed = await client.request(
          'POST',
          `/pay/sandbox/${reference}/complete`,
          new URLSearchParams({ token, action }).toString(),
          FORM,
        );
        expect({ action, status: pressed.status }).toEqual({ action, status: 404 });
      }
      const response = await live.app.inject({
        method: 'POST',
        url: '/api/payments/callback/sandbox',
        payload: signed({ reference, amount: '10.00', transactionId: 'T1', status: 'paid' }),
      });
      expect(response.statusCode).toBe(404);
      const [row] = await live.deps.db.select().from(payments).where(eq(payments.reference, reference));
      expect(row).toMatchObject({ state: 'pending', paidAt: null, providerTransactionId: null });
      const [after] = await live.deps.db.select().from(papers).where(eq(papers.id, paper.id));
      expect(after!.uploadPaid).toBe(false);
    } finally {
      await live.close();
    }
  });
});

describe('the gateway on another origin (docs/decisions/0013-payment-outcome-from-server.md)', () => {
  it('reaches the sandbox page at PUBLIC_URL unless PAYMENT_SANDBOX_URL names another address', () => {
    expect(loadConfig({ PORT: '4000' }).PAYMENT_SANDBOX_URL).toBe('http://localhost:4000');
    expect(loadConfig({ PUBLIC_URL: 'https://journals.example' }).PAYMENT_SANDBOX_URL).toBe('https://journals.example');
    const apart = loadConfig({ PUBLIC_URL: 'http://127.0.0.1:4000', PAYMENT_SANDBOX_URL: 'http://localhost:4000' });
    expect(apart).toMatchObject({ PUBLIC_URL: 'http://127.0.0.1:4000', PAYMENT_SANDBOX_URL: 'http://localhost:4000' });
    expect(() => loadConfig({ PAYMENT_SANDBOX_URL: 'not an address' })).toThrow(/PAYMENT_SANDBOX_URL/);
  });

  it('sends the payer to the hosted page on the gateway origin, which serves it there', async () => {
    const paper = await insertPaper();
    const publicUrl = app.deps.config.PAYMENT_SANDBOX_URL;
    app.deps.config.PAYMENT_SANDBOX_URL = 'http://gateway.test:8080/';
    try {
      const { body } = await researcher.post('/api/journals/general/payments', {
        purpose: 'upload',
        paperId: paper.id,
      });
      const url = new URL(body.paymentUrl);
      expect(url.origin).toBe('http://gateway.test:8080');
      expect(url.pathname).toBe(`/pay/sandbox/${body.reference}`);
      // The hosted page answers whatever host name it is reached by, and needs no session of the site.
      const page = await app.client().get(url.pathname, { host: 'gateway.test:8080' });
      expect(page.status).toBe(200);
      expect(page.body).toContain('250.00 EGP');
    } finally {
      app.deps.config.PAYMENT_SANDBOX_URL = publicUrl;
    }
  });

  it('tells a page without a session the payment state: pending until the payer acts, then paid or failed', async () => {
    const poller = app.client();
    for (const [action, state] of [
      ['pay', 'paid'],
      ['cancel', 'failed'],
    ] as const) {
      const paper = await insertPaper();
      const { body } = await researcher.post('/api/journals/general/payments', {
        purpose: 'upload',
        paperId: paper.id,
      });
      const stateOf = async () => (await poller.get(`/api/journals/general/payments/${body.reference}`)).body.state;
      await formToken(researcher, body.paymentUrl); // the gateway page is open
      expect(await stateOf()).toBe('pending');
      await pressButton(researcher, body.paymentUrl, action);
      expect(await stateOf()).toBe(state);
    }
  });

  it('keeps our pages isolated from any window that opens them, yet lets them keep the popup they open (COOP)', async () => {
    const paper = await insertPaper();
    const { body, headers } = await researcher.post('/api/journals/general/payments', {
      purpose: 'upload',
      paperId: paper.id,
    });
    // The JSON answer is no document: COOP governs the page (decision 0018).
    expect(headers['content-type']).toMatch(/^application\/json/);
    const page = await researcher.get(new URL(body.paymentUrl).pathname);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });
});
