import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { journalPaymentSettings, journals, papers, payments, users } from '../src/db/schema';
import { loadConfig } from '../src/config';
import { completionToken } from '../src/features/payments/payments.service';
import { buildTestApp, expectError } from './harness';
import {
  app,
  callback,
  FORM,
  formToken,
  insertPaper,
  KEY,
  paperRow,
  paymentRow,
  pressButton,
  researcher,
  signed,
  usePaymentsApp,
} from './payments-setup';

/**
 * Payments through the sandbox gateway (DESIGN §7, decisions 0006 and 0013): its signed callback, the sandbox
 * outside development, and the gateway on another origin.
 */

usePaymentsApp();

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
