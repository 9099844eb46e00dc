import { translate } from '@journals/core/i18n/index';
import { BULK_MAIL_BUDGET } from '@journals/core/limits';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox } from '../src/db/schema';
import { buildTestApp, expectError, type TestApp, type TestClient } from './harness';

/**
 * The bulk mail budget (issue 44 §5, decision 0073): a journal sends at most BULK_MAIL_BUDGET.perHour messages in 60
 * minutes and perDay in 24 hours, one per person; the screen reads what is left; a message past it is refused whole
 * with a translated 429 that says how many are left, and nothing is written.
 */

let app: TestApp;
let manager: TestClient;
const G = '/api/journals/general';
const { perHour, perDay } = BULK_MAIL_BUDGET;
const GENERAL = 1;
const ETHICS = 2;

const message = (count: number) => ({
  recipients: Array.from({ length: count }, (_, i) => `budget.reader${i}@example.org`).join('; '),
  subject: 'Call for papers',
  content: '<p>Our next issue is open.</p>',
});

/** Bulk messages the journal sent `minutesAgo` (written straight into its outbox, as earlier sends left them). */
async function sentBefore(journalId: number, count: number, minutesAgo: number) {
  await app.deps.db.execute(sql`
    insert into mail_outbox (journal_id, to_address, subject, text, kind, state, created_at)
    select ${journalId}, 'earlier' || g || '@example.org', 'Earlier', 'Earlier', 'bulk', 'sent',
           now() - make_interval(mins => ${minutesAgo})
    from generate_series(1, ${count}) g`);
}
const bulkRows = async () =>
  (
    await app.deps.db
      .select({ count: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.journalId, GENERAL), eq(mailOutbox.kind, 'bulk')))
  )[0]!.count;

beforeAll(async () => {
  app = await buildTestApp();
  manager = await app.signedIn('editor@general.test');
});
afterAll(async () => app?.close());
beforeEach(async () => {
  await app.deps.db.delete(mailOutbox).where(eq(mailOutbox.kind, 'bulk'));
});

describe('the bulk mail budget', () => {
  it('shows what is left this hour and today, and each message spends one per person', async () => {
    expect((await manager.get(`${G}/bulk-mail/budget`)).body).toEqual({
      perHour,
      perDay,
      leftThisHour: perHour,
      leftToday: perDay,
    });
    const sent = await manager.post(`${G}/bulk-mail`, message(3));
    expect(sent.status).toBe(200);
    expect(sent.body.budget).toEqual({ perHour, perDay, leftThisHour: perHour - 3, leftToday: perDay - 3 });
    expect((await manager.get(`${G}/bulk-mail/budget`)).body).toMatchObject({
      leftThisHour: perHour - 3,
      leftToday: perDay - 3,
    });
    // Another journal's mail and workflow mail spend nothing of it.
    await sentBefore(ETHICS, 50, 1);
    await app.deps.db.execute(sql`
      insert into mail_outbox (journal_id, to_address, subject, text, kind)
      values (${GENERAL}, 'someone@example.org', 'Activation', 'Activation', 'activation')`);
    expect((await manager.get(`${G}/bulk-mail/budget`)).body).toMatchObject({ leftThisHour: perHour - 3 });
  });

  it('refuses a message past the hour’s budget whole, in English and in Arabic, and takes one that fits', async () => {
    await sentBefore(GENERAL, perHour - 2, 30);
    const before = await bulkRows();
    const refused = await manager.post(`${G}/bulk-mail`, message(3));
    expectError(refused, 429, 'tooManyRequests', 'bulkMail.budget_exceeded');
    const params = { needed: 3, remaining: 2, perHour, perDay };
    expect(refused.body.message).toBe(translate('en', 'bulkMail.budget_exceeded', params));
    expect(refused.body.message).toContain('Messages it needs: 3; left: 2');
    expect(await bulkRows()).toBe(before);

    const arabic = await manager.request('POST', `${G}/bulk-mail`, message(3), { 'accept-language': 'ar' });
    expectError(arabic, 429, 'tooManyRequests', 'bulkMail.budget_exceeded');
    expect(arabic.body.message).toBe(translate('ar', 'bulkMail.budget_exceeded', params));
    expect(arabic.body.message).toContain('حصة المجلة من البريد الجماعي');

    const fits = await manager.post(`${G}/bulk-mail`, message(2));
    expect(fits.status).toBe(200);
    expect(fits.body.budget).toMatchObject({ leftThisHour: 0 });
    expect((await manager.post(`${G}/bulk-mail`, message(1))).status).toBe(429);
  });

  it('counts the day over 24 hours: the hour may have room while the day has none, and older mail counts no more', async () => {
    await sentBefore(GENERAL, perDay - 1, 120);
    expect((await manager.get(`${G}/bulk-mail/budget`)).body).toMatchObject({ leftThisHour: perHour, leftToday: 1 });
    const refused = await manager.post(`${G}/bulk-mail`, message(2));
    expectError(refused, 429, 'tooManyRequests', 'bulkMail.budget_exceeded');
    expect(refused.body.message).toContain('Messages it needs: 2; left: 1');
    await app.deps.db.execute(
      sql`update mail_outbox set created_at = now() - interval '25 hours' where kind = 'bulk' and journal_id = ${GENERAL}`,
    );
    expect((await manager.get(`${G}/bulk-mail/budget`)).body).toMatchObject({
      leftThisHour: perHour,
      leftToday: perDay,
    });
    expect((await manager.post(`${G}/bulk-mail`, message(2))).status).toBe(200);
  });

  it('lets two messages at the same moment spend the budget once', async () => {
    await sentBefore(GENERAL, perHour - 4, 5);
    const answers = await Promise.all([
      manager.post(`${G}/bulk-mail`, message(3)),
      manager.post(`${G}/bulk-mail`, message(3)),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 429]);
    expect(await bulkRows()).toBe(perHour - 1);
  });
});
