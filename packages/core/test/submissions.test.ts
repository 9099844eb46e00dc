import { resubmissionFiles } from '../src/files';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../src/limits';
import { profileUpdateRequest } from '../src/schemas/accounts';
import { authorFromProfile, authorSchema } from '../src/schemas/paper-people';
import { paperDraftRequest, paperSubmitRequest, submissionIssues, paperFields } from '../src/schemas/submissions';

const general = { ethicsQuestionnaire: false, extraPaperTypes: false, suggestedReviewersMin: 0 };
const ethics = { ethicsQuestionnaire: true, extraPaperTypes: true, suggestedReviewersMin: 2 };

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

const complete = {
  statusOfApplicant: 4,
  medical_School: 1,
  paper_Type: 4,
  new_Amendment_Renewal: 1,
  typeOfTheStudy: 3,
  experimentalType: 2,
  experimentalTypeOfBlinding: 3,
  fundingSource: 1,
  isFinancialDisclousreMentioned: 2,
  department: 'Nursing',
  title_of_the_work: 'Hand hygiene in intensive care',
  specializationId: 1,
  keywords: ['hygiene; infection'],
  abstract: words(40),
  authors: [
    { fullName: 'Karim Nabil', email: 'karim@example.org', phone: '+20 100 123 4567', workPlace: 'Nile', isMain: true },
  ],
};

const messagesAt = (result: ReturnType<typeof paperDraftRequest.safeParse>) =>
  result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));

