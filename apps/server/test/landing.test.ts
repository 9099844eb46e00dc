import { DEFAULT_LANDING } from '@journals/core/schemas/landing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, countStatements, expectError, type TestApp, type TestClient } from './harness';

/**
 * The platform's landing page as its administrator writes it (issue 22 §4, decision 0054): the defaults until the
 * first save; the tagline, the features and the carousel's journals (order, shown or not; a switched-off journal
 * never) then reach GET /api/landing at once on this process; every rule of the form; nobody else may do it.
 */

let app: TestApp;
let admin: TestClient;
const FORM = '/api/journals/general/platform/landing';

beforeAll(async () => {
  // A long cache: the landing's answers come from it, so each change below must drop it to be seen.
  app = await buildTestApp({ CACHE_TTL_MS: '60000' });
  admin = await app.signedIn('admin@platform.test');
});
afterAll(async () => app?.close());

const feature = (extra: Record<string, unknown> = {}) => ({
  icon: 'search',
  titleEn: 'Search every paper',
  titleAr: 'ابحث في كل بحث',
  textEn: 'The full text of every published paper, in both languages.',
  textAr: 'النص الكامل لكل بحث منشور، باللغتين.',
  ...extra,
});

describe('the landing page', () => {
  it('shows the defaults before the administrator writes it, with every active journal', async () => {
    const landing = (await app.client().get('/api/landing')).body;
    expect(landing.tagline).toEqual({ en: DEFAULT_LANDING.taglineEn, ar: DEFAULT_LANDING.taglineAr });
    expect(landing.features).toHaveLength(DEFAULT_LANDING.features.length);
    expect(landing.features[0]).toEqual({
      icon: 'bilingual',
      title: { en: 'English and Arabic, side by side', ar: 'بالعربية والإنجليزية معًا' },
      text: { en: DEFAULT_LANDING.features[0]!.textEn, ar: DEFAULT_LANDING.features[0]!.textAr },
    });
    expect(landing.journals.map((j: { slug: string }) => j.slug)).toEqual(['general', 'ethics']);
    const form = (await admin.get(FORM)).body;
    expect(form).toMatchObject({ taglineEn: DEFAULT_LANDING.taglineEn, features: DEFAULT_LANDING.features });
    expect(form.journals.map((j: { slug: string; shown: boolean }) => [j.slug, j.shown])).toEqual([
      ['general', true],
      ['ethics', true],
    ]);
  });

  it("saves the administrator's page: the tagline, the features and the carousel reach the landing at once", async () => {
    const form = (await admin.get(FORM)).body;
    const [general, ethics] = form.journals as { id: number; slug: string }[];
    await app.client().get('/api/landing'); // cached before the save
    const saved = await admin.put(
      FORM,
      {
        taglineEn: '  Journals of the Nile Delta  ',
        taglineAr: 'مجلات دلتا النيل',
        features: [feature(), feature({ icon: 'mail', titleEn: 'Mail', titleAr: 'البريد' })],
        journals: [
          { id: ethics!.id, shown: true },
          { id: general!.id, shown: false },
        ],
      },
      { 'accept-language': 'ar' },
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ messageKey: 'landing.saved', message: 'حُفظت الصفحة الرئيسية.' });

    const landing = (await app.client().get('/api/landing')).body;
    expect(landing.tagline).toEqual({ en: 'Journals of the Nile Delta', ar: 'مجلات دلتا النيل' });
    expect(landing.features.map((f: { icon: string; title: { ar: string } }) => [f.icon, f.title.ar])).toEqual([
      ['search', 'ابحث في كل بحث'],
      ['mail', 'البريد'],
    ]);
    expect(landing.journals.map((j: { slug: string }) => j.slug)).toEqual(['ethics']);
    expect(landing.statistics.journals).toBe(2);
    const again = (await admin.get(FORM)).body;
    expect(again.journals.map((j: { slug: string; shown: boolean }) => [j.slug, j.shown])).toEqual([
      ['ethics', true],
      ['general', false],
    ]);

    // A journal made after the save comes at the end of the carousel, shown.
    const created = await admin.post('/api/journals/general/platform/journals', {
      slug: 'delta',
      titleEn: 'Delta Journal',
      titleAr: 'مجلة الدلتا',
      managerEmail: 'editor@general.test',
      managerName: 'Amal Hassan',
    });
    expect(created.status).toBe(201);
    const withNew = (await app.client().get('/api/landing')).body;
    expect(withNew.journals.map((j: { slug: string }) => j.slug)).toEqual(['ethics', 'delta']);

    // Switched off, a journal leaves the carousel whatever its flag, and the form says so.
    expect(
      (await admin.put(`/api/journals/general/platform/journals/${created.body.id}/state`, { active: false })).status,
    ).toBe(200);
    expect((await app.client().get('/api/landing')).body.journals.map((j: { slug: string }) => j.slug)).toEqual([
      'ethics',
    ]);
    const off = (await admin.get(FORM)).body.journals.find((j: { slug: string }) => j.slug === 'delta');
    expect(off).toMatchObject({ active: false, shown: true });
  });

  it('refuses what breaks its rules, with each field named, and writes nothing', async () => {
    const before = (await admin.get(FORM)).body;
    const base = { taglineEn: 'Tagline', taglineAr: 'عبارة', features: [feature()], journals: [] };
    expectError(
      await admin.put(FORM, {
        ...base,
        taglineAr: '  ',
        features: [feature({ titleEn: 'x'.repeat(81), icon: 'rocket' })],
      }),
      400,
      'validation',
      'errors.validation',
      {
        TaglineAr: ['validation.required'],
        'Features[0].icon': ['validation.invalid'],
        'Features[0].titleEn': ['validation.max'],
      },
    );
    expectError(
      await admin.put(FORM, { ...base, features: Array.from({ length: 7 }, () => feature()) }),
      400,
      'validation',
      'errors.validation',
      { Features: ['landing.features_max'] },
    );
    expectError(
      await admin.put(FORM, { ...base, journals: [{ id: 999999, shown: true }] }),
      400,
      'validation',
      'errors.validation',
      { Journals: ['landing.unknown_journal'] },
    );
    expect((await admin.get(FORM)).body).toEqual(before);
  });

  it("is the platform administrator's alone; the public landing answers from the cache in no statement", async () => {
    const manager = await app.signedIn('editor@general.test');
    expectError(await manager.get(FORM), 403, 'forbidden', 'errors.forbidden');
    expectError(
      await manager.put(FORM, { taglineEn: 'x', taglineAr: 'x', features: [], journals: [] }),
      403,
      'forbidden',
      'errors.forbidden',
    );
    expect((await app.client().get(FORM)).status).toBe(401);
    const guest = app.client();
    await guest.get('/api/landing');
    expect(await countStatements(app, () => guest.get('/api/landing'))).toBe(0);
  });
});
