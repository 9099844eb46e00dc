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

/** Paper status colours (spec 02 §4), as Mantine colour names. */
export const STATUS_COLORS: Record<number, string> = {
  0: 'gray',
  1: 'blue',
  2: 'orange',
  3: 'cyan',
  4: 'green',
  5: 'indigo',
  6: 'red',
  7: 'blue-gray',
};

/** The original proposal code: two or three capitals, dot, two digits, dot, two digits, dot, one or two digits. */
export const PROPOSAL_CODE_SHAPE = /^[A-Z]{2,3}\.\d{2}\.\d{2}\.\d{1,2}$/;

export const PAPER_LIMITS = {
  title: 100,
  department: 100,
  proposalCode: 20,
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
