import { afterAll, beforeAll } from 'vitest';
import { mailOutbox } from '../src/db/schema';
import { buildTestApp, createActiveUser, type TestApp } from './harness';
import { specializationOf } from './papers';

/**
 * What the submissions test files share (spec 02; DESIGN §4; decision 0005): one server per file
 * (useSubmissionsApp), its journals' paper routes, a new researcher, and the mails about a paper.
 */

export let app: TestApp;
export let generalSpec: number;
export let ethicsSpec: number;

export const G = '/api/journals/general/papers';
export const E = '/api/journals/ethics/papers';

export async function researcher(slug = 'general') {
  const user = await createActiveUser(app, { specializations: [slug === 'ethics' ? ethicsSpec : generalSpec] }, slug);
  const client = app.client();
  await client.login(user.email, user.password, slug);
  return { client, ...user };
}

export const mailsOf = (paperCode: string) =>
  app.deps.db
    .select()
    .from(mailOutbox)
    .then((rows) => rows.filter((row) => row.subject.includes(paperCode)));

/** The submissions files' one server and its journals' first specializations, built before a file's tests. */
export function useSubmissionsApp() {
  beforeAll(async () => {
    app = await buildTestApp();
    generalSpec = await specializationOf(app.client(), 'general');
    ethicsSpec = await specializationOf(app.client(), 'ethics');
  });
  afterAll(() => app.close());
}
