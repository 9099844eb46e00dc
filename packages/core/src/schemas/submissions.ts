import { z } from 'zod';
import {
  ANALYTIC_TYPES,
  APPLICANT_STATUSES,
  BLINDING_TYPES,
  countWords,
  DESCRIPTIVE_TYPES,
  EXPERIMENTAL_TYPES,
  EXTRA_PAPER_TYPES,
  FUNDING_SOURCES,
  INVOLVEMENT_QUESTIONS,
  MEDICAL_SCHOOLS,
  PAPER_LIMITS,
  PAPER_TYPES,
  PROPOSAL_CODE_SHAPE,
  STUDY_TYPES,
  SUBMISSION_KINDS,
  VULNERABLE_GROUPS_QUESTION,
} from '../papers';
import { isOneLine, ONE_LINE, splitKeywords } from './fields';
import { draftAuthor, draftPerson } from './paper-people';

/**
 * The paper of the submission wizard (spec 02 §3, §5). Field names follow the spec's error catalogue, so a server
 * error comes back as `Title_of_the_work`, `Authors[0].email`, …. A draft keeps the limits but not the
 * requirements; a submission needs everything, with rules that depend on the journal's settings.
 */

export interface JournalSubmissionSettings {
  ethicsQuestionnaire: boolean;
  extraPaperTypes: boolean;
  suggestedReviewersMin: number;
}

const code = (values: readonly number[]) =>
  z
    .number({ error: 'validation.required' })
    .int()
    .refine((value) => values.includes(value), { error: 'validation.invalid' });

const optionalCode = (values: readonly number[]) => code(values).nullish();

/** A single-line text of the paper (decision 0072): its title, its department. */
const text = (max: number, maxKey: string) => z.string().max(max, { error: maxKey }).refine(isOneLine, ONE_LINE);

/**
 * One question of the involvement questionnaire. The answer may be missing at the type level (the wizard starts
 * every question unanswered): a hard type failure would stop zod before the paper's refinements, and the author
 * would see the other required fields only after answering. `answerIssues` requires it instead.
 */
export const involvementAnswer = z.object({
  questionId: code(INVOLVEMENT_QUESTIONS),
  answer: z.enum(['yes', 'no'], { error: 'validation.required' }).optional(),
  vulnerableGroupComment: z.string().max(PAPER_LIMITS.vulnerableComment, { error: 'validation.max' }).optional(),
});

/** The fields of a paper, with their limits; none required (the draft). */
export const paperFields = z.object({
  statusOfApplicant: optionalCode(APPLICANT_STATUSES),
  medical_School: optionalCode(MEDICAL_SCHOOLS),
  paper_Type: optionalCode(PAPER_TYPES),
  new_Amendment_Renewal: optionalCode(Object.values(SUBMISSION_KINDS)),
  typeOfTheStudy: optionalCode(Object.values(STUDY_TYPES)),
  observationalDescriptive: optionalCode(DESCRIPTIVE_TYPES),
  observationalAnalytic: optionalCode(ANALYTIC_TYPES),
  experimentalType: optionalCode(EXPERIMENTAL_TYPES),
  experimentalTypeOfBlinding: optionalCode(BLINDING_TYPES),
  fundingSource: optionalCode(FUNDING_SOURCES),
  isFinancialDisclousreMentioned: optionalCode([1, 2]),
  department: text(PAPER_LIMITS.department, 'validation.department_max').default(''),
  title_of_the_work: text(PAPER_LIMITS.title, 'validation.title_max').default(''),
  original_Proposal_Code: z
    .string()
    .max(PAPER_LIMITS.proposalCode, { error: 'validation.proposalCode_format', abort: true })
    .refine((value) => value.trim() === '' || PROPOSAL_CODE_SHAPE.test(value.trim()), {
      error: 'validation.proposalCode_format',
    })
    .default(''),
  specializationId: z.number().int().positive().max(2_147_483_647).nullish(),
  keywords: z
    .array(z.string())
    .default([])
    .transform(splitKeywords)
    .refine((list) => list.join(', ').length <= PAPER_LIMITS.keywordsTotal, { error: 'validation.keywords_max' })
    .refine((list) => list.every(isOneLine), ONE_LINE),
  abstract: z
    .string()
    .default('')
    .refine((value) => countWords(value) <= PAPER_LIMITS.abstractMaxWords, { error: 'validation.abstract_words' }),
  authors: z.array(draftAuthor).max(30).default([]),
  reviewers: z.array(draftPerson).max(10).default([]),
  answers: z.array(involvementAnswer).max(INVOLVEMENT_QUESTIONS.length).default([]),
});
export type PaperFieldsInput = z.input<typeof paperFields>;
export type PaperFields = z.output<typeof paperFields>;

type Issue = { path: (string | number)[]; message: string };

/** The people rules that hold for drafts too: exactly one main author, no repeated e-mail or phone. */
function peopleIssues(paper: PaperFields): Issue[] {
  const issues: Issue[] = [];
  if (paper.authors.length > 0 && paper.authors.filter((a) => a.isMain).length !== 1) {
    issues.push({ path: ['authors'], message: 'validation.main_author_required' });
  }
  for (const [list, name] of [
    [paper.authors, 'authors'],
    [paper.reviewers, 'reviewers'],
  ] as const) {
    const seenEmail = new Set<string>();
    const seenPhone = new Set<string>();
    list.forEach((entry, index) => {
      const phone = entry.phone.replace(/[\s-]/g, '');
      if (entry.email && seenEmail.has(entry.email))
        issues.push({ path: [name, index, 'email'], message: 'validation.email_unique' });
      if (phone && seenPhone.has(phone))
        issues.push({ path: [name, index, 'phone'], message: 'validation.phone_unique' });
      if (entry.email) seenEmail.add(entry.email);
      if (phone) seenPhone.add(phone);
    });
  }
  return issues;
}

