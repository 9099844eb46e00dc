import type { RouteOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/db/rows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALL_CALLERS,
  CALLERS,
  type Caller,
  type Entry,
  type Fixture,
  ACCOUNT_CASES,
  accountTargets,
  MATRIX,
  MATRIX_ENV,
  mayCall,
  renameBody,
  SIGNED_IN,
  setUpMatrix,
} from './authorization-matrix';
import { buildTestApp, createActiveUser, type TestApp, type TestClient } from './harness';
import { PDF, upload } from './papers';

/** Routes outside the matrix: HEAD (answered like GET) and the Swagger UI's own static files. */
const isExempt = (method: string, url: string) => method === 'HEAD' || url.startsWith('/api/docs/static/');

/** The error code a caller outside `allow` gets, by status. */
const DENIED = { 401: 'unauthenticated', 403: 'forbidden', 404: 'notFound' } as const;

let app: TestApp;
let fixture: Fixture;
let paper: Fixture['paper'];
let generalSpecialization: number;
const papersUrl = '/api/journals/general/papers';
const registered: string[] = [];
const clients = new Map<Caller, TestClient>();

async function signIn(caller: Caller) {
  const client = app.client();
  const email = CALLERS[caller];
  if (email) await client.login(email);
  clients.set(caller, client);
  return client;
}

beforeAll(async () => {
  app = await buildTestApp(MATRIX_ENV, {
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) registered.push(`${method} ${route.url}`);
    },
  });
  for (const caller of ALL_CALLERS) await signIn(caller);
  fixture = await setUpMatrix(app, clients.get('guest')!, clients.get('researcher')!);
  ({ paper, generalSpecialization } = fixture);
});
afterAll(() => app.close());

describe('the authorization matrix', () => {
  it('lists every registered route, and only registered ones', () => {
    const inApp = new Set(
      registered.filter((route) => {
        const [method, url] = route.split(' ') as [string, string];
        return !isExempt(method, url);
      }),
    );
    const inMatrix = new Set(MATRIX.map((entry) => entry.route));
    expect(
      [...inApp].filter((route) => !inMatrix.has(route as Entry['route'])),
      'routes missing from the matrix',
    ).toEqual([]);
    expect(
      [...inMatrix].filter((route) => !inApp.has(route)),
      'matrix entries with no such route',
    ).toEqual([]);
    expect(MATRIX.length).toBe(inMatrix.size);
  });

  it('names the error of every refusal an allowed caller gets (400, 409)', () => {
    const unnamed = MATRIX.filter((entry) => (entry.ok === 400 || entry.ok === 409) && !entry.okMessageKey);
    expect(unnamed.map((entry) => entry.route)).toEqual([]);
  });

  it.each(MATRIX.map((entry) => [entry.route, entry] as const))('%s', async (_route, entry) => {
    const method = entry.route.split(' ')[0]!;
    const statuses: Partial<Record<Caller, number>> = {};
    const outcomes: Record<string, number | string> = {};
    const expected: Record<string, number | string> = {};
    for (const caller of ALL_CALLERS) {
      const client = clients.get(caller)!;
      const context = { ...fixture, caller, client };
      const allowed = mayCall(entry, caller);
      const sample = await entry.request(context);
      const answer = await client.request(method, sample.url, sample.body, sample.headers);
      statuses[caller] = answer.status;
      if (allowed && entry.okCode) {
        const fields = entry.okFields && ` ${Object.keys(answer.body?.errors ?? {}).sort()}`;
        expected[caller] =
          `${entry.ok} ${entry.okCode} ${entry.okMessageKey}${entry.okFields ? ` ${entry.okFields}` : ''}`;
        outcomes[caller] = `${answer.status} ${answer.body?.code} ${answer.body?.messageKey}${fields ?? ''}`;
      } else if (allowed) {
        expected[caller] = entry.ok;
        outcomes[caller] = answer.status;
      } else {
        const status = caller === 'guest' ? 401 : (entry.denied ?? 403);
        expected[caller] = `${status} ${DENIED[status]}`;
        outcomes[caller] = `${answer.status} ${answer.body?.code}`;
      }
      await entry.after?.({ ...context, sample, answer, allowed, forged: false });
      if (entry.forged) {
        const forged = await entry.forged.request(context);
        const refused = await client.request(method, forged.url, forged.body, forged.headers);
        expected[`${caller} (forged)`] = entry.forged.status;
        outcomes[`${caller} (forged)`] = refused.status;
        await entry.after?.({ ...context, sample: forged, answer: refused, allowed, forged: true });
      }
      if (entry.endsSession) await signIn(caller);
    }
    expect(outcomes).toEqual(expected);
    for (const caller of ALL_CALLERS) {
      if (mayCall(entry, caller)) expect([401, 403]).not.toContain(statuses[caller]);
    }
  });
});

