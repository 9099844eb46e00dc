import { and, desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkMailOptOuts, mailOutbox } from '../src/db/schema';
import { buildTestApp, expectError, type TestApp, type TestClient } from './harness';

/**
 * "Send an e-mail message" (issue 22 §3): one outbox row per person, each with its own one-click unsubscribe (RFC 8058)
 * in its headers' address and its footer; an unsubscribed person is left out and counted; workflow mail never carries
 * the link; the rules and messages; the unsubscribe link is the only proof needed, and only for its own journal.
 */

let app: TestApp;
let manager: TestClient;
const G = '/api/journals/general';
const message = (recipients: string, extra: Record<string, unknown> = {}) => ({
  recipients,
  subject: 'Call for papers',
  content: '<p>Our next issue is open.</p><script>alert(1)</script>',
  ...extra,
});
const lastId = async () =>
  (await app.deps.db.select({ id: mailOutbox.id }).from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1))[0]?.id ?? 0;
const rowsSince = (id: number) =>
  app.deps.db.select().from(mailOutbox).where(gt(mailOutbox.id, id)).orderBy(mailOutbox.id);

beforeAll(async () => {
  app = await buildTestApp();
  manager = await app.signedIn('editor@general.test');
});
afterAll(async () => app?.close());

describe('bulk mail', () => {
  it('writes one message per person, each with its own unsubscribe link, in the message’s language', async () => {
    const before = await lastId();
    const answer = await manager.post(
      `${G}/bulk-mail`,
      message(' reader.one@example.org; READER.ONE@example.org ;author@ethics.test;\n reviewer@general.test'),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ sent: 3, leftOut: 0, messageKey: 'bulkMail.sent' });
    expect(answer.body.message).toBe('The message is on its way to 3 people.');
    const rows = await rowsSince(before);
    expect(rows.map((row) => row.toAddress).sort()).toEqual([
      'author@ethics.test',
      'reader.one@example.org',
      'reviewer@general.test',
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({ kind: 'bulk', subject: 'Call for papers', journalId: 1 });
      expect(row.unsubscribeUrl).toMatch(/^http:\/\/journals\.test\/api\/journals\/general\/unsubscribe\?token=/);
      expect(row.html).toContain('Our next issue is open.');
      expect(row.html).not.toContain('script');
      const token = new URL(row.unsubscribeUrl!).searchParams.get('token')!;
      expect(row.html).toContain(`/general/unsubscribe?token=${encodeURIComponent(token)}`);
      expect(row.text).toContain('Our next issue is open.');
    }
    expect(rows[0]!.html).toContain('<div dir="ltr" lang="en"');
    expect(rows[0]!.text).toContain('Unsubscribe from these messages');
    // Each link is the person's own.
    expect(new Set(rows.map((row) => row.unsubscribeUrl)).size).toBe(3);
  });

  it('wraps a message written in Arabic right to left, its footer in Arabic', async () => {
    const before = await lastId();
    const answer = await manager.post(
      `${G}/bulk-mail`,
      message('arabic.reader@example.org', {
        language: 'ar',
        subject: 'دعوة للنشر',
        content: '<p>العدد القادم مفتوح.</p>',
      }),
    );
    expect(answer.status).toBe(200);
    const [row] = await rowsSince(before);
    expect(row!.html).toContain('<html lang="ar" dir="rtl">');
    expect(row!.html).toContain('<div dir="rtl" lang="ar"');
    expect(row!.text).toContain('العدد القادم مفتوح.');
    expect(row!.text).toContain('إلغاء الاشتراك في هذه الرسائل');
  });

  it('unsubscribes with the link alone (one-click POST from a mail program), then leaves the person out', async () => {
    const before = await lastId();
    await manager.post(`${G}/bulk-mail`, message('leaver@example.org'));
    const [row] = await rowsSince(before);
    const url = new URL(row!.unsubscribeUrl!);
    const token = url.searchParams.get('token')!;

    const guest = app.client();
    const shown = await guest.get(`${G}/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(shown.body).toMatchObject({ email: 'leaver@example.org', journalTitleEn: 'Journal of Applied Sciences' });
    // A GET changes nothing (link scanners open links).
    expect(
      await app.deps.db.select().from(bulkMailOptOuts).where(eq(bulkMailOptOuts.email, 'leaver@example.org')),
    ).toHaveLength(0);

    // RFC 8058: a form POST to the header's address, with no cookie and no CSRF token.
    const oneClick = await app.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(JSON.parse(oneClick.body).messageKey).toBe('bulkMail.unsubscribed');
    // Again: no harm done.
    expect((await guest.post(`${G}/unsubscribe`, { token })).status).toBe(200);

    const next = await lastId();
    const answer = await manager.post(`${G}/bulk-mail`, message('leaver@example.org; stayer@example.org'));
    expect(answer.body).toMatchObject({ sent: 1, leftOut: 1, messageKey: 'bulkMail.sent_left_out' });
    expect(answer.body.message).toBe('The message is on its way to 1 person; 1 unsubscribed and were left out.');
    expect((await rowsSince(next)).map((each) => each.toAddress)).toEqual(['stayer@example.org']);

    // Workflow mail still reaches the person and never carries the link.
    const client = app.client();
    await client.post(`${G}/auth/forgot`, { email: 'reviewer@general.test', captcha: await client.captcha() });
    await app.deps.background.idle();
    const [reset] = await app.deps.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, 'reviewer@general.test'), eq(mailOutbox.kind, 'passwordReset')));
    expect(reset!.unsubscribeUrl).toBeNull();
    expect(reset!.text).not.toContain('unsubscribe');
  });

  it('takes a link only for its own journal, and refuses a damaged one', async () => {
    const before = await lastId();
    await manager.post(`${G}/bulk-mail`, message('other.journal@example.org'));
    const token = new URL((await rowsSince(before))[0]!.unsubscribeUrl!).searchParams.get('token')!;
    const guest = app.client();
    expectError(
      await guest.post('/api/journals/ethics/unsubscribe', { token }),
      400,
      'validation',
      'bulkMail.unsubscribe_invalid',
    );
    expectError(
      await guest.post(`${G}/unsubscribe`, { token: `${token}x` }),
      400,
      'validation',
      'bulkMail.unsubscribe_invalid',
    );
    expectError(await guest.get(`${G}/unsubscribe?token=nonsense`), 400, 'validation', 'bulkMail.unsubscribe_invalid');
    expect(
      await app.deps.db.select().from(bulkMailOptOuts).where(eq(bulkMailOptOuts.email, 'other.journal@example.org')),
    ).toHaveLength(0);
  });

  it('refuses bad recipients, a long subject and an empty message, writing nothing', async () => {
    const before = await lastId();
    expectError(
      await manager.post(
        `${G}/bulk-mail`,
        message('good@example.org; not-an-address; also@bad', { subject: 'x'.repeat(251), content: '<p> </p>' }),
      ),
      400,
      'validation',
      'errors.validation',
      {
        Recipients: ['bulkMail.recipients_invalid'],
        Subject: ['bulkMail.subject_max'],
        Content: ['bulkMail.content_required'],
      },
    );
    expectError(await manager.post(`${G}/bulk-mail`, message(' ; ;')), 400, 'validation', 'errors.validation', {
      Recipients: ['bulkMail.recipients_required'],
    });
    const many = Array.from({ length: 501 }, (_, n) => `p${n}@example.org`).join(';');
    expectError(await manager.post(`${G}/bulk-mail`, message(many)), 400, 'validation', 'errors.validation', {
      Recipients: ['bulkMail.recipients_max'],
    });
    expect(await rowsSince(before)).toHaveLength(0);
  });
});
