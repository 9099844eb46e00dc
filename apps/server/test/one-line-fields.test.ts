import { translate } from '@journals/core/i18n/index';
import { count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journals, mailOutbox, users } from '../src/db/schema';
import { buildTestApp, createActiveUser, registration, type TestApp } from './harness';

/**
 * Single-line text fields (decision 0072): a name, a title, a subject or a keyword with a control character in it
 * (CR, LF, TAB, any other C0 or C1, the Unicode line separators) is refused with 400 and the field's translated
 * key, and nothing is written. A CR/LF in a full name or a mail subject would split a mail header or a CSV row.
 */

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app?.close());

const G = '/api/journals/general';
const userTotal = async () => (await app.deps.db.select({ n: count() }).from(users))[0]!.n;
/** Every field error key of an answer, whatever its field is called. */
const keysOf = (body: { errors?: Record<string, string[]> }) => Object.values(body.errors ?? {}).flat();

describe('single-line text fields', () => {
  it('has its message in English and Arabic', () => {
    const en = translate('en', 'validation.one_line');
    const ar = translate('ar', 'validation.one_line');
    expect(en).toMatch(/one line/);
    expect(ar).toMatch(/[\u0600-\u06FF]/);
    expect(ar).not.toBe(en);
  });

  it.each([
    ['a full name with CR/LF', { fullName: 'Nour\r\nSalem' }, 'FullName'],
    ['a full name with a line separator', { fullName: 'Nour\u2028Salem' }, 'FullName'],
    ['a job title with a TAB', { jobTitle: 'Lecturer\tSenior' }, 'JobTitle'],
    ['a full name with an escape', { fullName: 'Nour \u001b[31mSalem' }, 'FullName'],
  ])('registration refuses %s with 400 and writes nothing', async (_case, fields, field) => {
    const client = app.client();
    const before = await userTotal();
    const answer = await client.post(`${G}/auth/register`, await registration(client, fields));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'validation', errors: { [field]: ['validation.one_line'] } });
    expect(await userTotal()).toBe(before);
  });

  it('the profile refuses a work place or a keyword with a line break, and keeps what it had', async () => {
    const user = await createActiveUser(app);
    const client = app.client();
    await client.login(user.email, user.password);
    const profile = {
      fullName: 'Nour Salem',
      nameOnPaper: 'N. Salem',
      phone: '0101234567',
      jobTitle: 'Lecturer',
      workPlace: 'Nile University',
      specializations: [1],
      personalKeywords: ['water'],
      availableAsReviewer: false,
    };
    expect((await client.put(`${G}/profile`, profile)).status).toBe(200);
    for (const change of [{ workPlace: 'Nile\nUniversity' }, { personalKeywords: ['water\nsensors'] }]) {
      const answer = await client.put(`${G}/profile`, { ...profile, ...change });
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('validation');
      expect(keysOf(answer.body)).toEqual(['validation.one_line']);
    }
    expect((await client.get(`${G}/profile`)).body).toMatchObject({
      workPlace: 'Nile University',
      personalKeywords: ['water'],
    });
  });

  it('bulk mail refuses a subject with CR/LF (a header of its own), queuing nothing', async () => {
    const manager = await app.signedIn('editor@general.test');
    const last = async () =>
      (await app.deps.db.select({ id: mailOutbox.id }).from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1))[0]?.id;
    const before = await last();
    const answer = await manager.post(`${G}/bulk-mail`, {
      recipients: 'reader@example.org',
      subject: 'Call for papers\r\nBcc: everyone@example.org',
      content: '<p>Our next issue is open.</p>',
    });
    expect(answer.status).toBe(400);
    expect(keysOf(answer.body)).toEqual(['validation.one_line']);
    expect(await last()).toBe(before);
  });

  it('a new journal refuses a title with a line break', async () => {
    const admin = await app.signedIn('admin@platform.test');
    const answer = await admin.post(`${G}/platform/journals`, {
      slug: 'one-line',
      titleEn: 'Journal of\nLines',
      titleAr: 'مجلة',
      managerEmail: 'manager@one-line.test',
      managerName: 'Manager',
    });
    expect(answer.status).toBe(400);
    expect(keysOf(answer.body)).toEqual(['validation.one_line']);
    expect(await app.deps.db.select().from(journals).where(eq(journals.slug, 'one-line'))).toEqual([]);
  });
});
