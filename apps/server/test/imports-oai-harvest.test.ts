import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestClient } from './harness';
import { archiveCounts, settled } from './imports-setup';
import { type OaiFake, startOaiFake } from './oai-fake';
import { multipartForm } from './papers';

/**
 * Issue 45 §4 through the API: a manager gives another repository's OAI-PMH base URL (a local repository the
 * operator allows, FETCH_ALLOW_PRIVATE), the harvest is checked, then imported; and the same URL on a server that
 * does not allow private addresses is refused with its reason, nothing written.
 */
const SLUG = 'ethics';
const BASE = `/api/journals/${SLUG}/imports`;
let fake: OaiFake;

beforeAll(async () => {
  fake = await startOaiFake();
});
afterAll(() => fake.close());

async function harvestWith(app: TestApp, manager: TestClient, language = 'en') {
  const form = multipartForm({ source: 'oai', url: `${fake.base}/oai` });
  const created = await manager.request('POST', BASE, form.payload, { ...form.headers, 'accept-language': language });
  expect(created.status, JSON.stringify(created.body)).toBe(202);
  return settled(manager, created.body.import.id, undefined, SLUG);
}

describe('an OAI-PMH harvest, imported (issue 45 §4)', () => {
  let app: TestApp;
  let manager: TestClient;
  beforeAll(async () => {
    app = await buildTestApp({ FETCH_ALLOW_PRIVATE: 'true' });
    manager = await app.signedIn('editor@ethics.test');
  });
  afterAll(async () => app?.close());

  it('is checked page by page, then imported: the English and Arabic record on the journal’s public issue', async () => {
    const before = await archiveCounts(app, SLUG);
    const checked = await harvestWith(app, manager);
    expect(checked.state).toBe('checked');
    expect(checked.summary.create).toBeGreaterThanOrEqual(1);
    expect(await archiveCounts(app, SLUG)).toEqual(before);
    expect((await manager.post(`${BASE}/${checked.id}/run`, { onRefusal: 'skip' })).status).toBe(202);
    const done = await settled(manager, checked.id, undefined, SLUG);
    expect(done.state).toBe('done');
    expect((await archiveCounts(app, SLUG)).archived).toBeGreaterThan(before.archived);
    const found = await app
      .client()
      .get(`/api/journals/${SLUG}/search?${new URLSearchParams({ search: 'حقوق المياه' })}`);
    expect(JSON.stringify(found.body.items)).toContain('Water Rights in Arid Lands');
  });
});

describe('an OAI-PMH harvest of a private address, on a server that does not allow it', () => {
  let app: TestApp;
  let manager: TestClient;
  beforeAll(async () => {
    app = await buildTestApp();
    manager = await app.signedIn('editor@ethics.test');
  });
  afterAll(async () => app?.close());

  it('fails its check with the reason in the manager’s language and writes nothing', async () => {
    const before = await archiveCounts(app, SLUG);
    const asked = fake.requests.length;
    const settledView = await harvestWith(app, manager, 'ar');
    expect(settledView.state).toBe('failed');
    const failed = (await manager.get(`${BASE}/${settledView.id}`, { 'accept-language': 'ar' })).body;
    expect(failed.error.message).toMatch(/[\u0600-\u06FF]/);
    // Refused before any connection: the repository never heard of it.
    expect(fake.requests.length).toBe(asked);
    expect(await archiveCounts(app, SLUG)).toEqual(before);
  });
});