describe('roles are per journal (DESIGN §2, §3)', () => {
  it('editor@general.test is an editor in general and a guest in ethics', async () => {
    const client = clients.get('editor')!;
    expect((await client.get('/api/journals/general/me')).body.user).toMatchObject({
      roles: ['editor'],
      editorType: 0,
    });
    expect((await client.get('/api/journals/ethics/me')).body.user).toMatchObject({
      email: 'editor@general.test',
      roles: [],
      editorType: null,
    });
  });

  it('each demo account has its own role in general, and the secretary is editor type 1', async () => {
    const expected: Partial<Record<Caller, { roles: string[]; editorType: number | null }>> = {
      researcher: { roles: ['researcher'], editorType: null },
      reviewer: { roles: ['reviewer'], editorType: null },
      handlingEditor: { roles: ['handlingEditor'], editorType: null },
      secretary: { roles: ['editor'], editorType: 1 },
      platformAdmin: { roles: [], editorType: null },
      otherJournal: { roles: [], editorType: null },
      otherEditor: { roles: [], editorType: null },
      otherHandlingEditor: { roles: [], editorType: null },
    };
    for (const [caller, roles] of Object.entries(expected)) {
      const me = (await clients.get(caller as Caller)!.get('/api/journals/general/me')).body.user;
      expect({ caller, ...roles }).toEqual({ caller, roles: me.roles, editorType: me.editorType });
    }
    expect((await clients.get('platformAdmin')!.get('/api/journals/general/me')).body.user.isPlatformAdmin).toBe(true);
    const inEthics = { otherJournal: ['researcher'], otherEditor: ['editor'], otherHandlingEditor: ['handlingEditor'] };
    for (const [caller, roles] of Object.entries(inEthics)) {
      const me = (await clients.get(caller as Caller)!.get('/api/journals/ethics/me')).body.user;
      expect({ caller, roles: me.roles }).toEqual({ caller, roles });
    }
  });

  it("a member of the other journal sees none of that journal's data through general's profile", async () => {
    const client = clients.get('otherJournal')!;
    const ethicsSpecs = (
      (await client.get('/api/journals/ethics/auth/register')).body.specializations as { id: number }[]
    ).map((s) => s.id);
    const inEthics = (await client.get('/api/journals/ethics/profile')).body;
    expect(inEthics.specializations.length).toBeGreaterThan(0);
    const inGeneral = await client.get('/api/journals/general/profile');
    expect(inGeneral.status).toBe(200);
    expect(inGeneral.body.email).toBe('researcher@ethics.test');
    expect(inGeneral.body.specializations.filter((id: number) => ethicsSpecs.includes(id))).toEqual([]);
    const generalSpecs = (
      (await client.get('/api/journals/general/auth/register')).body.specializations as { id: number }[]
    ).map((s) => s.id);
    expect(generalSpecs.filter((id) => ethicsSpecs.includes(id))).toEqual([]);
  });

  it('an unknown journal answers 404 to every caller, signed in or not', async () => {
    for (const caller of ALL_CALLERS) {
      const answer = await clients.get(caller)!.get('/api/journals/no-such-journal/me');
      expect({ caller, status: answer.status, messageKey: answer.body.messageKey }).toEqual({
        caller,
        status: 404,
        messageKey: 'errors.journalNotFound',
      });
    }
  });
});

describe('an account is edited where it belongs (issue 44 §3, decision 0071)', () => {
  it('renames a person through general only as the account rule allows, and the answer says why not', async () => {
    const targets = await accountTargets(app);
    const outcomes = [];
    for (const { caller, target } of ACCOUNT_CASES) {
      const id = targets[target];
      const name = `Renamed by ${caller} ${target}`;
      const reply = await clients
        .get(caller)!
        .put(`/api/journals/general/users/${id}`, await renameBody(app, id, name));
      const [after] = await rowsOf<{ full_name: string }>(
        app.deps.db,
        sql`select full_name from users where id = ${id}`,
      );
      const said = [reply.status, reply.body?.code, reply.body?.messageKey].filter(Boolean).join(' ');
      outcomes.push({ caller, target, answer: said, renamed: after!.full_name === name });
      expect(reply.body?.message).toBeTruthy();
    }
    expect(outcomes).toEqual(ACCOUNT_CASES);
  });
});

// Every caller in SIGNED_IN is really signed in (otherwise the matrix proves nothing).
it('every non-guest caller of the matrix holds a session', async () => {
  for (const caller of SIGNED_IN) {
    expect({
      caller,
      signedIn: Boolean((await clients.get(caller)!.get('/api/journals/general/me')).body.user),
    }).toEqual({ caller, signedIn: true });
  }
});

describe("someone else's paper (DESIGN §3)", () => {
  it('another researcher, a reviewer and a member of the other journal can neither see nor change it', async () => {
    const stranger = await createActiveUser(app, { specializations: [generalSpecialization] });
    const strangerClient = app.client();
    await strangerClient.login(stranger.email, stranger.password);
    const outsiders = [strangerClient, clients.get('reviewer')!, clients.get('otherJournal')!];
    for (const client of outsiders) {
      for (const id of [paper.draft, paper.submitted]) {
        const answers = [
          await client.get(`${papersUrl}/${id}`),
          await client.get(`${papersUrl}/${id}/files/${paper.fileId}`),
          await client.get(`${papersUrl}/${id}/history`),
          await client.put(`${papersUrl}/${id}`, { title_of_the_work: 'Taken over' }),
          await client.request('DELETE', `${papersUrl}/${id}`),
          await client.request('DELETE', `${papersUrl}/${id}/files/${paper.fileId}`),
          await upload(client, `${papersUrl}/${id}/files/proposalFile`, 'f', 'x.pdf', PDF),
          await client.post(`${papersUrl}/${id}/submit`, { acceptTerms: true }),
          await client.post(`${papersUrl}/${id}/mail-staff`, { message: 'Hello' }),
        ];
        expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 404));
      }
      const mine = (await client.get(`${papersUrl}/mine`)).body;
      expect(mine.items.map((item: { id: number }) => item.id)).not.toContain(paper.submitted);
      expect((await client.get(`${papersUrl}/drafts`)).body.items).toEqual([]);
    }
    // The paper of general is not reachable through the other journal either, even by its creator.
    expect((await clients.get('researcher')!.get(`/api/journals/ethics/papers/${paper.submitted}`)).status).toBe(404);
    const owner = clients.get('researcher')!;
    expect((await owner.get(`${papersUrl}/${paper.draft}`)).body.title_of_the_work).not.toBe('Taken over');
    expect((await owner.get(`${papersUrl}/${paper.submitted}`)).body.files).toHaveLength(4);
  });
});
