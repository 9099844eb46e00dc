import { translate } from '@journals/core/i18n/index';
import { addDays, isoDay } from '@journals/core/reviewing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { buildTestApp, createActiveUser, expectError, type Answer, type TestApp, type TestClient } from './harness';
import { multipartForm, paperBody, specializationOf, submittedPaper } from './papers';

/**
 * A day of the right shape that no calendar has (issue 19 §3) is bad input on every route that takes a date: a
 * 400 that names the field with "enter a valid date", in the caller's language, never the 500 of a RangeError
 * or of the database.
 */

let app: TestApp;
let spec: number;
let editor: TestClient;
let reviewer: TestClient;
let paperId: number;
let invitationId: number;
const G = '/api/journals/general';
const IMPOSSIBLE = ['2026-13-01', '2026-02-30', '9999-99-99', '2026-00-10', '2025-02-29', '0000-01-01'];

beforeAll(async () => {
  app = await buildTestApp();
  spec = await specializationOf(app.client(), 'general');
  const author = await createActiveUser(app, { specializations: [spec] });
  const authorClient = app.client();
  await authorClient.login(author.email, author.password);
  paperId = (await submittedPaper(authorClient, 'general', paperBody(spec))).id;
  editor = await app.signedIn('editor@general.test');
  reviewer = await app.signedIn('reviewer@general.test');
  const [reviewerRow] = await app.deps.db.select().from(users).where(eq(users.email, 'reviewer@general.test'));
  const invited = await editor.post(`${G}/papers/${paperId}/reviewers`, {
    specializationId: spec,
    reviewerId: reviewerRow!.id,
    deadline: addDays(isoDay(new Date()), 14),
  });
  expect(invited.status).toBe(201);
  invitationId = invited.body.id;
  expect((await reviewer.post(`${G}/reviewing/${invitationId}/accept`)).status).toBe(200);
}, 60_000);
afterAll(() => app.close());

/** The six routes that take a day, each sending `value` in its date field; and that field's name in the answer. */
const ROUTES: [string, string, (value: string) => Promise<Answer>][] = [
  [
    'inviting a reviewer',
    'Deadline',
    (value) =>
      editor.post(`${G}/papers/${paperId}/reviewers`, {
        specializationId: spec,
        newReviewer: { fullName: 'Mai Ali', email: 'mai.ali@example.org' },
        deadline: value,
      }),
  ],
  [
    "the editor's new deadline",
    'Deadline',
    (value) => editor.put(`${G}/papers/${paperId}/reviewers/${invitationId}/deadline`, { deadline: value }),
  ],
  [
    "the reviewer's extension",
    'Deadline',
    (value) => reviewer.post(`${G}/reviewing/${invitationId}/deadline`, { deadline: value }),
  ],
  [
    "the final decision's revision date",
    'RevisionDeadline',
    (value) => {
      const form = multipartForm({
        decision: JSON.stringify({ decision: 3, comments: 'Please revise.', revisionDeadline: value }),
      });
      return editor.request('POST', `${G}/papers/${paperId}/decision`, form.payload, form.headers);
    },
  ],
  ["the report's from", 'From', (value) => editor.get(`${G}/editorial/cards/submitted/report?from=${value}`)],
  [
    "the CSV report's to",
    'To',
    (value) => editor.get(`${G}/editorial/cards/submitted/report.csv?from=2020-01-01&to=${value}`),
  ],
];

describe('an impossible day', () => {
  it.each(ROUTES)('on %s answers 400 naming %s, not 500', async (_route, field, send) => {
    for (const value of IMPOSSIBLE) {
      const answer = await send(value);
      expect(answer.status, `${value}: ${JSON.stringify(answer.body)}`).toBe(400);
      expectError(answer, 400, 'validation', 'errors.validation', { [field]: ['validation.valid_date'] });
    }
  });

  it('is refused in Arabic to an Arabic caller, and the field message reads in both languages', async () => {
    editor.language = 'ar';
    try {
      const answer = await editor.put(`${G}/papers/${paperId}/reviewers/${invitationId}/deadline`, {
        deadline: '2026-02-30',
      });
      expectError(answer, 400, 'validation', 'errors.validation', { Deadline: ['validation.valid_date'] });
      expect(answer.body.message).toBe(translate('ar', 'errors.validation'));
    } finally {
      editor.language = 'en';
    }
    expect(translate('en', 'validation.valid_date')).toBe('Please enter a valid date.');
    expect(translate('ar', 'validation.valid_date')).toBe('يرجى إدخال تاريخ صحيح.');
  });
});
