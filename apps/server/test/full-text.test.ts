import { addMonths } from '@journals/core/rules/full-text';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { archivedPapers, archiveVisits, journalMemberships, journalPaymentSettings, papers } from '../src/db/schema';
import { utcDay } from '../src/lib/daily-visitor';
import { archiveIssue, journalId, withFinalFile } from './archive-setup';
import { buildTestApp, countStatements, createActiveUser, expectError, type TestApp, type TestClient } from './harness';
import { PDF } from './papers';
import { pressButton } from './payments-setup';

/**
 * Paid download (issue 21 §3, docs/decisions/0033): a published paper's full text is open unless the journal charges
 * at download; then its members, its editors and the paper's author read it, and a reader buys a membership through
 * the gateway. Downloads are counted once per visitor per day.
 */

const G = '/api/journals/general';
const BROWSER = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0' };
let app: TestApp;
let general: number;
let author: { userId: number; email: string; password: string; client: TestClient };
let reader: { userId: number; email: string; password: string; client: TestClient };
let published: number;
let untitled: number;
let inPress: number;
let otherJournals: number;
const today = () => utcDay();
const dayOffset = (days: number) => utcDay(new Date(Date.now() + days * 86_400_000));
const pdfUrl = (id: number) => `${G}/archive/papers/${id}/pdf`;

async function withCreatedFinalFile(paperId: number, creatorId: number | null) {
  await withFinalFile(app, paperId, 'my-final.pdf');
  await app.deps.db.update(papers).set({ creatorId }).where(eq(papers.id, paperId));
}

async function charging(on: boolean, membershipType = 1) {
  const values = {
    merchantId: 'M-100',
    securityKey: 'general-security-key',
    merchantName: 'General Journal Payments',
    atUpload: false,
    atRegister: false,
    atPublish: false,
    atDownload: on,
    atDownloadPrice: on ? '120.00' : null,
    membershipType: on ? membershipType : null,
  };
  await app.deps.db
    .insert(journalPaymentSettings)
    .values({ journalId: general, ...values })
    .onConflictDoUpdate({ target: journalPaymentSettings.journalId, set: values });
}

async function membership(userId: number, until: string | null) {
  await app.deps.db
    .delete(journalMemberships)
    .where(and(eq(journalMemberships.journalId, general), eq(journalMemberships.userId, userId)));
  if (until) await app.deps.db.insert(journalMemberships).values({ journalId: general, userId, until });
}

const membershipUntil = async (userId: number) =>
  (
    await app.deps.db
      .select({ until: journalMemberships.until })
      .from(journalMemberships)
      .where(and(eq(journalMemberships.journalId, general), eq(journalMemberships.userId, userId)))
  )[0]?.until ?? null;

const downloads = async (paperId: number) =>
  (await app.deps.db.select().from(archivedPapers).where(eq(archivedPapers.paperId, paperId)))[0]!.downloads;

async function signedInUser() {
  const user = await createActiveUser(app);
  const client = app.client();
  await client.login(user.email, user.password);
  return { ...user, client };
}

beforeAll(async () => {
  app = await buildTestApp();
  general = await journalId(app, 'general');
  const ethics = await journalId(app, 'ethics');
  author = await signedInUser();
  reader = await signedInUser();
  const issue = await archiveIssue(app, {
    journalId: general,
    volume: 41,
    issue: 2,
    month: '03 2026',
    publishDate: '2026-03-15',
    published: true,
    papers: [
      { titleEn: 'Sleep and memory: a cohort', titleAr: 'النوم والذاكرة' },
      { titleAr: 'بحث بلا عنوان إنجليزي' },
      { titleEn: '' },
    ],
  });
  [published] = issue.paperIds as [number];
  untitled = issue.paperIds[2]!;
  await withCreatedFinalFile(published, author.userId);
  await withCreatedFinalFile(issue.paperIds[1]!, null);
  await withCreatedFinalFile(untitled, null);
  const pressed = await archiveIssue(app, {
    journalId: general,
    volume: 41,
    issue: 3,
    month: '06 2026',
    publishDate: '2026-06-15',
    published: false,
    papers: [{ titleEn: 'Not yet published' }],
  });
  inPress = pressed.paperIds[0]!;
  await withCreatedFinalFile(inPress, author.userId);
  const other = await archiveIssue(app, {
    journalId: ethics,
    volume: 41,
    issue: 1,
    month: '01 2026',
    publishDate: '2026-01-15',
    published: true,
    papers: [{ titleEn: 'An ethics paper' }],
  });
  otherJournals = other.paperIds[0]!;
  await withCreatedFinalFile(otherJournals, null);
}, 60_000);
afterAll(() => app.close());

