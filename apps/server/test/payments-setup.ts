import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { journalPaymentSettings, journals, papers, payments, users } from '../src/db/schema';
import { sandboxSignature } from '../src/features/payments/provider';
import { buildTestApp, type TestApp, type TestClient } from './harness';

/**
 * What the payments test files share (DESIGN §7, docs/decisions/0006-payments.md): one server per file
 * (usePaymentsApp), its journals and researcher, and the steps their tests repeat: a paper, the hosted page's form,
 * a gateway's signed callback.
 */

export let app: TestApp;
export let general: typeof journals.$inferSelect;
export let ethics: typeof journals.$inferSelect;
export let researcher: TestClient;
export let researcherId: number;

export const KEY = 'general-security-key';
export const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

export async function setSettings(journalId: number, values: Partial<typeof journalPaymentSettings.$inferInsert>) {
  await app.deps.db.update(journalPaymentSettings).set(values).where(eq(journalPaymentSettings.journalId, journalId));
}

export async function insertPaper(values: Partial<typeof papers.$inferInsert> = {}) {
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

export const paperRow = async (id: number) => (await app.deps.db.select().from(papers).where(eq(papers.id, id)))[0]!;
export const paymentRow = async (reference: string) =>
  (await app.deps.db.select().from(payments).where(eq(payments.reference, reference)))[0]!;

/** Opens the hosted page and returns its one-time form token. */
export async function formToken(client: TestClient, paymentUrl: string) {
  const page = await client.get(new URL(paymentUrl).pathname);
  expect(page.status).toBe(200);
  return /name="token" value="([^"]+)"/.exec(page.body)![1]!;
}

/** Presses Pay (or Cancel) on the hosted page, as the browser's form post does. */
export async function pressButton(
  client: TestClient,
  paymentUrl: string,
  action: 'pay' | 'cancel' = 'pay',
  lang = 'en',
) {
  const token = await formToken(client, paymentUrl);
  const path = `${new URL(paymentUrl).pathname}/complete`;
  return client.request('POST', path, new URLSearchParams({ token, action, lang }).toString(), FORM);
}

/** A gateway's server-to-server call: no cookie, no CSRF header. */
export async function callback(body: Record<string, string>) {
  const response = await app.app.inject({ method: 'POST', url: '/api/payments/callback/sandbox', payload: body });
  return { status: response.statusCode, body: response.json() };
}

export function signed(
  fields: { reference: string; amount: string; transactionId: string; status: string },
  key = KEY,
) {
  return { ...fields, signature: sandboxSignature(key, fields) };
}

/** The payments files' one server and its researcher; general charges 250.00 at upload before each test. */
export function usePaymentsApp() {
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
}
