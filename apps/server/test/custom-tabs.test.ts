import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectError, type TestApp, type TestClient } from './harness';

/**
 * The custom tabs screen (spec 03 "Custom tab", §4–§5; issue 22 §2): the editor panel's tree of main tabs and
 * sub-tabs; the rules; the address made once; hiding and deleting a main tab carry its sub-tabs; the public menu and
 * page follow at once; rich text cleaned.
 */

let app: TestApp;
let manager: TestClient;
const G = '/api/journals/general';
interface Node {
  id: number;
  slug: string;
  nameEn: string;
  active: boolean;
  contentEn: string;
  subTabs: Node[];
}
const tree = async () => (await manager.get(`${G}/custom-tabs`)).body.items as Node[];
const menu = async () =>
  (await app.client().get(`${G}/tabs`)).body.customTabs as { slug: string; subTabs: { slug: string }[] }[];
const main = (nameEn: string, extra: Record<string, unknown> = {}) => ({ nameEn, nameAr: 'تبويب', ...extra });
const sub = (nameEn: string, parentId: number, extra: Record<string, unknown> = {}) => ({
  nameEn,
  nameAr: 'فرعي',
  parentId,
  contentEn: `<p>${nameEn} page</p>`,
  contentAr: '<p>صفحة</p>',
  ...extra,
});

beforeAll(async () => {
  app = await buildTestApp();
  manager = await app.signedIn('editor@general.test');
});
afterAll(async () => app?.close());