describe('a journal that does not charge at download', () => {
  beforeEach(() => charging(false));

  it('gives a published paper’s PDF to a guest, inline under the paper’s title, cacheable', async () => {
    const answer = await app.client().get(pdfUrl(published), BROWSER);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.raw.equals(PDF)).toBe(true);
    expect(answer.headers['content-disposition']).toBe(
      `inline; filename="paper-${published}.pdf"; filename*=UTF-8''Sleep%20and%20memory%20a%20cohort.pdf`,
    );
    expect(answer.headers['cache-control']).toBe('public, max-age=300');
  });

  it('names a paper without any title paper-{id}.pdf', async () => {
    const answer = await app.client().get(pdfUrl(untitled), BROWSER);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-disposition']).toBe(
      `inline; filename="paper-${untitled}.pdf"; filename*=UTF-8''paper-${untitled}.pdf`,
    );
  });

  it('answers 404 for a paper in press (even to its editor and author), a missing one and another journal’s', async () => {
    const editor = await app.signedIn('editor@general.test');
    for (const client of [app.client(), editor, author.client]) {
      expectError(await client.get(pdfUrl(inPress)), 404, 'notFound', 'errors.notFound');
    }
    expectError(await app.client().get(pdfUrl(999_999)), 404, 'notFound', 'errors.notFound');
    expectError(await app.client().get(pdfUrl(otherJournals)), 404, 'notFound', 'errors.notFound');
  });

  it('says that the full texts are open', async () => {
    const answer = await app.client().get(`${G}/archive/access`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      membersOnly: false,
      canRead: true,
      access: 'open',
      price: null,
      currency: 'EGP',
      membershipType: null,
      signedIn: false,
      membershipUntil: null,
    });
  });
});

