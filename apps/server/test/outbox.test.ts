import { OUTBOX_PAGE_SIZE } from '@journals/core/schemas/outbox';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journals, mailOutbox } from '../src/db/schema';
import { buildTestApp, countStatements, expectError, type TestApp, type TestClient } from './harness';

/**
 * The outbox screen (issue 22 §3): the journal's messages newest first, filtered and searched, in two statements at
 * any size; never a body; a failed message sent again; nothing of another journal's.
 */

let app: TestApp;
let manager: TestClient;
const G = '/api/journals/general';
let generalId = 0;
let ethicsId = 0;

const row = (journalId: number, n: number, extra: Partial<typeof mailOutbox.$inferInsert> = {}) => ({
  journalId,
  toAddress: `reader${n}@example.org`,
  kind: 'reviewInvitation',
  subject: `Invitation ${n}`,
  text: `Accept: https://journals.test/general/review-invitation?sig=secret${n}`,
  ...extra,
});

beforeAll(async () => {
  app = await buildTestApp({ CACHE_TTL_MS: '60000' });
  manager = await app.signedIn('editor@general.test');
  const all = await app.deps.db.select().from(journals);
  generalId = all.find((journal) => journal.slug === 'general')!.id;
  ethicsId = all.find((journal) => journal.slug === 'ethics')!.id;
  await app.deps.db.insert(mailOutbox).values([
    ...Array.from({ length: 25 }, (_, n) => row(generalId, n, { state: 'sent', attempts: 1, sentAt: new Date() })),
    row(generalId, 100, {
      state: 'failed',
      attempts: 5,
      subject: 'Decision on "Water 100"',
      kind: 'finalDecision',
      lastError: `Error: connect ECONNREFUSED ${'x'.repeat(400)}`,
    }),
    row(ethicsId, 200, { state: 'failed', attempts: 5, subject: 'Ethics only' }),
  ]);
});
afterAll(async () => app?.close());

describe('the outbox', () => {
  it('lists the journal’s messages newest first, a page at a time, never with a body', async () => {
    const first = await manager.get(`${G}/outbox`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, pageSize: OUTBOX_PAGE_SIZE, more: false });
    expect(first.body.total).toBeGreaterThanOrEqual(26);
    expect(first.body.items).toHaveLength(OUTBOX_PAGE_SIZE);
    const ids = (first.body.items as { id: number }[]).map((item) => item.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(first.body.items[0]).toMatchObject({
      kind: 'finalDecision',
      to: 'reader100@example.org',
      state: 'failed',
      attempts: 5,
    });
    expect(first.body.items[0].lastError).toHaveLength(300);
    expect(JSON.stringify(first.body)).not.toContain('sig=secret');
    expect(JSON.stringify(first.body)).not.toContain('Ethics only');
    const second = await manager.get(`${G}/outbox?page=2`);
    expect((second.body.items as { id: number }[]).every((item) => item.id < ids.at(-1)!)).toBe(true);
  });

  it('filters by state and searches recipient and subject, in two statements', async () => {
    const failed = await manager.get(`${G}/outbox?state=failed`);
    expect((failed.body.items as { subject: string }[]).map((item) => item.subject)).toEqual([
      'Decision on "Water 100"',
    ]);
    expect((await manager.get(`${G}/outbox?search=reader7@`)).body.items).toHaveLength(1);
    expect((await manager.get(`${G}/outbox?search=${encodeURIComponent('"Water')}`)).body.total).toBe(1);
    // A % in the search is a character, not a wildcard.
    expect((await manager.get(`${G}/outbox?search=%25`)).body.total).toBe(0);
    // The session and the journal come from what the process remembers: the page and its count are the two.
    await manager.get(`${G}/outbox`);
    expect(await countStatements(app, () => manager.get(`${G}/outbox?state=sent&search=reader`))).toBe(2);
    expectError(await manager.get(`${G}/outbox?state=lost`), 400, 'validation', 'errors.validation', {
      State: ['validation.invalid'],
    });
  });

  it('sends a failed message again, and only a failed one of this journal', async () => {
    const [failed] = await app.deps.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, 'Decision on "Water 100"'));
    const retried = await manager.post(`${G}/outbox/${failed!.id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body.messageKey).toBe('outbox.retried');
    const [after] = await app.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, failed!.id));
    expect(after).toMatchObject({ state: 'pending', attempts: 0, lastError: null });
    expectError(await manager.post(`${G}/outbox/${failed!.id}/retry`), 409, 'conflict', 'outbox.not_failed');
    const [ethics] = await app.deps.db.select().from(mailOutbox).where(eq(mailOutbox.subject, 'Ethics only'));
    expectError(await manager.post(`${G}/outbox/${ethics!.id}/retry`), 404, 'notFound', 'outbox.not_found');
  });

  it('is closed to reviewers and to other journals’ managers', async () => {
    const reviewer = await app.signedIn('reviewer@general.test');
    expectError(await reviewer.get(`${G}/outbox`), 403, 'forbidden', 'errors.forbidden');
    const ethics = app.client();
    await ethics.login('editor@ethics.test', undefined, 'ethics');
    expectError(await ethics.get(`${G}/outbox`), 403, 'forbidden', 'errors.forbidden');
  });

  it('shows the platform administrator every journal’s messages with their journal, and retries any failed one', async () => {
    const admin = await app.signedIn('admin@platform.test');
    const failed = await admin.get(`${G}/platform/outbox?state=failed`);
    expect(failed.status).toBe(200);
    const rows = failed.body.items as { subject: string; journalSlug: string | null; id: number }[];
    expect(rows.find((item) => item.subject === 'Ethics only')?.journalSlug).toBe('ethics');
    expect(JSON.stringify(failed.body)).not.toContain('sig=secret');
    // A journal's own outbox names no journal.
    expect((await manager.get(`${G}/outbox`)).body.items[0].journalSlug).toBeNull();
    const ethics = rows.find((item) => item.subject === 'Ethics only')!;
    expect((await admin.post(`${G}/platform/outbox/${ethics.id}/retry`)).status).toBe(200);
    // The page and its count, whatever the number of journals.
    await admin.get(`${G}/platform/outbox`);
    expect(await countStatements(app, () => admin.get(`${G}/platform/outbox?search=reader`))).toBeLessThanOrEqual(3);
    expectError(await manager.get(`${G}/platform/outbox`), 403, 'forbidden', 'errors.forbidden');
  });
});
