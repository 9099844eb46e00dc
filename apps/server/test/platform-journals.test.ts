import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  countStatements,
  createActiveUser,
  expectError,
  lastMailTo,
  registration,
  type TestApp,
  type TestClient,
} from './harness';
import { paperBody, submittedPaper } from './papers';

/**
 * The platform administrator's journals (issue 22 §4): the list with its counts in one statement; a new journal with
 * its rules; it works at once (bootstrap, registration with its one specialization, the review sheet, the default
 * mails) and its first manager is invited or given the role; nobody else may do it.
 */

let app: TestApp;
let admin: TestClient;
const BASE = '/api/journals/general/platform/journals';
const journal = (slug: string, extra: Record<string, unknown> = {}) => ({
  slug,
  titleEn: 'Journal of Coastal Studies',
  titleAr: 'مجلة الدراسات الساحلية',
  defaultLanguage: 'ar',
  codePrefix: 'JCS',
  managerEmail: `manager.${slug}@example.org`,
  managerName: 'Rania Fawzi',
  ...extra,
});

beforeAll(async () => {
  app = await buildTestApp();
  admin = await app.signedIn('admin@platform.test');
});
afterAll(async () => app?.close());

describe('platform journals', () => {
  it("lists every journal with its counts, in one statement (and the caller's check)", async () => {
    await admin.get(BASE); // the session's first request in the journal reads it
    let answer!: { status: number; body: any };
    const statements = await countStatements(app, async () => {
      answer = await admin.get(BASE);
    });
    expect(answer.status).toBe(200);
    // The list is one statement whatever the number of journals; the caller's check at most one more.
    expect(statements).toBeLessThanOrEqual(2);
    const general = answer.body.items.find((item: { slug: string }) => item.slug === 'general');
    expect(general).toMatchObject({ titleEn: 'Journal of Applied Sciences', defaultLanguage: 'en' });
    expect(general.papers).toBeGreaterThan(0);
    expect(general.published).toBeGreaterThan(0);
    expect(general.issues).toBeGreaterThan(0);
    expect(general.people).toBeGreaterThanOrEqual(8);
    expect(answer.body.items.map((item: { slug: string }) => item.slug)).toEqual(
      expect.arrayContaining(['general', 'ethics']),
    );
  });

  it('makes a journal that works at once (home, registration, submission), its new manager invited to choose a password', async () => {
    // An address asked for before it exists is remembered as unknown; making it must not leave it so.
    expect((await app.client().get('/api/journals/coastal')).status).toBe(404);
    const made = await admin.post(BASE, journal('coastal'));
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ slug: 'coastal', invited: true, messageKey: 'platform.created_invited' });
    expect(made.body.message).toBe(
      'The journal /coastal/ is made; manager.coastal@example.org is invited to choose a password and manage it.',
    );

    const guest = app.client();
    const boot = await guest.get('/api/journals/coastal');
    expect(boot.status).toBe(200);
    expect(boot.body).toMatchObject({
      slug: 'coastal',
      journalData: { defaultLanguage: 'ar', codePrefix: 'JCS', title: { en: 'Journal of Coastal Studies' } },
    });
    // Registration takes its required specialization from the one the journal starts with.
    const form = await guest.get('/api/journals/coastal/auth/register');
    expect(form.body.specializations).toHaveLength(1);
    const registered = await guest.post(
      '/api/journals/coastal/auth/register',
      await registration(guest, { specializations: [form.body.specializations[0].id] }),
    );
    expect(registered.status).toBe(201);
    expect((await app.client().get('/api/landing')).body.journals.map((j: { slug: string }) => j.slug)).toContain(
      'coastal',
    );

    // The manager's invitation, in the journal's default language, from the default template.
    const { mail, link } = await lastMailTo(app, 'manager.coastal@example.org');
    expect(mail).toMatchObject({ kind: 'accountInvitation', subject: 'مجلة الدراسات الساحلية: أُنشئ لك حساب' });
    expect(link!.pathname).toBe('/coastal/recover');
    const counts = (await admin.get(BASE)).body.items.find((item: { slug: string }) => item.slug === 'coastal');
    expect(counts).toMatchObject({ papers: 0, published: 0, issues: 0, people: 2 });

    // Submission works at once: a paper of its one specialization gets the journal's code, and its manager is told.
    const spec = form.body.specializations[0].id as number;
    const author = await createActiveUser(app, { specializations: [spec] }, 'coastal');
    const paper = await submittedPaper(await app.signedIn(author.email, author.password), 'coastal', paperBody(spec));
    expect(paper.code).toMatch(/^JCS/);
    expect((await lastMailTo(app, 'manager.coastal@example.org')).mail).toMatchObject({ kind: 'newProposal' });
    const after = (await admin.get(BASE)).body.items.find((item: { slug: string }) => item.slug === 'coastal');
    expect(after).toMatchObject({ papers: 1, people: 3 });
  });

  it('gives the role to an existing account and changes nothing else of it', async () => {
    const made = await admin.post(BASE, journal('harbour', { managerEmail: 'editor@general.test' }));
    expect(made.status).toBe(201);
    expect(made.body.invited).toBe(false);
    const manager = await app.signedIn('editor@general.test', undefined);
    const asManager = await manager.get('/api/journals/harbour/me');
    expect(asManager.status).toBe(200);
    // The manager of harbour reaches its editor panel.
    expect((await manager.get('/api/journals/harbour/mail-templates')).status).toBe(200);
    const sheet = await manager.get('/api/journals/harbour/review-questions');
    expect(sheet.status).toBe(200);
    expect(sheet.body.items.length).toBeGreaterThan(0);
  });

  it('refuses a bad, reserved or taken address, and anything but the platform administrator', async () => {
    expectError(
      await admin.post(BASE, journal('Bad Slug!', { managerEmail: 'someone@example.org' })),
      400,
      'validation',
      'errors.validation',
      {
        Slug: ['platform.slug_shape'],
      },
    );
    expectError(
      await admin.post(BASE, journal('api', { managerEmail: 'someone@example.org' })),
      400,
      'validation',
      'errors.validation',
      {
        Slug: ['platform.slug_reserved'],
      },
    );
    expectError(
      await admin.post(BASE, journal('x'.repeat(61), { codePrefix: 'bad', managerEmail: 'nope' })),
      400,
      'validation',
      'errors.validation',
      {
        Slug: ['platform.slug_max'],
        CodePrefix: ['validation.codePrefix_format'],
        ManagerEmail: ['validation.valid_email'],
      },
    );
    expectError(await admin.post(BASE, journal('general')), 409, 'conflict', 'platform.slug_taken');
    const manager = await app.signedIn('editor@general.test');
    expect((await manager.post(BASE, journal('sneaky'))).status).toBe(403);
    expect((await manager.get(BASE)).status).toBe(403);
    expect((await app.client().get('/api/journals/sneaky')).status).toBe(404);
  });
});

