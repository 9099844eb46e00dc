import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../src/db/schema';
import { MAX_MAIL_ATTEMPTS } from '../src/mail/delivery';
import { buildTestApp, lastMailTo, registration, type TestApp } from './harness';
import { waitFor } from './smtp-fake';

/**
 * Mail delivery (DESIGN §7): the outbox row is written with the change; a job delivers it over SMTP with retries;
 * without SMTP_URL the mail waits in the outbox.
 */

interface Received {
  from: string;
  to: string[];
  raw: string;
}

const REJECTED_PREFIX = 'rejected.';
const FLAKY_PREFIX = 'flaky.';

describe('with an SMTP server (SMTP_URL set)', () => {
  let app: TestApp;
  let smtp: SMTPServer;
  const received: Received[] = [];
  const refusedOnce = new Set<string>();
  const logged: Record<string, unknown>[] = [];
  let smtpUrl = '';

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback: (error?: Error | null) => void) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const to = session.envelope.rcptTo.map((r) => r.address);
          // A flaky mailbox refuses its first message and takes the retry.
          const flaky = to.find((address) => address.startsWith(FLAKY_PREFIX));
          if (flaky && !refusedOnce.has(flaky)) {
            refusedOnce.add(flaky);
            return callback(Object.assign(new Error('Try again later (test)'), { responseCode: 451 }));
          }
          if (to.some((address) => address.startsWith(REJECTED_PREFIX))) {
            const error = Object.assign(new Error('Mailbox unavailable (test rejection)'), { responseCode: 550 });
            return callback(error);
          }
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to,
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
    app = await buildTestApp(
      {
        SMTP_URL: smtpUrl,
        MAIL_FROM: 'Journals Platform <no-reply@journals.test>',
        MAIL_RETRY_DELAY_SECONDS: '1',
        LOG_LEVEL: 'warn',
      },
      { logStream: { write: (line) => void logged.push(JSON.parse(line) as Record<string, unknown>) } },
    );
  });

  afterAll(async () => {
    await app?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers the activation mail to the SMTP server and marks the outbox row sent', async () => {
    const client = app.client();
    const body = await registration(client);
    expect((await client.post('/api/journals/general/auth/register', body)).status).toBe(201);

    const message = await waitFor('the activation mail at the SMTP server', async () =>
      received.find((m) => m.to.includes(body.email)),
    );
    expect(message.from).toBe('no-reply@journals.test');
    // Reply-To is the journal's own address (DESIGN §7).
    expect(message.raw).toMatch(/^Reply-To: editor@jas\.example\.edu/im);
    expect(message.raw).toMatch(/^Subject: .*activate your account/im);
    const unfolded = message.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(unfolded).toContain('http://journals.test/general/activate?userId=');

    const { mail } = await lastMailTo(app, body.email);
    const sent = await waitFor('the outbox row to become sent', async () => {
      const [row] = await app.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail!.id));
      return row?.state === 'sent' ? row : undefined;
    });
    expect(sent.attempts).toBe(1);
    expect(sent.sentAt).toBeInstanceOf(Date);
    expect(sent.lastError).toBeNull();
  });

  it('retries a mail the SMTP server refused, and delivers it on a later attempt', async () => {
    const client = app.client();
    const body = await registration(client, { email: `${FLAKY_PREFIX}${Date.now()}@example.org` });
    expect((await client.post('/api/journals/general/auth/register', body)).status).toBe(201);
    const { mail } = await lastMailTo(app, body.email);
    const sent = await waitFor(
      'the retried mail to be sent',
      async () => {
        const [row] = await app.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail!.id));
        return row?.state === 'sent' ? row : undefined;
      },
      20_000,
    );
    expect(sent.attempts).toBe(2);
    expect(received.filter((m) => m.to.includes(body.email))).toHaveLength(1);
  });

  it('keeps the row pending with the attempt counted and the error kept when the SMTP server rejects it', async () => {
    const client = app.client();
    const body = await registration(client, { email: `${REJECTED_PREFIX}${Date.now()}@example.org` });
    expect((await client.post('/api/journals/general/auth/register', body)).status).toBe(201);
    const { mail } = await lastMailTo(app, body.email);
    const failed = await waitFor('a failed delivery attempt', async () => {
      const [row] = await app.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail!.id));
      return row && row.attempts >= 1 ? row : undefined;
    });
    expect(failed.state).toBe('pending');
    expect(failed.lastError).toMatch(/550|Mailbox unavailable/);
    expect(failed.sentAt).toBeNull();
    expect(received.some((m) => m.to.includes(body.email))).toBe(false);
  });

  it('with a retry delay of 0, makes the five attempts one after the other and marks the mail failed', async () => {
    const quick = await buildTestApp({ SMTP_URL: smtpUrl, MAIL_RETRY_DELAY_SECONDS: '0' });
    try {
      const client = quick.client();
      const body = await registration(client, { email: `${REJECTED_PREFIX}at-once-${Date.now()}@example.org` });
      expect((await client.post('/api/journals/general/auth/register', body)).status).toBe(201);
      const { mail } = await lastMailTo(quick, body.email);
      // Within 10 s: with the waits of a delay of 1 s (1–2, 2–4, 4–8, 8–16 s) the last attempt comes after 15 s.
      const failed = await waitFor('the refused mail to fail', async () => {
        const [row] = await quick.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail!.id));
        return row?.state === 'failed' ? row : undefined;
      });
      expect(failed.attempts).toBe(MAX_MAIL_ATTEMPTS);
      expect(failed.lastError).toMatch(/550|Mailbox unavailable/);
    } finally {
      await quick.close();
    }
  });

  it('counts the deliveries in the metrics, and the log lines of a delivery carry its job and its mail', async () => {
    // The deliveries above: sent ones, and refused attempts (the flaky mailbox's first, the rejected mailbox's).
    const metrics = await app.metrics.registry.getSingleMetricAsString('journals_mail_deliveries_total');
    const count = (outcome: string) =>
      Number(new RegExp(`outcome="${outcome}"} (\\d+)`).exec(metrics)?.[1] ?? Number.NaN);
    expect(count('sent')).toBeGreaterThanOrEqual(2);
    expect(count('failed')).toBeGreaterThanOrEqual(2);
    const failure = logged.find((line) => line.msg === 'mail delivery failed');
    expect(failure).toMatchObject({ jobId: expect.stringMatching(/^[0-9a-f-]{36}$/), mailId: expect.any(Number) });
  });
});

describe('without SMTP_URL', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('keeps the mail pending in the outbox, with its link', async () => {
    const client = app.client();
    const body = await registration(client);
    expect((await client.post('/api/journals/general/auth/register', body)).status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const { mail, link } = await lastMailTo(app, body.email);
    expect(mail).toMatchObject({
      state: 'pending',
      attempts: 0,
      kind: 'activation',
      replyTo: 'editor@jas.example.edu',
      sentAt: null,
    });
    expect(link!.origin).toBe('http://journals.test');
  });
});
