import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { translate } from '@journals/core/i18n/index';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journals, paperAuthors, papers, reviewInvitations, roleSpecializations, users } from '../src/db/schema';
import { buildTestApp, type TestApp, type TestClient } from './harness';

/** The ethics form PDF (spec 02 §2, §4; DESIGN §7): Chromium renders it, pdftotext reads it back. */

let app: TestApp;
let work: string;
let general: typeof journals.$inferSelect;
let ethics: typeof journals.$inferSelect;
const ids: Record<string, number> = {};
const clients: Record<string, TestClient> = {};

const TITLE = 'Sleep quality of night-shift nurses';

async function userId(email: string) {
  const [row] = await app.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

async function insertPaper(values: Partial<typeof papers.$inferInsert> & { journalId: number }) {
  const [paper] = await app.deps.db
    .insert(papers)
    .values({
      creatorId: ids.researcher,
      status: 4,
      code: 'GJ.26.11.1',
      title: TITLE,
      statusOfApplicant: 4,
      medicalSchool: 2,
      department: 'Critical care nursing',
      uploadPaid: true,
      submittedAt: new Date(),
      statusDate: new Date('2026-11-03T10:00:00Z'),
      ...values,
    })
    .returning();
  await app.deps.db.insert(paperAuthors).values([
    {
      paperId: paper!.id,
      position: 0,
      fullName: 'Mona Adel',
      email: 'mona@example.org',
      phone: '0101234567',
      workPlace: 'Cairo University Hospital',
      isMain: true,
    },
    {
      paperId: paper!.id,
      position: 1,
      fullName: 'سارة محمود',
      email: 'sara@example.org',
      phone: '0101234568',
      workPlace: 'مستشفى عين شمس',
    },
  ]);
  return paper!;
}

/** GET with the client's cookies, keeping the raw bytes (the harness reads bodies as text). */
async function getPdf(client: TestClient | null, url: string, language: 'en' | 'ar' = 'en') {
  const cookie = client
    ? client
        .cookies()
        .map((c) => `${c.name}=${c.value}`)
        .join('; ')
    : '';
  const response = await app.app.inject({
    method: 'GET',
    url,
    headers: { 'accept-language': language === 'ar' ? 'ar-EG' : 'en-US', ...(cookie ? { cookie } : {}) },
  });
  return { status: response.statusCode, type: String(response.headers['content-type']), raw: response.rawPayload };
}

let counter = 0;
/** The text pdftotext reads from a PDF, NFKC-normalised (Arabic may come out in presentation forms). */
function pdfText(pdf: Buffer): string {
  const file = path.join(work, `form-${++counter}.pdf`);
  writeFileSync(file, pdf);
  return (
    execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
      .normalize('NFKC')
      // pdftotext marks the direction of runs with bidi controls.
      .replace(/[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, '')
  );
}

const squash = (text: string) => text.replace(/\s+/g, ' ');

beforeAll(async () => {
  app = await buildTestApp();
  work = mkdtempSync(path.join(tmpdir(), 'ethics-form-'));
  general = (await app.deps.db.select().from(journals).where(eq(journals.slug, 'general')))[0]!;
  ethics = (await app.deps.db.select().from(journals).where(eq(journals.slug, 'ethics')))[0]!;
  for (const [name, email] of Object.entries({
    researcher: 'researcher@general.test',
    reviewer: 'reviewer@general.test',
    handlingEditor: 'handling@general.test',
    editor: 'editor@general.test',
    secretary: 'secretary@general.test',
    otherJournal: 'researcher@ethics.test',
  })) {
    ids[name] = await userId(email);
    const client = app.client();
    await client.login(email);
    clients[name] = client;
  }
}, 60_000);
afterAll(async () => {
  await app.close();
  rmSync(work, { recursive: true, force: true });
});

describe('GET /api/journals/:slug/papers/:id/ethics-form.pdf', () => {
  it('renders the form in English: title, researchers with workplace, labels, code and date', async () => {
    const paper = await insertPaper({ journalId: general!.id });
    const answer = await getPdf(clients.researcher!, `/api/journals/general/papers/${paper.id}/ethics-form.pdf`);
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('application/pdf');
    expect(answer.raw.subarray(0, 5).toString()).toBe('%PDF-');
    if (process.env.KEEP_PDF) writeFileSync(path.join(process.env.KEEP_PDF, 'ethics-en.pdf'), answer.raw);
    const text = squash(pdfText(answer.raw));
    expect(text).toContain(TITLE);
    expect(text).toContain(general!.titleEn);
    expect(text).toContain('Research Ethics Committee Approval');
    expect(text).toMatch(/Mona Adel\s*—\s*Cairo University Hospital/);
    expect(text).toContain('Lecturer');
    expect(text).toContain('Critical care and emergency nursing');
    expect(text).toContain('Critical care nursing');
    expect(text).toContain('GJ.26.11.1');
    expect(text).toContain('03/11/2026');
  });

  it('renders the form in Arabic (Accept-Language or ?lang=ar) with the Arabic journal title shaped', async () => {
    const paper = await insertPaper({ journalId: general!.id, status: 7 });
    const byHeader = await getPdf(
      clients.researcher!,
      `/api/journals/general/papers/${paper.id}/ethics-form.pdf`,
      'ar',
    );
    const byQuery = await getPdf(
      clients.researcher!,
      `/api/journals/general/papers/${paper.id}/ethics-form.pdf?lang=ar`,
    );
    for (const answer of [byHeader, byQuery]) {
      expect(answer.status).toBe(200);
      expect(answer.type).toBe('application/pdf');
      const text = squash(pdfText(answer.raw));
      expect(text).toContain(squash(general!.titleAr.normalize('NFKC')));
      expect(text).toContain('موافقة لجنة أخلاقيات البحث العلمي'.normalize('NFKC'));
      expect(text).toContain(TITLE);
      expect(text).toContain(translate('ar', 'papers.applicant_4').normalize('NFKC'));
    }
    if (process.env.KEEP_PDF) writeFileSync(path.join(process.env.KEEP_PDF, 'ethics-ar.pdf'), byQuery.raw);
  });

  it('says the approval is subject to revisions at status 5', async () => {
    const paper = await insertPaper({ journalId: general!.id, status: 5 });
    const answer = await getPdf(clients.researcher!, `/api/journals/general/papers/${paper.id}/ethics-form.pdf`);
    expect(answer.status).toBe(200);
    expect(squash(pdfText(answer.raw))).toContain('subject to the revisions');
  });

  it('is printable at statuses 4, 5 and 7 only (409 otherwise)', async () => {
    for (const status of [0, 1, 2, 3, 6]) {
      const paper = await insertPaper({ journalId: general!.id, status });
      const answer = await clients.researcher!.get(`/api/journals/general/papers/${paper.id}/ethics-form.pdf`);
      expect({ status, answer: answer.status, key: answer.body.messageKey }).toEqual({
        status,
        answer: 409,
        key: 'errors.ethicsFormNotAvailable',
      });
    }
  });

  it('is readable by the creator, the editors and a handling editor of its specialization; others get 404', async () => {
    const [spec] = await app.deps.db
      .select({ id: roleSpecializations.specializationId })
      .from(roleSpecializations)
      .where(eq(roleSpecializations.userId, ids.handlingEditor!));
    const paper = await insertPaper({ journalId: general!.id, specializationId: spec!.id });
    const url = `/api/journals/general/papers/${paper.id}/ethics-form.pdf`;
    const outcomes: Record<string, number> = {};
    for (const [name, client] of Object.entries(clients)) outcomes[name] = (await getPdf(client, url)).status;
    outcomes.guest = (await getPdf(null, url)).status;
    expect(outcomes).toEqual({
      researcher: 200,
      editor: 200,
      secretary: 200,
      handlingEditor: 200,
      reviewer: 404,
      otherJournal: 404,
      guest: 401,
    });

    // A handling editor of another specialization does not see it.
    const other = await insertPaper({ journalId: general!.id, specializationId: null });
    expect(
      (await getPdf(clients.handlingEditor!, `/api/journals/general/papers/${other.id}/ethics-form.pdf`)).status,
    ).toBe(404);
    // Another researcher of the journal does not see it either.
    const notMine = await insertPaper({ journalId: general!.id, creatorId: ids.reviewer });
    expect(
      (await getPdf(clients.researcher!, `/api/journals/general/papers/${notMine.id}/ethics-form.pdf`)).status,
    ).toBe(404);
  });

  it("answers 404 for a paper of another journal, even to that journal's own author", async () => {
    const paper = await insertPaper({ journalId: ethics!.id, creatorId: ids.otherJournal });
    expect(
      (await getPdf(clients.otherJournal!, `/api/journals/general/papers/${paper.id}/ethics-form.pdf`)).status,
    ).toBe(404);
    expect((await getPdf(clients.editor!, `/api/journals/general/papers/${paper.id}/ethics-form.pdf`)).status).toBe(
      404,
    );
    expect(
      (await getPdf(clients.otherJournal!, `/api/journals/ethics/papers/${paper.id}/ethics-form.pdf`)).status,
    ).toBe(200);
    expect((await getPdf(clients.researcher!, '/api/journals/general/papers/2147483647/ethics-form.pdf')).status).toBe(
      404,
    );
  });
});

describe('the reviewers on the ethics form (issue 19 §2; DESIGN §3)', () => {
  /** A paper of the general journal that Sara Youssef (the demo reviewer) reviewed. */
  async function reviewedPaper() {
    const paper = await insertPaper({ journalId: general!.id });
    await app.deps.db.insert(reviewInvitations).values({
      journalId: general!.id,
      paperId: paper.id,
      reviewerId: ids.reviewer!,
      status: 3,
      deadline: '2026-10-30',
      reviewedAt: new Date('2026-10-20T10:00:00Z'),
      recommendation: 4,
    });
    return paper;
  }
  const form = async (client: TestClient, paperId: number, language: 'en' | 'ar') => {
    const answer = await getPdf(client, `/api/journals/general/papers/${paperId}/ethics-form.pdf`, language);
    expect(answer.status).toBe(200);
    return squash(pdfText(answer.raw));
  };
  const setOpenReview = (on: boolean) =>
    app.deps.db.update(journals).set({ openReview: on }).where(eq(journals.id, general!.id));

  it("names no reviewer on the author's copy, in English and in Arabic: they are numbered", async () => {
    const paper = await reviewedPaper();
    const english = await form(clients.researcher!, paper.id, 'en');
    expect(english).not.toContain('Sara');
    expect(english).not.toContain('Youssef');
    expect(english).toMatch(/Reviewers\s*Reviewer 1/);
    const arabic = await form(clients.researcher!, paper.id, 'ar');
    expect(arabic).not.toContain('Sara');
    expect(arabic).not.toContain('Youssef');
    // pdftotext may order a letter's marks (shadda, kasra) differently: compared without them.
    const bare = (text: string) => text.normalize('NFKC').replace(/[\u064B-\u0652]/g, '');
    expect(bare(arabic)).toContain(bare(translate('ar', 'decisions.reviewer_number', { number: 1 })));
  });

  it("keeps the reviewers' names on the editors' copy, in both languages", async () => {
    const paper = await reviewedPaper();
    for (const language of ['en', 'ar'] as const)
      expect(await form(clients.editor!, paper.id, language)).toContain('Sara Youssef');
  });

  it("names the reviewers on the author's copy when the journal runs open review", async () => {
    const paper = await reviewedPaper();
    await setOpenReview(true);
    try {
      for (const language of ['en', 'ar'] as const)
        expect(await form(clients.researcher!, paper.id, language)).toContain('Sara Youssef');
    } finally {
      await setOpenReview(false);
    }
  });
});
