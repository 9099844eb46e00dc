import { expect } from 'vitest';
import type { TestClient } from '../harness';
import { type Entry, get, MANAGES, type Sample } from './entry';

/** The matrix rows of the payments routes and the sandbox gateway's hosted page. */

const referenceIn = (url: string) => url.split('/')[3]!;

/** The completion token the hosted page of a payment puts in its form, read as a browser would. */
async function sandboxToken(client: TestClient, reference: string) {
  const page = await client.get(`/pay/sandbox/${reference}?lang=en`);
  const token = /name="token" value="([^"]+)"/.exec(String(page.body))?.[1];
  if (!token) throw new Error(`no payment form for ${reference}: ${page.status}`);
  return token;
}

/** The hosted page's Pay form as the browser posts it: form-encoded, and without our CSRF header. */
function sandboxForm(reference: string, token: string): Sample {
  return {
    url: `/pay/sandbox/${reference}/complete`,
    body: new URLSearchParams({ token, action: 'pay', lang: 'en' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-csrf-token': undefined },
  };
}

export const paymentsEntries: Entry[] = [
  // Payments (docs/decisions/0006-payments.md). general charges no at-upload fee: the creator reaches 409.
  {
    route: 'POST /api/journals/:slug/payments',
    allow: ['researcher'],
    denied: 404,
    ok: 409,
    okCode: 'conflict',
    okMessageKey: 'errors.paymentNotDue',
    request: async ({ payable }) => ({
      url: '/api/journals/general/payments',
      body: { purpose: 'upload', paperId: (await payable()).paperId },
    }),
  },
  {
    route: 'GET /api/journals/:slug/payments/:reference',
    allow: 'everyone',
    ok: 200,
    request: async ({ payable }) => ({ url: `/api/journals/general/payments/${(await payable()).reference}` }),
  },
  // The gateway's signed callback: an unsigned body is refused (400) whoever sends it.
  {
    route: 'POST /api/payments/callback/:provider',
    allow: 'everyone',
    ok: 400,
    okCode: 'validation',
    okMessageKey: 'errors.paymentRefused',
    request: () => ({ url: '/api/payments/callback/sandbox', body: {} }),
  },
  {
    route: 'GET /api/journals/:slug/payment-settings',
    allow: MANAGES,
    ok: 200,
    request: get('/api/journals/general/payment-settings'),
  },
  {
    route: 'PUT /api/journals/:slug/payment-settings',
    allow: MANAGES,
    ok: 200,
    request: () => ({
      url: '/api/journals/general/payment-settings',
      body: { merchantId: 'M-1', securityKey: 'matrix-key', merchantName: 'General', atUpload: false },
    }),
  },
  // The sandbox gateway's hosted page (decision 0006). It plays a third party's page: it reads no session, and
  // whoever holds a payment's reference may open it and press Pay (a registrant pays before they can sign in).
  // What completes a payment is the form's token, HMAC(SECRET, reference), which only the page hands out: a post
  // with another payment's token is refused, and the payment stays pending.
  { route: 'GET /pay/sandbox/close.js', allow: 'everyone', ok: 200, request: get('/pay/sandbox/close.js') },
  {
    route: 'GET /pay/sandbox/:reference',
    allow: 'everyone',
    ok: 200,
    request: async ({ payable }) => ({ url: `/pay/sandbox/${(await payable()).reference}` }),
    after: async ({ caller, sample, answer, paymentState }) => {
      const state = await paymentState(referenceIn(sample.url));
      expect({ caller, form: answer.body.includes('name="token"'), state }).toEqual({
        caller,
        form: true,
        state: 'pending',
      });
    },
  },
  {
    route: 'POST /pay/sandbox/:reference/complete',
    allow: 'everyone',
    ok: 200,
    request: async ({ client, pendingPayment }) => {
      const reference = await pendingPayment();
      return sandboxForm(reference, await sandboxToken(client, reference));
    },
    forged: {
      status: 400,
      request: async ({ client, pendingPayment }) => {
        const [own, victim] = [await pendingPayment(), await pendingPayment()];
        return sandboxForm(victim, await sandboxToken(client, own));
      },
    },
    after: async ({ caller, sample, allowed, forged, paymentState }) => {
      const state = await paymentState(referenceIn(sample.url));
      expect({ caller, forged, state }).toEqual({ caller, forged, state: allowed && !forged ? 'paid' : 'pending' });
    },
  },
];