describe('a journal that charges at download', () => {
  beforeEach(async () => {
    await charging(true);
    await membership(reader.userId, null);
  });

  it('refuses a guest and a signed-in reader without membership with a translated "members only" (403)', async () => {
    const guest = app.client();
    expectError(await guest.get(pdfUrl(published)), 403, 'forbidden', 'fullText.members_only_error');
    const refused = await reader.client.get(pdfUrl(published));
    expectError(refused, 403, 'forbidden', 'fullText.members_only_error');
    expect(refused.body.message).toBe('The full text of this paper is for members of the journal only.');
    const arabic = app.client();
    arabic.language = 'ar';
    expect((await arabic.get(pdfUrl(published))).body.message).toBe('النص الكامل لهذا البحث متاح لأعضاء المجلة فقط.');
  });

  it('keeps the paper page’s final file to the same readers: no second door past the fee', async () => {
    const finalFile = `${G}/papers/${published}/final-file`;
    expectError(await app.client().get(finalFile), 403, 'forbidden', 'fullText.members_only_error');
    expectError(await reader.client.get(finalFile), 403, 'forbidden', 'fullText.members_only_error');
    expect((await author.client.get(finalFile)).status).toBe(200);
    expect((await (await app.signedIn('editor@general.test')).get(finalFile)).status).toBe(200);
    await membership(reader.userId, today());
    const member = await reader.client.get(finalFile);
    expect(member.status).toBe(200);
    expect(member.headers['cache-control']).toBe('private, no-store');
  });

  it('keeps the metadata open', async () => {
    const answer = await app.client().get(`${G}/archive/papers/${published}`);
    expect(answer.status).toBe(200);
    expect(answer.body.title.en).toBe('Sleep and memory: a cohort');
  });

  it('gives it to a member whose membership runs today, not to one whose membership ended yesterday', async () => {
    await membership(reader.userId, today());
    const answer = await reader.client.get(pdfUrl(published), BROWSER);
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    await membership(reader.userId, dayOffset(-1));
    expectError(await reader.client.get(pdfUrl(published)), 403, 'forbidden', 'fullText.members_only_error');
  });

  it('a membership of another journal does not count', async () => {
    const ethics = await journalId(app, 'ethics');
    await app.deps.db
      .insert(journalMemberships)
      .values({ journalId: ethics, userId: reader.userId, until: dayOffset(30) });
    expectError(await reader.client.get(pdfUrl(published)), 403, 'forbidden', 'fullText.members_only_error');
    await app.deps.db
      .delete(journalMemberships)
      .where(and(eq(journalMemberships.journalId, ethics), eq(journalMemberships.userId, reader.userId)));
  });

  it('always gives it to the journal’s editors, its handling editor and the paper’s author', async () => {
    for (const email of ['editor@general.test', 'secretary@general.test', 'handling@general.test']) {
      expect((await (await app.signedIn(email)).get(pdfUrl(published))).status, email).toBe(200);
    }
    expect((await author.client.get(pdfUrl(published))).status).toBe(200);
    // The author of one paper is not a member for the others.
    expectError(await author.client.get(pdfUrl(untitled)), 403, 'forbidden', 'fullText.members_only_error');
  });

  it('tells the paper page and search results "members only" with the price, and who reads', async () => {
    const guest = await app.client().get(`${G}/archive/access`);
    expect(guest.body).toEqual({
      membersOnly: true,
      canRead: false,
      access: 'membersOnly',
      price: '120.00',
      currency: 'EGP',
      membershipType: 1,
      signedIn: false,
      membershipUntil: null,
    });
    expect(guest.headers['cache-control']).toBe('private, no-store');
    const asAuthor = await author.client.get(`${G}/archive/access?paperId=${published}`);
    expect(asAuthor.body).toMatchObject({ canRead: true, access: 'author', signedIn: true });
    expect((await author.client.get(`${G}/archive/access`)).body).toMatchObject({ canRead: false });
    await membership(reader.userId, dayOffset(-3));
    expect((await reader.client.get(`${G}/archive/access`)).body).toMatchObject({
      canRead: false,
      access: 'membersOnly',
      membershipUntil: dayOffset(-3),
    });
    const editor = await app.signedIn('editor@general.test');
    expect((await editor.get(`${G}/archive/access`)).body).toMatchObject({ canRead: true, access: 'staff' });
  });
  it('answers a paper that is not one of the journal’s published papers as not found, another journal’s as a missing one', async () => {
    // The author wrote the other journal's paper too: that must not make this journal's answer theirs.
    await app.deps.db.update(papers).set({ creatorId: author.userId }).where(eq(papers.id, otherJournals));
    try {
      for (const client of [app.client(), author.client]) {
        const missing = await client.get(`${G}/archive/access?paperId=999999`);
        expectError(missing, 404, 'notFound', 'archive.paperNotFound');
        const elsewhere = await client.get(`${G}/archive/access?paperId=${otherJournals}`);
        expect({ status: elsewhere.status, body: elsewhere.body }).toEqual({ status: 404, body: missing.body });
        expectError(
          await client.get(`${G}/archive/access?paperId=${inPress}`),
          404,
          'notFound',
          'archive.paperNotFound',
        );
      }
      // Its own journal answers for it; this journal for its own paper.
      const atItsJournal = await author.client.get(`/api/journals/ethics/archive/access?paperId=${otherJournals}`);
      expect(atItsJournal.status).toBe(200);
      expect(atItsJournal.body).toMatchObject({ canRead: true });
      expect((await author.client.get(`${G}/archive/access?paperId=${published}`)).body).toMatchObject({
        access: 'author',
      });
    } finally {
      await app.deps.db.update(papers).set({ creatorId: null }).where(eq(papers.id, otherJournals));
    }
  });
});

