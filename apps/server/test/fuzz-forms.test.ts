import { addDays, isoDay } from '@journals/core/reviewing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { type Body, filePart, multipartBody, textPart } from './fuzz-inputs';
import { badFiles, badValuesFor, type FormFile, formBody, MULTIPART_FORMS, type MultipartForm } from './fuzz-forms';
import { type Answer, buildTestApp, createActiveUser, type TestApp, type TestClient } from './harness';
import { paperBody, PDF, specializationOf, submittedPaper } from './papers';

/**
 * THE MULTIPART FORMS, FIELD BY FIELD (issue 19 §3; DESIGN §5: never a 500 for bad input). The review sheet and the
 * final decision are sent as their callers send them — the fields as JSON in one part, the files beside it — with
 * one field, or one file slot, at a time given each bad value of fuzz-forms.ts while the rest stays good. Each goes
 * to a paper whose review is still open, so that a value the checks let through reaches the database; after a
 * form that went through, the next goes to a new paper.
 */

const REVIEW = 'POST /api/journals/:slug/reviewing/:invitationId/review';
const DECISION = 'POST /api/journals/:slug/papers/:id/decision';
const G = '/api/journals/general';

let app: TestApp;
let spec: number;
let author: TestClient;
let editor: TestClient;
let reviewer: TestClient;
let reviewerId: number;
/** The server's error log lines since the last request (for the report of a 5xx). */
let serverErrors: string[] = [];

beforeAll(async () => {
  app = await buildTestApp(
    { LOG_LEVEL: 'error' },
    { logStream: { write: (line: string) => void serverErrors.push(line) } },
  );
  spec = await specializationOf(app.client(), 'general');
  const user = await createActiveUser(app, { specializations: [spec] });
  author = app.client();
  await author.login(user.email, user.password);
  editor = await app.signedIn('editor@general.test');
  reviewer = await app.signedIn('reviewer@general.test');
  reviewerId = (await app.deps.db.select().from(users).where(eq(users.email, 'reviewer@general.test')))[0]!.id;
}, 60_000);
afterAll(() => app?.close());

/** A good answer to every question of a sheet. */
const goodAnswers = (questions: { id: number; type: number }[]) =>
  Object.fromEntries(questions.map((question) => [question.id, question.type === 1 ? 'true' : '4']));

/** Where a form goes, and its good fields; `renew` after a form that went through. */
interface Target {
  client: () => TestClient;
  url: () => Promise<string>;
  fields: () => Promise<Record<string, unknown>>;
  renew: () => void;
}

/** An invitation of reviewer@general.test, accepted and waiting for its review. */
let invitation: Promise<number> | undefined;
const openInvitation = () =>
  (invitation ??= (async () => {
    const paper = await submittedPaper(author, 'general', paperBody(spec));
    const invited = await editor.post(`${G}/papers/${paper.id}/reviewers`, {
      specializationId: spec,
      reviewerId,
      deadline: addDays(isoDay(new Date()), 14),
    });
    if (invited.status !== 201) throw new Error(`invitation failed: ${JSON.stringify(invited.body)}`);
    const accepted = await reviewer.post(`${G}/reviewing/${invited.body.id}/accept`);
    if (accepted.status !== 200) throw new Error(`accepting failed: ${JSON.stringify(accepted.body)}`);
    return invited.body.id as number;
  })());

/** A submitted paper waiting for its final decision. */
let undecided: Promise<number> | undefined;
const undecidedPaper = () => (undecided ??= submittedPaper(author, 'general', paperBody(spec)).then(({ id }) => id));

const TARGETS: Record<string, Target> = {
  [REVIEW]: {
    client: () => reviewer,
    url: async () => `${G}/reviewing/${await openInvitation()}/review`,
    fields: async () => {
      const sheet = await reviewer.get(`${G}/reviewing/${await openInvitation()}/sheet`);
      return {
        answers: goodAnswers(sheet.body.questions),
        commentForAuthor: 'Clear and sound.',
        commentForEditor: 'No concerns.',
        recommendation: 4,
      };
    },
    renew: () => (invitation = undefined),
  },
  [DECISION]: {
    client: () => editor,
    url: async () => `${G}/papers/${await undecidedPaper()}/decision`,
    fields: async () => {
      const form = await editor.get(`${G}/papers/${await undecidedPaper()}/decision-form`);
      return {
        decision: 3,
        comments: 'Please revise the methods.',
        revisionDeadline: addDays(isoDay(new Date()), 30),
        answers: goodAnswers(form.body.questions),
      };
    },
    renew: () => (undecided = undefined),
  },
};

