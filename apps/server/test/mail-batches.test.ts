import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../src/db/schema';
import { MAX_MAIL_ATTEMPTS, UNREACHABLE } from '../src/mail/delivery';
import { buildTestApp, type TestApp } from './harness';
import { startSmtpFake, waitFor, type SmtpFake } from './smtp-fake';

/**
 * Issue 44 §1, decision 0069: one refused or failing recipient never affects another message, and every outbox row
 * ends sent or failed, with no restart — a refused address anywhere in the worker's batches, and a mail server
 * that is down for a while and comes back.
 */

const REFUSED = 'refused.';

async function queue(app: TestApp, addresses: string[]): Promise<number[]> {
  const rows = await app.deps.db
    .insert(mailOutbox)
    .values(
      addresses.map((to, n) => ({ journalId: null, toAddress: to, kind: 'bulk', subject: `Note ${n}`, text: 'x' })),
    )
    .returning({ id: mailOutbox.id });
  const ids = rows.map((row) => row.id);
  await app.deps.jobs.dispatchMail(ids);
  return ids;
}

async function rowsOf(app: TestApp, ids: number[]) {
  return app.deps.db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids)).orderBy(mailOutbox.id);
}

describe('mail delivery, one message at a time', () => {
  let smtp: SmtpFake;
  let app: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpFake();
    smtp.refuse = (address) => address.startsWith(REFUSED);
    app = await buildTestApp({ SMTP_URL: smtp.url, MAIL_RETRY_DELAY_SECONDS: '0', LOG_LEVEL: 'error' });
  });

  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  it('delivers every other message once when refused addresses are first, in the middle and last of the batches', async () => {
    // Fifteen messages (three batches of five): refused at the first, the eighth (a middle) and the last.
    const run = Date.now();
    const addresses = Array.from({ length: 15 }, (_, n) =>
      [0, 7, 14].includes(n) ? `${REFUSED}${n}.${run}@example.org` : `reader.${n}.${run}@example.org`,
    );
    const ids = await queue(app, addresses);
    const rows = await waitFor(
      'every row to end sent or failed',
      async () => {
        const now = await rowsOf(app, ids);
        return now.every((row) => row.state === 'sent' || row.state === 'failed') ? now : undefined;
      },
      20_000,
    );
    for (const row of rows) {
      if (row.toAddress.startsWith(REFUSED)) {
        expect(row).toMatchObject({ state: 'failed', attempts: MAX_MAIL_ATTEMPTS, sentAt: null });
        expect(row.lastError).toMatch(/550|Mailbox unavailable/);
        expect(smtp.byRecipient.get(row.toAddress)).toBeUndefined();
      } else {
        expect(row).toMatchObject({ state: 'sent', attempts: 1, lastError: null });
        expect(smtp.byRecipient.get(row.toAddress)).toBe(1);
      }
    }
  });

  it('keeps the mail waiting while the mail server is down, without spending its attempts, and sends each once when it is back', async () => {
    await smtp.down();
    const run = Date.now();
    const addresses = Array.from({ length: 8 }, (_, n) => `patient.${n}.${run}@example.org`);
    const ids = await queue(app, addresses);
    // Down: the mails wait, saying why, with no attempt counted.
    const waiting = await waitFor('the mails to find the server down', async () => {
      const now = await rowsOf(app, ids);
      return now.some((row) => row.lastError?.startsWith(UNREACHABLE)) ? now : undefined;
    });
    expect(waiting.every((row) => row.state === 'pending' && row.attempts === 0)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect((await rowsOf(app, ids)).every((row) => row.state === 'pending' && row.attempts === 0)).toBe(true);

    await smtp.up();
    const sent = await waitFor(
      'every mail to be sent once the server is back',
      async () => {
        const now = await rowsOf(app, ids);
        return now.every((row) => row.state === 'sent') ? now : undefined;
      },
      20_000,
    );
    expect(sent.every((row) => row.attempts === 1)).toBe(true);
    for (const address of addresses) expect(smtp.byRecipient.get(address)).toBe(1);
  });
});