describe('paper drafts and submissions', () => {
  it('lets a draft keep an author whose phone and work place are not filled in yet', () => {
    const draft = paperDraftRequest.safeParse({
      authors: [{ fullName: 'Karim Nabil', email: 'karim@example.org', isMain: true }],
    });
    expect(draft.success).toBe(true);
  });

  it('still checks the shape of what a draft author has', () => {
    const draft = paperDraftRequest.safeParse({ authors: [{ email: 'not-an-email', phone: '12ab', isMain: true }] });
    expect(messagesAt(draft)).toMatchObject({
      'authors.0.email': 'validation.valid_email',
      'authors.0.phone': 'validation.valid_phone',
    });
  });

  it('requires every field of every author on submit', () => {
    const paper = paperFields.parse({
      ...complete,
      authors: [{ fullName: 'Karim Nabil', email: 'karim@example.org', isMain: true }],
    });
    const issues = submissionIssues(paper, general).map((issue) => `${issue.path.join('.')}:${issue.message}`);
    expect(issues).toEqual(['authors.0.phone:validation.required', 'authors.0.workPlace:validation.required']);
  });

  it('accepts a complete paper in the general journal and asks the ethics journal for its questionnaire and reviewers', () => {
    expect(paperSubmitRequest(general).safeParse(complete).success).toBe(true);
    const result = paperSubmitRequest(ethics).safeParse(complete);
    const paths = messagesAt(result);
    expect(paths.reviewers).toBe('validation.reviewers_min');
    expect(paths['answers.0']).toBe('validation.required');
    expect(paths['answers.8']).toBe('validation.required');
  });

  it('asks for the vulnerable-groups description only when question 8 is answered yes', () => {
    const answers = Array.from({ length: 9 }, (_, i) => ({ questionId: i + 1, answer: i === 7 ? 'yes' : 'no' }));
    const reviewers = [
      { fullName: 'A', email: 'a@example.org', phone: '0101111111', workPlace: 'X' },
      { fullName: 'B', email: 'b@example.org', phone: '0102222222', workPlace: 'Y' },
    ];
    const missing = messagesAt(paperSubmitRequest(ethics).safeParse({ ...complete, answers, reviewers }));
    expect(missing).toEqual({ 'answers.7.vulnerableGroupComment': 'validation.vulnerable_comment_required' });
    answers[7] = { ...answers[7]!, vulnerableGroupComment: 'Children under 12' } as never;
    expect(paperSubmitRequest(ethics).safeParse({ ...complete, answers, reviewers }).success).toBe(true);
  });

  it('counts the abstract in words: 19 is too few on submit, 251 too many even in a draft', () => {
    expect(messagesAt(paperSubmitRequest(general).safeParse({ ...complete, abstract: words(19) })).abstract).toBe(
      'validation.abstract_words',
    );
    expect(messagesAt(paperDraftRequest.safeParse({ abstract: words(251) })).abstract).toBe(
      'validation.abstract_words',
    );
  });

  it('refuses two main authors and a repeated e-mail even in a draft', () => {
    const twoMain = paperDraftRequest.safeParse({
      authors: [
        { fullName: 'A', email: 'same@example.org', isMain: true },
        { fullName: 'B', email: 'SAME@example.org', isMain: true },
      ],
    });
    expect(messagesAt(twoMain)).toMatchObject({
      authors: 'validation.main_author_required',
      'authors.1.email': 'validation.email_unique',
    });
  });

  it('needs the original proposal code in its format when the kind is not new', () => {
    expect(
      messagesAt(paperSubmitRequest(general).safeParse({ ...complete, new_Amendment_Renewal: 2 }))
        .original_Proposal_Code,
    ).toBe('validation.required');
    expect(messagesAt(paperDraftRequest.safeParse({ original_Proposal_Code: 'ms-19' })).original_Proposal_Code).toBe(
      'validation.proposalCode_format',
    );
    expect(
      paperSubmitRequest(general).safeParse({
        ...complete,
        new_Amendment_Renewal: 2,
        original_Proposal_Code: 'MS.19.10.22',
      }).success,
    ).toBe(true);
  });

  it('shows the unanswered questions and the other required fields of an empty submission in one round', () => {
    // As the wizard starts an ethics journal's paper: nine questions without an answer, nothing else filled in.
    const empty = {
      answers: [1, 2, 3, 4, 5, 6, 7, 8, 9].map((questionId) => ({
        questionId,
        answer: undefined,
        vulnerableGroupComment: '',
      })),
    };
    const paths = messagesAt(paperSubmitRequest(ethics).safeParse(empty));
    for (let index = 0; index < 9; index++) expect(paths[`answers.${index}.answer`]).toBe('validation.required');
    expect(paths).toMatchObject({
      statusOfApplicant: 'validation.required',
      medical_School: 'validation.required',
      paper_Type: 'validation.required',
      new_Amendment_Renewal: 'validation.required',
      typeOfTheStudy: 'validation.required',
      fundingSource: 'validation.required',
      isFinancialDisclousreMentioned: 'validation.required',
      specializationId: 'validation.required',
      department: 'validation.required',
      title_of_the_work: 'validation.required',
      keywords: 'validation.keywords_required',
      abstract: 'validation.required',
      authors: 'validation.authors_required',
      reviewers: 'validation.reviewers_min',
    });
  });

  it('keeps a listed question without an answer out of a draft', () => {
    const draft = paperDraftRequest.safeParse({ answers: [{ questionId: 3 }] });
    expect(messagesAt(draft)).toEqual({ 'answers.0.answer': 'validation.required' });
  });

  it("makes the new paper's main author from a profile at its longest, cut to an author's limits", () => {
    const profile = {
      fullName: 'N'.repeat(LIMITS.fullName),
      email: 'long@example.org',
      phone: '+20 100 123 4567',
      workPlace: 'W'.repeat(LIMITS.workPlace),
    };
    const asProfile = { ...profile, nameOnPaper: 'N. Nabil', jobTitle: 'Nurse', specializations: [1] };
    expect(profileUpdateRequest.safeParse(asProfile).error?.issues ?? []).toEqual([]);
    const author = authorFromProfile(profile);
    expect(authorSchema.safeParse(author).success).toBe(true);
    expect(author).toMatchObject({ email: profile.email, phone: profile.phone, isMain: true });
    expect(authorFromProfile({ ...profile, phone: null }).phone).toBe('');
  });
});

describe('resubmissionFiles', () => {
  it('offers the slots of the kind and needs all but the consent', () => {
    expect(resubmissionFiles(1)).toEqual({
      offered: ['proposalFile', 'signedInformedConsent', 'departmentApprovalDocuments', 'paymentReceipt'],
      required: ['proposalFile', 'departmentApprovalDocuments', 'paymentReceipt'],
    });
    expect(resubmissionFiles(4)).toEqual({
      offered: ['proposalFile', 'signedInformedConsent'],
      required: ['proposalFile'],
    });
  });
});
