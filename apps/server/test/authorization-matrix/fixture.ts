import { eq } from 'drizzle-orm';
import { journalPaymentSettings, journals, papers, payments, users } from '../../src/db/schema';
import type { TestApp, TestClient } from '../harness';
import { invitationSignature } from '../../src/features/reviewing/invitation-links';
import { multipartForm, paperBody, PDF, submittedPaper } from '../papers';
import { CALLERS, type Fixture, papersUrl, type ReviewFixture } from './entry';

/** The rows and ids the sample requests use, written once per app. */

/**
 * Writes what the sample requests need: a draft and a submitted paper of researcher@general.test (through the
 * API, as that researcher), and on first use the payment and ethics-form rows.
 */
export async function setUpMatrix(app: TestApp, guest: TestClient, researcher: TestClient): Promise<Fixture> {
  const { db } = app.deps;
  const slideId = (await guest.get('/api/journals/general/home')).body.homeSlider[0].id as number;
  const generalSpecialization = (await guest.get('/api/journals/general/auth/register')).body.specializations[0]
    .id as number;
  const draft = (await researcher.post(papersUrl, { title_of_the_work: 'A draft' })).body.id as number;
  const submitted = await submittedPaper(researcher, 'general', paperBody(generalSpecialization));
  const fileId = (await researcher.get(`${papersUrl}/${submitted.id}`)).body.files[0].id as number;

  let reviewed: Promise<ReviewFixture> | undefined;
  let references = 0;
  const newPayment = async (payment: { journalId: number; userId: number; paperId: number }) => {
    const reference = `PMATRIX${Date.now()}N${(references += 1)}`;
    await db.insert(payments).values({ ...payment, purpose: 'upload', amount: '10.00', reference });
    return reference;
  };
  let payableRows:
    Promise<{ paperId: number; acceptedId: number; reference: string; journalId: number; userId: number }> | undefined;
  const rows = () =>
    (payableRows ??= (async () => {
      const [creator] = await db.select().from(users).where(eq(users.email, CALLERS.researcher));
      const [journal] = await db.select().from(journals).where(eq(journals.slug, 'general'));
      // general can take payments (merchant data filled) but charges no fee at upload.
      await db
        .update(journalPaymentSettings)
        .set({ merchantId: 'M-1', securityKey: 'matrix-key', merchantName: 'General' })
        .where(eq(journalPaymentSettings.journalId, journal!.id));
      const row = { journalId: journal!.id, creatorId: creator!.id, title: 'Matrix paper', code: 'GJ.26.01.99' };
      const [submittedRow] = await db
        .insert(papers)
        .values({ ...row, status: 1 })
        .returning();
      const [accepted] = await db
        .insert(papers)
        .values({ ...row, status: 4, uploadPaid: true, specializationId: generalSpecialization })
        .returning();
      const payer = { journalId: journal!.id, userId: creator!.id };
      const reference = await newPayment({ ...payer, paperId: submittedRow!.id });
      return { ...payer, paperId: submittedRow!.id, acceptedId: accepted!.id, reference };
    })());
  return {
    app,
    slideId,
    generalSpecialization,
    paper: { draft, submitted: submitted.id, code: submitted.code, fileId },
    payable: async () => {
      const { paperId, acceptedId, reference } = await rows();
      return { paperId, acceptedId, reference };
    },
    pendingPayment: async () => {
      const { journalId, userId, paperId } = await rows();
      return newPayment({ journalId, userId, paperId });
    },
    review: () => (reviewed ??= reviewedPaper(app, generalSpecialization)),
    paymentState: async (reference) =>
      (await db.select({ state: payments.state }).from(payments).where(eq(payments.reference, reference)))[0]?.state,
  };
}

/** A submitted paper invited to, accepted and reviewed (with an attachment for the editor) through the API. */
async function reviewedPaper(app: TestApp, specializationId: number): Promise<ReviewFixture> {
  // Clients of its own: the matrix's clients may have signed out (the logout entry) by the time it is made.
  const researcher = app.client();
  await researcher.login(CALLERS.researcher);
  const paper = await submittedPaper(researcher, 'general', paperBody(specializationId));
  const proposalFileId = (await researcher.get(`${papersUrl}/${paper.id}`)).body.files[0].id as number;
  const editor = app.client();
  await editor.login(CALLERS.editor);
  const reviewer = app.client();
  await reviewer.login(CALLERS.reviewer);
  const [reviewerRow] = await app.deps.db.select().from(users).where(eq(users.email, CALLERS.reviewer));
  const invited = await editor.post(`${papersUrl}/${paper.id}/reviewers`, {
    specializationId,
    reviewerId: reviewerRow!.id,
    deadline: '2099-01-01',
  });
  const invitationId = invited.body.id as number;
  const mine = `/api/journals/general/reviewing/${invitationId}`;
  await reviewer.post(`${mine}/accept`);
  const questions = (await reviewer.get(`${mine}/sheet`)).body.questions as { id: number; type: number }[];
  const answers = Object.fromEntries(questions.map((question) => [question.id, question.type === 1 ? 'true' : '4']));
  const form = multipartForm(
    { review: JSON.stringify({ answers, commentForAuthor: 'Clear.', commentForEditor: 'Fine.', recommendation: 4 }) },
    [['attachForEditor', 'editor-notes.pdf', PDF]],
  );
  const submitted = await reviewer.request('POST', `${mine}/review`, form.payload, form.headers);
  if (submitted.status !== 200) throw new Error(`review failed: ${JSON.stringify(submitted.body)}`);
  const result = await editor.get(`${papersUrl}/${paper.id}/reviews/${invitationId}`);
  const sig = invitationSignature(app.deps.config.SECRET, {
    id: invitationId,
    reviewerId: reviewerRow!.id,
    paperId: paper.id,
  });
  const linkBody = { rId: reviewerRow!.id, pId: paper.id, sig };
  return {
    paperId: paper.id,
    reviewerId: reviewerRow!.id,
    invitationId,
    proposalFileId,
    editorFileId: result.body.editorAttachment.id as number,
    answers,
    link: { rId: String(linkBody.rId), pId: String(linkBody.pId), sig },
    linkBody,
  };
}