describe('custom tabs', () => {
  it('adds a main tab and a sub-tab; the menu and the page show them at once; a rename keeps the address', async () => {
    const added = await manager.post(`${G}/custom-tabs`, main('Guides', { order: 3 }));
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ slug: 'guides', messageKey: 'customTabs.created' });
    const child = await manager.post(
      `${G}/custom-tabs`,
      sub('Style guide', added.body.id, { contentEn: '<p onclick="x()">Read <script>alert(1)</script>this</p>' }),
    );
    expect(child.status).toBe(201);
    expect(child.body.slug).toBe('style-guide');
    // The same name again gets an address of its own.
    const twin = await manager.post(`${G}/custom-tabs`, main('Guides'));
    expect(twin.body.slug).toBe('guides-2');

    const guides = (await tree()).find((tab) => tab.id === added.body.id)!;
    expect(guides.subTabs.map((tab) => tab.slug)).toEqual(['style-guide']);
    expect(guides.subTabs[0]!.contentEn).toBe('<p>Read this</p>');
    expect((await menu()).find((tab) => tab.slug === 'guides')?.subTabs.map((tab) => tab.slug)).toEqual([
      'style-guide',
    ]);
    expect((await app.client().get(`${G}/tabs/style-guide`)).body.content.en).toBe('<p>Read this</p>');

    // Renamed: the address stays.
    const renamed = await manager.put(`${G}/custom-tabs/${child.body.id}`, sub('House style', added.body.id));
    expect(renamed.body).toMatchObject({ slug: 'style-guide', messageKey: 'customTabs.saved' });
    expect((await app.client().get(`${G}/tabs/style-guide`)).body.name.en).toBe('House style');
    await manager.request('DELETE', `${G}/custom-tabs/${twin.body.id}`);
  });

  it('hides a main tab with its sub-tabs, and deletes one with them', async () => {
    const parent = (await manager.post(`${G}/custom-tabs`, main('Events'))).body.id as number;
    const children = [
      (await manager.post(`${G}/custom-tabs`, sub('Talks', parent))).body.id,
      (await manager.post(`${G}/custom-tabs`, sub('Workshops', parent))).body.id,
    ];
    expect((await manager.put(`${G}/custom-tabs/${parent}`, main('Events', { active: false }))).status).toBe(200);
    const hidden = (await tree()).find((tab) => tab.id === parent)!;
    expect([hidden.active, ...hidden.subTabs.map((tab) => tab.active)]).toEqual([false, false, false]);
    expect((await menu()).map((tab) => tab.slug)).not.toContain('events');
    expect((await app.client().get(`${G}/tabs/talks`)).status).toBe(404);
    // Shown again: the sub-tabs stay hidden until each is shown.
    await manager.put(`${G}/custom-tabs/${parent}`, main('Events', { active: true }));
    expect((await menu()).find((tab) => tab.slug === 'events')?.subTabs).toEqual([]);

    const deleted = await manager.request('DELETE', `${G}/custom-tabs/${parent}`);
    expect(deleted.body.messageKey).toBe('customTabs.deleted');
    const ids = (await tree()).flatMap((tab) => [tab.id, ...tab.subTabs.map((one) => one.id)]);
    for (const id of [parent, ...children]) expect(ids).not.toContain(id);
    expectError(await manager.request('DELETE', `${G}/custom-tabs/${parent}`), 404, 'notFound', 'customTabs.not_found');
  });

  it('applies the rules of spec 03 §5, field by field, in the caller’s language', async () => {
    const refused = await manager.request(
      'POST',
      `${G}/custom-tabs`,
      { nameEn: '', nameAr: 'ع'.repeat(16), order: 11 },
      { 'accept-language': 'ar' },
    );
    expectError(refused, 400, 'validation', 'errors.validation', {
      NameEn: ['validation.required'],
      NameAr: ['customTabs.name_max'],
      Order: ['customTabs.order_range'],
    });
    expect(refused.body.message).toMatch(/[\u0600-\u06FF]/);
    const parent = (await manager.post(`${G}/custom-tabs`, main('Parent'))).body.id as number;
    // A sub-tab needs its page in both languages (a page of only markup or script is empty).
    expectError(
      await manager.post(`${G}/custom-tabs`, sub('Empty', parent, { contentEn: '<p> </p>', contentAr: '' })),
      400,
      'validation',
      'errors.validation',
      { ContentEn: ['customTabs.content_required'], ContentAr: ['customTabs.content_required'] },
    );
    // Two levels: not under a sub-tab, not under itself, not under another journal's tab; a parent stays main.
    const child = (await manager.post(`${G}/custom-tabs`, sub('Child', parent))).body.id as number;
    for (const parentId of [child, 999_999]) {
      expectError(
        await manager.post(`${G}/custom-tabs`, sub('Deep', parentId)),
        400,
        'validation',
        'errors.validation',
        {
          ParentId: ['customTabs.parent_invalid'],
        },
      );
    }
    expectError(
      await manager.put(`${G}/custom-tabs/${parent}`, sub('Parent', parent)),
      400,
      'validation',
      'errors.validation',
      {
        ParentId: ['customTabs.parent_invalid'],
      },
    );
    const other = (await manager.post(`${G}/custom-tabs`, main('Other'))).body.id as number;
    expectError(
      await manager.put(`${G}/custom-tabs/${parent}`, sub('Parent', other)),
      400,
      'validation',
      'errors.validation',
      {
        ParentId: ['customTabs.parent_has_subs'],
      },
    );
    expectError(await manager.put(`${G}/custom-tabs/999999`, main('Ghost')), 404, 'notFound', 'customTabs.not_found');
    for (const id of [other, parent]) await manager.request('DELETE', `${G}/custom-tabs/${id}`);
  });

  it('is closed to reviewers and to other journals’ managers', async () => {
    const reviewer = await app.signedIn('reviewer@general.test');
    expectError(await reviewer.get(`${G}/custom-tabs`), 403, 'forbidden', 'errors.forbidden');
    expectError(await reviewer.post(`${G}/custom-tabs`, main('x')), 403, 'forbidden', 'errors.forbidden');
    const ethicsManager = app.client();
    await ethicsManager.login('editor@ethics.test', undefined, 'ethics');
    expectError(await ethicsManager.get(`${G}/custom-tabs`), 403, 'forbidden', 'errors.forbidden');
  });
});