describe('buying a membership through the gateway', () => {
  async function buy(client: TestClient) {
    const started = await client.post(`${G}/payments`, { purpose: 'download' });
    expect(started.status).toBe(200);
    const paid = await pressButton(client, started.body.paymentUrl);
    expect(paid.status).toBe(200);
    const state = await client.get(`${G}/payments/${started.body.reference}`);
    expect(state.body).toMatchObject({ purpose: 'download', state: 'paid', amount: '120.00' });
  }

  beforeEach(async () => {
    await charging(true);
    await membership(reader.userId, null);
  });

  it('opens the full texts for a month from today after a paid monthly membership', async () => {
    expectError(await reader.client.get(pdfUrl(published)), 403, 'forbidden', 'fullText.members_only_error');
    await buy(reader.client);
    expect(await membershipUntil(reader.userId)).toBe(addMonths(today(), 1));
    expect((await reader.client.get(pdfUrl(published))).status).toBe(200);
    expect((await reader.client.get(`${G}/archive/access`)).body).toMatchObject({
      canRead: true,
      access: 'member',
      membershipUntil: addMonths(today(), 1),
    });
  });

  it('renews a running membership from its end, an expired one from today; yearly adds twelve months', async () => {
    await membership(reader.userId, dayOffset(10));
    await buy(reader.client);
    expect(await membershipUntil(reader.userId)).toBe(addMonths(dayOffset(10), 1));
    await membership(reader.userId, dayOffset(-10));
    await buy(reader.client);
    expect(await membershipUntil(reader.userId)).toBe(addMonths(today(), 1));
    await charging(true, 2);
    await buy(reader.client);
    expect(await membershipUntil(reader.userId)).toBe(addMonths(addMonths(today(), 1), 12));
  });

  it('a cancelled payment gives no membership', async () => {
    const started = await reader.client.post(`${G}/payments`, { purpose: 'download' });
    await pressButton(reader.client, started.body.paymentUrl, 'cancel');
    expect(await membershipUntil(reader.userId)).toBeNull();
  });

  it('needs a signed-in reader (401) and a journal that sells memberships (409)', async () => {
    expectError(
      await app.client().post(`${G}/payments`, { purpose: 'download' }),
      401,
      'unauthenticated',
      'errors.unauthenticated',
    );
    await charging(false);
    expectError(
      await reader.client.post(`${G}/payments`, { purpose: 'download' }),
      409,
      'conflict',
      'errors.paymentNotDue',
    );
  });
});

describe('counting downloads', () => {
  beforeEach(() => charging(false));

  it('counts a visitor once a day, another visitor again, and neither crawlers nor refused requests', async () => {
    const paperId = published;
    await app.deps.db.delete(archiveVisits).where(eq(archiveVisits.paperId, paperId));
    await app.deps.db.update(archivedPapers).set({ downloads: 0 }).where(eq(archivedPapers.paperId, paperId));
    const guest = app.client();
    await guest.get(pdfUrl(paperId), BROWSER);
    await guest.get(pdfUrl(paperId), BROWSER);
    expect(await downloads(paperId)).toBe(1);
    await guest.get(pdfUrl(paperId), { 'user-agent': 'Mozilla/5.0 (Macintosh) Safari/605.1.15' });
    expect(await downloads(paperId)).toBe(2);
    await guest.get(pdfUrl(paperId), { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' });
    await charging(true);
    await app.client().get(pdfUrl(paperId), { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0) Edge/120' });
    expect(await downloads(paperId)).toBe(2);
    const visits = await app.deps.db.select().from(archiveVisits).where(eq(archiveVisits.paperId, paperId));
    expect(visits.map((visit) => [visit.kind, visit.day])).toEqual([
      ['download', today()],
      ['download', today()],
    ]);
  });

  it('reads a full text in a few statements whatever the archive’s size', async () => {
    await charging(true);
    await membership(reader.userId, dayOffset(5));
    const statements = await countStatements(app, () => reader.client.get(pdfUrl(published), BROWSER));
    expect(statements).toBeLessThanOrEqual(6);
    const access = await countStatements(app, () => reader.client.get(`${G}/archive/access`));
    expect(access).toBeLessThanOrEqual(4);
  });
});