/** A question that is listed carries its answer, in a draft too. */
function answerIssues(paper: PaperFields): Issue[] {
  return paper.answers.flatMap((entry, index) =>
    entry.answer === undefined ? [{ path: ['answers', index, 'answer'], message: 'validation.required' }] : [],
  );
}

/** Everything a submission needs (spec 02 §5), for one journal's settings. */
export function submissionIssues(paper: PaperFields, journal: JournalSubmissionSettings): Issue[] {
  const issues = [...peopleIssues(paper), ...answerIssues(paper)];
  const require = (field: keyof PaperFields, present: boolean, message = 'validation.required') => {
    if (!present) issues.push({ path: [field], message });
  };
  require('statusOfApplicant', paper.statusOfApplicant != null);
  require('medical_School', paper.medical_School != null);
  require('paper_Type', paper.paper_Type != null);
  if (
    paper.paper_Type != null &&
    !journal.extraPaperTypes &&
    (EXTRA_PAPER_TYPES as readonly number[]).includes(paper.paper_Type)
  ) {
    issues.push({ path: ['paper_Type'], message: 'validation.invalid' });
  }
  require('new_Amendment_Renewal', paper.new_Amendment_Renewal != null);
  require('typeOfTheStudy', paper.typeOfTheStudy != null);
  if (paper.typeOfTheStudy === STUDY_TYPES.observationalDescriptive)
    require('observationalDescriptive', paper.observationalDescriptive != null);
  if (paper.typeOfTheStudy === STUDY_TYPES.observationalAnalytic)
    require('observationalAnalytic', paper.observationalAnalytic != null);
  if (paper.typeOfTheStudy === STUDY_TYPES.experimental) {
    require('experimentalType', paper.experimentalType != null);
    require('experimentalTypeOfBlinding', paper.experimentalTypeOfBlinding != null);
  }
  require('fundingSource', paper.fundingSource != null);
  require('isFinancialDisclousreMentioned', paper.isFinancialDisclousreMentioned != null);
  require('specializationId', paper.specializationId != null);
  require('department', paper.department.trim() !== '');
  require('title_of_the_work', paper.title_of_the_work.trim() !== '');
  if (paper.new_Amendment_Renewal != null && paper.new_Amendment_Renewal !== SUBMISSION_KINDS.new) {
    require('original_Proposal_Code', paper.original_Proposal_Code.trim() !== '');
  }
  require('keywords', paper.keywords.length > 0, 'validation.keywords_required');
  const words = countWords(paper.abstract);
  require('abstract', words > 0);
  if (words > 0 && words < PAPER_LIMITS.abstractMinWords)
    issues.push({ path: ['abstract'], message: 'validation.abstract_words' });
  require('authors', paper.authors.length > 0, 'validation.authors_required');
  for (const [list, name] of [
    [paper.authors, 'authors'],
    [paper.reviewers, 'reviewers'],
  ] as const) {
    list.forEach((entry, index) => {
      if (!entry.fullName) issues.push({ path: [name, index, 'fullName'], message: 'validation.required' });
      if (!entry.email) issues.push({ path: [name, index, 'email'], message: 'validation.email_required' });
      if (!entry.phone) issues.push({ path: [name, index, 'phone'], message: 'validation.required' });
      if (!entry.workPlace) issues.push({ path: [name, index, 'workPlace'], message: 'validation.required' });
    });
  }
  if (paper.reviewers.length < journal.suggestedReviewersMin) {
    issues.push({ path: ['reviewers'], message: 'validation.reviewers_min' });
  }
  if (journal.ethicsQuestionnaire) {
    for (const questionId of INVOLVEMENT_QUESTIONS) {
      const answer = paper.answers.find((a) => a.questionId === questionId);
      if (!answer) issues.push({ path: ['answers', questionId - 1], message: 'validation.required' });
      else if (
        questionId === VULNERABLE_GROUPS_QUESTION &&
        answer.answer === 'yes' &&
        !answer.vulnerableGroupComment?.trim()
      ) {
        issues.push({
          path: ['answers', questionId - 1, 'vulnerableGroupComment'],
          message: 'validation.vulnerable_comment_required',
        });
      }
    }
  }
  return issues;
}

/** The draft schema: the fields' limits, the people rules and the answer of each listed question. */
export const paperDraftRequest = paperFields.superRefine((paper, ctx) => {
  for (const issue of [...peopleIssues(paper), ...answerIssues(paper)]) ctx.addIssue({ code: 'custom', ...issue });
});

/** The submission schema of one journal: the draft's rules and every requirement. */
export function paperSubmitRequest(journal: JournalSubmissionSettings) {
  return paperFields.superRefine((paper, ctx) => {
    for (const issue of submissionIssues(paper, journal)) ctx.addIssue({ code: 'custom', ...issue });
  });
}

export const mailToStaffRequest = z.object({
  message: z.string().trim().min(1, { error: 'validation.required' }).max(5_000, { error: 'validation.max' }),
});
