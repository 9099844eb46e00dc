import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { specializations } from '../src/db/schema';
import { buildTestApp, createActiveUser, expectError, type TestApp, type TestClient } from './harness';
import { paperBody, submittedPaper } from './papers';

/**
 * The specializations and keywords screen (spec 03, §5; issue 22 §2): the editor panel lists, adds, edits and deletes
 * them; keywords come one per line; a delete is soft and says first what uses the specialization.
 */

let app: TestApp;
let manager: TestClient;
const G = '/api/journals/general';
const pickable = async () =>
  ((await app.client().get(`${G}/auth/register`)).body.specializations as { id: number }[]).map((row) => row.id);

beforeAll(async () => {
  app = await buildTestApp();
  manager = await app.signedIn('editor@general.test');
});
afterAll(async () => app?.close());

describe('specializations and keywords', () => {
  it('adds one with its keywords one per line (empty lines and repeats dropped), lists it, and edits it', async () => {
    const added = await manager.post(`${G}/specializations`, {
      nameEn: 'Marine biology',
      nameAr: 'الأحياء البحرية',
      keywords: 'coral reefs\n\n  plankton  \nCoral reefs\r\nfisheries\n',
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      nameEn: 'Marine biology',
      nameAr: 'الأحياء البحرية',
      keywords: ['coral reefs', 'plankton', 'fisheries'],
    });
    const id = added.body.id as number;
    const list = (await manager.get(`${G}/specializations`)).body.items as { id: number }[];
    expect(list.map((row) => row.id)).toContain(id);
    expect(await pickable()).toContain(id);

    const edited = await manager.put(`${G}/specializations/${id}`, {
      nameEn: 'Marine sciences',
      nameAr: 'علوم البحار',
      keywords: 'oceanography',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ nameEn: 'Marine sciences', keywords: ['oceanography'] });
  });

  it('refuses empty names, names over 100, and no keyword, field by field, in the caller’s language', async () => {
    const refused = await manager.request(
      'POST',
      `${G}/specializations`,
      { nameEn: '', nameAr: 'ع'.repeat(101), keywords: '\n \n' },
      { 'accept-language': 'ar' },
    );
    expectError(refused, 400, 'validation', 'errors.validation', {
      NameEn: ['validation.required'],
      NameAr: ['specializations.name_max'],
      Keywords: ['validation.keywords_required'],
    });
    expect(refused.body.message).toMatch(/[\u0600-\u06FF]/);
  });

  it('says what uses a specialization before deleting it; the delete is soft and leaves the pickers only', async () => {
    const added = await manager.post(`${G}/specializations`, { nameEn: 'Soil', nameAr: 'التربة', keywords: 'clay' });
    const id = added.body.id as number;
    expect((await manager.get(`${G}/specializations/${id}/usage`)).body).toEqual({ papers: 0, people: 0 });
    const author = await createActiveUser(app, { specializations: [id] });
    const paper = await submittedPaper(await app.signedIn(author.email, author.password), 'general', paperBody(id));
    expect((await manager.get(`${G}/specializations/${id}/usage`)).body).toEqual({ papers: 1, people: 1 });

    const deleted = await manager.request('DELETE', `${G}/specializations/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.messageKey).toBe('specializations.deleted');
    expect(((await manager.get(`${G}/specializations`)).body.items as { id: number }[]).map((r) => r.id)).not.toContain(
      id,
    );
    expect(await pickable()).not.toContain(id);
    // The row, the paper and the person keep it.
    const [row] = await app.deps.db.select().from(specializations).where(eq(specializations.id, id));
    expect(row).toMatchObject({ nameEn: 'Soil', isDeleted: true });
    expect((await manager.get(`${G}/papers/${paper.id}`)).status).toBe(200);
    // Gone for this screen: not found again.
    expectError(
      await manager.request('DELETE', `${G}/specializations/${id}`),
      404,
      'notFound',
      'specializations.not_found',
    );
    expectError(
      await manager.put(`${G}/specializations/${id}`, { nameEn: 'x', nameAr: 'x', keywords: 'x' }),
      404,
      'notFound',
      'specializations.not_found',
    );
  });

  it('keeps each journal’s own: another journal’s specialization is not found here; a researcher gets 403', async () => {
    const ethics = await app.signedIn('editor@ethics.test');
    const theirs = (await ethics.get('/api/journals/ethics/specializations')).body.items[0].id as number;
    expectError(
      await manager.get(`${G}/specializations/${theirs}/usage`),
      404,
      'notFound',
      'specializations.not_found',
    );
    expectError(
      await manager.request('DELETE', `${G}/specializations/${theirs}`),
      404,
      'notFound',
      'specializations.not_found',
    );
    const researcher = await app.signedIn('researcher@general.test');
    expectError(await researcher.get(`${G}/specializations`), 403, 'forbidden', 'errors.forbidden');
    const secretary = await app.signedIn('secretary@general.test');
    expect((await secretary.get(`${G}/specializations`)).status).toBe(200);
  });
});
