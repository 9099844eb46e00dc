import type { ColorName } from './colors';

/**
 * The enumerations of a paper (spec 02 §3) with their numeric codes. Labels are catalogue keys
 * `papers.<enum>_<code>` (English and Arabic in i18n/{en,ar}/papers.ts).
 */

export const APPLICANT_STATUSES = [1, 2, 3, 4, 5, 6, 7] as const; // MS student … others
export const MEDICAL_SCHOOLS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
/** 6 and 7 only where the journal has `extraPaperTypes` (DESIGN §2). */
export const PAPER_TYPES = [1, 2, 3, 4, 5, 6, 7] as const;
export const EXTRA_PAPER_TYPES = [6, 7] as const;
/** New, amendment, annual renewal, annual study status report. */
export const SUBMISSION_KINDS = { new: 1, amendment: 2, annualRenewal: 3, statusReport: 4 } as const;
export const STUDY_TYPES = { observationalDescriptive: 1, observationalAnalytic: 2, experimental: 3 } as const;
export const DESCRIPTIVE_TYPES = [1, 2, 3, 4, 5, 6] as const;
export const ANALYTIC_TYPES = [1, 2, 3] as const;
export const EXPERIMENTAL_TYPES = [1, 2, 3, 4, 5, 6, 7] as const;
export const BLINDING_TYPES = [1, 2, 3, 4] as const;
export const FUNDING_SOURCES = [1, 2, 3] as const;
export const FINANCIAL_DISCLOSURE = { yes: 1, no: 2 } as const;
/** The nine involvement questions (journals with `ethicsQuestionnaire`); question 8 carries a description. */
export const INVOLVEMENT_QUESTIONS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
export const VULNERABLE_GROUPS_QUESTION = 8;

/**
 * Paper status colours (spec 02 §4: new blue, under review orange, awaiting decision blue, accepted green, accepted
 * with changes indigo, rejected red, published grey-blue), as colour names of the web theme.
 */
export const STATUS_COLORS: Record<number, ColorName> = {
  0: 'gray',
  1: 'blue',
  2: 'orange',
  3: 'blue',
  4: 'green',
  5: 'indigo',
  6: 'red',
  7: 'blueGray',
};

/**
 * A journal's code prefix: a capital letter, then up to four capitals or digits (JAS, NURS, REC2). Five characters
 * at most, as `LIMITS.codePrefix` (docs/decisions/0011).
 */
export const CODE_PREFIX_SHAPE = /^[A-Z][A-Z0-9]{0,4}$/;

/**
 * The original proposal code, as the platform issues it: PREFIX.YY.MM.n, the journal's code prefix, the year and
 * month of submission, and the paper's number in that month, 1 to 4 digits (docs/decisions/0011).
 */
export const PROPOSAL_CODE_SHAPE = /^[A-Z][A-Z0-9]{0,4}\.\d{2}\.\d{2}\.\d{1,4}$/;
/** The one example of a proposal code the wizard's hint and its error message show (tested against the shape). */
export const PROPOSAL_CODE_EXAMPLE = 'JAS.26.09.1';

/**
 * The prefix a journal's paper codes start with: its code prefix, or else one made from its slug (letters and
 * digits, starting with a letter, three at most), so an issued code always has the proposal code's shape.
 */
export function issuedCodePrefix(codePrefix: string | null | undefined, slug: string): string {
  const configured = codePrefix?.trim().toUpperCase() ?? '';
  if (CODE_PREFIX_SHAPE.test(configured)) return configured;
  const fromSlug = slug
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .replace(/^[0-9]+/, '')
    .slice(0, 3);
  return fromSlug || 'J';
}

export const PAPER_LIMITS = {
  title: 100,
  department: 100,
  /** PREFIX.YY.MM.n at its longest: a 5-character prefix and a 4-digit number. */
  proposalCode: 16,
  abstractMinWords: 20,
  abstractMaxWords: 250,
  keywordsTotal: 300,
  authorName: 75,
  authorEmail: 75,
  authorPhone: 16,
  authorWork: 75,
  vulnerableComment: 500,
  refuseReason: 300,
} as const;

/** Words counted by whitespace, as the abstract counter does (spec 02 §5). */
export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed ? trimmed.split(/\s+/).length : 0;
}

/** Cuts a text after `max` words, keeping its spacing (typing beyond 250 words is cut). */
export function cutWords(text: string, max: number): string {
  const parts = text.split(/(\s+)/);
  let words = 0;
  let end = parts.length;
  for (let i = 0; i < parts.length; i++) {
    if (parts[i]!.trim()) {
      words++;
      if (words > max) {
        end = i;
        break;
      }
    }
  }
  return parts.slice(0, end).join('').trimEnd();
}

/**
 * The heading of a paper's abstract in the abstract's own language (the public paper page shows an English and an
 * Arabic block side by side, each in its own language whatever the page's): content, not interface text.
 */
export const ABSTRACT_HEADING = { en: 'Abstract', ar: 'الملخص' } as const;
