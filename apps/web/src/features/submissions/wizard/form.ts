import { formFieldName } from '@journals/core/errors';
import { PAPER_FILE_KINDS, type PaperFileKind } from '@journals/core/files';
import { INVOLVEMENT_QUESTIONS, VULNERABLE_GROUPS_QUESTION } from '@journals/core/papers';
import { authorFromProfile } from '@journals/core/schemas/paper-people';
import {
  paperDraftRequest,
  type JournalSubmissionSettings,
  type PaperFields,
  type PaperFieldsInput,
} from '@journals/core/schemas/submissions';
import type { Profile } from '@journals/core/schemas/accounts';
import type { UseFormReturn } from 'react-hook-form';
import type { PaperDetail } from '../api';

/** The wizard's form: the paper fields of core (spec names in camel case) and the terms box. */
export type WizardValues = PaperFieldsInput & { acceptTerms?: boolean };
export type WizardForm = UseFormReturn<WizardValues, unknown, PaperFields>;

export const STEP_COUNT = 4;

/** The form fields of step 1, in screen order (the first one with an error gets the focus). */
export const STUDY_FIELDS = [
  'statusOfApplicant',
  'medical_School',
  'department',
  'paper_Type',
  'new_Amendment_Renewal',
  'original_Proposal_Code',
  'title_of_the_work',
  'typeOfTheStudy',
  'observationalDescriptive',
  'observationalAnalytic',
  'experimentalType',
  'experimentalTypeOfBlinding',
  'fundingSource',
  'isFinancialDisclousreMentioned',
  'specializationId',
  'keywords',
  'abstract',
  'answers',
] as const satisfies readonly (keyof WizardValues)[];
export const PEOPLE_FIELDS = ['authors', 'reviewers'] as const satisfies readonly (keyof WizardValues)[];
const FORM_FIELDS = [...STUDY_FIELDS, ...PEOPLE_FIELDS] as const;

/** The step (0–3) a form field or file slot lives on. */
export function stepOf(name: string): number {
  const head = name.split(/[.[]/)[0]!;
  if ((STUDY_FIELDS as readonly string[]).includes(head)) return 0;
  if ((PEOPLE_FIELDS as readonly string[]).includes(head)) return 1;
  if ((PAPER_FILE_KINDS as readonly string[]).includes(head)) return 2;
  return 3;
}

function emptyAnswers(settings: JournalSubmissionSettings): WizardValues['answers'] {
  if (!settings.ethicsQuestionnaire) return [];
  // An unanswered question has no answer yet; the schema calls it required on submit.
  return INVOLVEMENT_QUESTIONS.map((questionId) => ({ questionId, answer: undefined, vulnerableGroupComment: '' }));
}

/** A new paper: the logged-in user is its first and main author, cut to an author's limits (spec 02 §2). */
export function newPaperValues(settings: JournalSubmissionSettings, profile: Profile | undefined): WizardValues {
  return {
    statusOfApplicant: null,
    medical_School: null,
    paper_Type: null,
    new_Amendment_Renewal: null,
    typeOfTheStudy: null,
    observationalDescriptive: null,
    observationalAnalytic: null,
    experimentalType: null,
    experimentalTypeOfBlinding: null,
    fundingSource: null,
    isFinancialDisclousreMentioned: null,
    department: '',
    title_of_the_work: '',
    original_Proposal_Code: '',
    specializationId: null,
    keywords: [],
    abstract: '',
    authors: profile ? [authorFromProfile(profile)] : [],
    reviewers: [],
    answers: emptyAnswers(settings),
    acceptTerms: false,
  };
}

/** A stored draft back into the form. */
export function paperValues(paper: PaperDetail, settings: JournalSubmissionSettings): WizardValues {
  const answers = emptyAnswers(settings)?.map((empty) => {
    const stored = paper.answers?.find((a) => a.questionId === empty.questionId);
    return stored ? { ...empty, ...stored, vulnerableGroupComment: stored.vulnerableGroupComment ?? '' } : empty;
  });
  return {
    ...newPaperValues(settings, undefined),
    ...Object.fromEntries(STUDY_FIELDS.map((field) => [field, paper[field] ?? undefined])),
    department: paper.department ?? '',
    title_of_the_work: paper.title_of_the_work ?? '',
    original_Proposal_Code: paper.original_Proposal_Code ?? '',
    abstract: paper.abstract ?? '',
    keywords: paper.keywords ?? [],
    specializationId: paper.specializationId ?? null,
    authors: paper.authors ?? [],
    reviewers: paper.reviewers ?? [],
    answers,
    acceptTerms: false,
  };
}

/** The request body: unanswered questions left out, the question-8 description only with a yes. */
export function requestBody(values: WizardValues): PaperFieldsInput {
  const { acceptTerms: _terms, ...fields } = values;
  return {
    ...fields,
    answers: (values.answers ?? [])
      .filter((a) => a.answer === 'yes' || a.answer === 'no')
      .map((a) => ({
        ...a,
        vulnerableGroupComment:
          a.questionId === VULNERABLE_GROUPS_QUESTION && a.answer === 'yes' ? (a.vulnerableGroupComment ?? '') : '',
      })),
  };
}

/** The draft's rules on the current values: the body to send, or the issues. */
export function parseDraft(values: WizardValues) {
  return paperDraftRequest.safeParse(requestBody(values));
}

/** A server field name (`Title_of_the_work`, `Authors[0].email`, `ProposalFile`) → a form path or a file slot. */
export function fromSpecName(specName: string): { field?: string; fileKind?: PaperFileKind } {
  const match = /^([^.[]+)(.*)$/.exec(specName);
  if (!match) return {};
  const [, head = '', rest = ''] = match;
  const fileKind = PAPER_FILE_KINDS.find((kind) => kind.toLowerCase() === head.toLowerCase());
  if (fileKind) return { fileKind };
  const field = formFieldName(head, FORM_FIELDS);
  if (!field) return {};
  const tail = rest.replace(/\[(\d+)\]/g, '.$1');
  return { field: `${field}${tail}` };
}