const preview = (value: unknown) => {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > 200 ? `${text.slice(0, 200)}… (${text.length} chars)` : text;
};

/** Sends one form to its target; after a form that went through, the target is renewed. */
async function sent(route: string, body: Body): Promise<Answer> {
  const target = TARGETS[route]!;
  if (body.kind !== 'raw') throw new Error('a form is raw multipart');
  serverErrors = [];
  const answer = await target
    .client()
    .request('POST', await target.url(), body.payload, { 'content-type': body.contentType });
  if (answer.status >= 200 && answer.status < 300) target.renew();
  return answer;
}

/** The report of a 5xx, with the server's log; null for any other answer. */
async function failureOf(route: string, body: Body, what: string): Promise<string | null> {
  const answer = await sent(route, body);
  if (answer.status < 500) return null;
  const server = serverErrors.map((line) => {
    const { msg, err } = JSON.parse(line) as { msg?: string; err?: { stack?: string } };
    return `${msg}\n${err?.stack ?? ''}`;
  });
  return [`${route}: ${what}`, `answer: ${answer.status} ${preview(answer.body)}`, ...server].join('\n');
}

const FORMS = Object.entries(MULTIPART_FORMS) as [string, MultipartForm][];

describe('the multipart forms, field by field', () => {
  it.each(FORMS)('%s: each field alone, given each bad value, answers below 500', async (route, form) => {
    const failures: string[] = [];
    const fields = Object.entries(form.schema.properties ?? {});
    expect(fields.length).toBeGreaterThan(0);
    const good = await TARGETS[route]!.fields();
    // The good form goes through: each bad value below is the only thing wrong with its form.
    expect((await sent(route, formBody(form, good))).status).toBe(200);
    for (const [name, schema] of fields) {
      for (const value of badValuesFor(schema, good[name])) {
        const failure = await failureOf(
          route,
          formBody(form, { ...good, [name]: value }),
          `${name} = ${preview(value)}`,
        );
        if (failure) failures.push(failure);
      }
    }
    expect(failures).toEqual([]);
  });

  it.each(FORMS)('%s: each file slot alone, given each bad file, answers below 500', async (route, form) => {
    const failures: string[] = [];
    const good = await TARGETS[route]!.fields();
    for (const slot of form.files) {
      const files: FormFile[][] = [
        ...badFiles(form.maxBytes).map(([name, content]): FormFile[] => [[slot, name, content]]),
        // The same slot twice.
        [
          [slot, 'first.pdf', PDF],
          [slot, 'second.pdf', PDF],
        ],
      ];
      for (const parts of files) {
        const body = formBody(form, good, parts);
        const failure = await failureOf(route, body, `${slot}: ${parts.map(([, name]) => preview(name)).join(', ')}`);
        if (failure) failures.push(failure);
      }
    }
    expect(failures).toEqual([]);
  });

  it.each(FORMS)('%s: without its fields, or with them broken, answers below 500', async (route, form) => {
    const good = JSON.stringify(await TARGETS[route]!.fields());
    const broken: [string, Body][] = [
      ['no parts', multipartBody([])],
      ['only a file', multipartBody([filePart(form.files[0]!, 'notes.pdf', PDF)])],
      ['fields not JSON', multipartBody([textPart(form.part, '{"answers":')])],
      ...['null', '[]', '"text"', '42', '{}', `[${good}]`].map((json): [string, Body] => [
        `fields ${json}`,
        multipartBody([textPart(form.part, json)]),
      ]),
      ['fields twice, the second bad', multipartBody([textPart(form.part, good), textPart(form.part, '{')])],
      ['fields twice, the second good', multipartBody([textPart(form.part, '{'), textPart(form.part, good)])],
      ['fields as a file', multipartBody([filePart(form.part, 'fields.json', good, 'application/json')])],
      ['fields under another name', multipartBody([textPart(`${form.part}x`, good)])],
      ['fields beyond the part size', multipartBody([textPart(form.part, `${good}${' '.repeat(1_100_000)}`)])],
    ];
    const failures: string[] = [];
    for (const [what, body] of broken) {
      const failure = await failureOf(route, body, what);
      if (failure) failures.push(failure);
    }
    expect(failures).toEqual([]);
  });
});