describe('switching a journal off', () => {
  it('closes its site and stops its mail (its reminders: reminders-scheduled.test.ts), and opens again', async () => {
    const made = await admin.post(BASE, journal('tidal'));
    const id = made.body.id as number;
    const off = await admin.put(`${BASE}/${id}/state`, { active: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ messageKey: 'platform.switched_off' });
    expect((await app.client().get('/api/journals/tidal')).body.active).toBe(false);
    expect((await admin.get(BASE)).body.items.find((item: { slug: string }) => item.slug === 'tidal').active).toBe(
      false,
    );

    // A mail of the journal is not delivered; the outbox says why, and nothing retries it.
    const { mailOutbox } = await import('../src/db/schema');
    const { eq } = await import('drizzle-orm');
    const { deliverMail, JOURNAL_OFF } = await import('../src/mail/delivery');
    const [row] = await app.deps.db
      .insert(mailOutbox)
      .values({ journalId: id, toAddress: 'reader@example.org', kind: 'bulk', subject: 'x', text: 'x' })
      .returning();
    const sent: unknown[] = [];
    await deliverMail(
      app.deps.db,
      app.deps.config,
      { sendMail: async (mail: unknown) => sent.push(mail) } as never,
      row!.id,
      app.deps.log,
    );
    expect(sent).toHaveLength(0);
    const [after] = await app.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, row!.id));
    expect(after).toMatchObject({ state: 'failed', lastError: JOURNAL_OFF });

    const on = await admin.put(`${BASE}/${id}/state`, { active: true });
    expect(on.body.messageKey).toBe('platform.switched_on');
    expect((await app.client().get('/api/journals/tidal')).body.active).toBe(true);
    expectError(
      await admin.put(`${BASE}/999999/state`, { active: false }),
      404,
      'notFound',
      'platform.journal_not_found',
    );
  });
});
