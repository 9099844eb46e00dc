/**
 * DOIs registered with Crossref (issue 46 §1, decision 0086): the journal's suffix pattern, the Crossref system it
 * deposits to, and the states of a paper's deposit. One place for the rules the server applies and the screens show.
 */

/** Where a journal's deposits go: nowhere (DOIs are only printed), Crossref's test system, or its production. */
export const CROSSREF_SYSTEMS = ['off', 'test', 'production'] as const;
export type CrossrefSystem = (typeof CROSSREF_SYSTEMS)[number];

/**
 * A paper's deposit: `waiting` to be sent (or sent again after a network failure, at `nextAttemptAt`), `submitted`
 * (Crossref took the file; its result is read later), `deposited` (Crossref registered it), `failed` (Crossref
 * refused it, or the account did: its message is kept, and an editor sends it again once the cause is fixed).
 */
export const DOI_STATES = ['waiting', 'submitted', 'deposited', 'failed'] as const;
export type DoiState = (typeof DOI_STATES)[number];

/** The pattern's fields: the journal's short name, the year, volume and number, the paper's place and id. */
export const DOI_PATTERN_FIELDS = ['journal', 'year', 'volume', 'issue', 'order', 'paper'] as const;
export type DoiPatternField = (typeof DOI_PATTERN_FIELDS)[number];
export type DoiPatternValues = Record<DoiPatternField, string | number>;

/** The pattern a journal starts with: e.g. `10.12345/ijmr.2026.4.2.7` for the 7th paper of volume 4, issue 2. */
export const DEFAULT_DOI_PATTERN = '{journal}.{year}.{volume}.{issue}.{order}';
export const DOI_PATTERN_MAX = 100;

/** The characters Crossref recommends in a suffix, besides the fields: letters, digits and - . _ ; ( ) / */
const SUFFIX_CHARACTER = /^[A-Za-z0-9\-._;()/]$/;
const FIELD = /\{([^{}]*)\}/g;

/** Why a suffix pattern cannot be used (a validation message key), or null when it can. */
export function doiPatternProblem(pattern: string): string | null {
  const text = pattern.trim();
  if (text === '') return 'doi.pattern_required';
  if (text.length > DOI_PATTERN_MAX) return 'validation.max';
  const fields = [...text.matchAll(FIELD)].map((match) => match[1]!);
  if (fields.some((field) => !(DOI_PATTERN_FIELDS as readonly string[]).includes(field)))
    return 'doi.pattern_unknown_field';
  // Only the paper's id or its place in its issue tell two papers apart.
  if (!fields.includes('paper') && !fields.includes('order')) return 'doi.pattern_not_unique';
  const literal = text.replace(FIELD, '');
  if (literal.includes('{') || literal.includes('}') || [...literal].some((c) => !SUFFIX_CHARACTER.test(c)))
    return 'doi.pattern_characters';
  return null;
}

/** A field's value in a suffix: lower-case, with anything Crossref does not recommend turned into '-'. */
const suffixValue = (value: string | number) =>
  String(value)
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9\-._]+/g, '-')
    .replace(/^-+|-+$/g, '') || '0';

/** The DOI the pattern gives a paper: `prefix/suffix`. */
export function doiFromPattern(prefix: string, pattern: string, values: DoiPatternValues): string {
  const suffix = pattern.trim().replace(FIELD, (_, field: DoiPatternField) => suffixValue(values[field]));
  return `${prefix.trim()}/${suffix}`;
}

/** The states an editor can send again: a refusal once its cause is fixed (a waiting one is already on its way). */
export const mayDepositAgain = (state: DoiState) => state === 'failed' || state === 'deposited';
