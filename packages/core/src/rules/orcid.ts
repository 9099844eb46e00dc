/**
 * ORCID iDs (issue 46 §3, decision 0085): sixteen characters in four groups, the last a check digit computed with
 * ISO 7064 MOD 11-2 over the fifteen digits before it (10 is written X), as ORCID's support pages describe. People
 * paste the bare iD or its URL; the platform keeps the bare iD and writes the URL where a format wants one.
 */

/** The bare iD: four groups of four digits, the last character may be X. */
export const ORCID_SHAPE = /^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$/;

/** The public address of an iD, as ORCID asks every display and metadata to write it. */
export const ORCID_URL = 'https://orcid.org/';

/** ISO 7064 MOD 11-2 check character of the fifteen base digits. */
export function orcidCheckDigit(baseDigits: string): string {
  let total = 0;
  for (const digit of baseDigits) total = (total + Number(digit)) * 2;
  const check = (12 - (total % 11)) % 11;
  return check === 10 ? 'X' : String(check);
}

/** Why a text is not an ORCID iD, or null when it is one. */
export type OrcidFault = 'shape' | 'checksum';

/** The text without its URL, spaces or case: "https://orcid.org/0000-0002-1825-009x" → "0000-0002-1825-009X". */
const strip = (text: string) =>
  text
    .trim()
    .replace(/^(?:https?:\/\/)?(?:www\.)?orcid\.org\//i, '')
    .replace(/\/$/, '')
    .toUpperCase();

/**
 * Reads an iD as people give it (bare, with or without hyphens, or its https://orcid.org/ URL): the bare hyphenated
 * iD, or why it is none.
 */
export function readOrcid(text: string): { orcid: string } | { fault: OrcidFault } {
  const digits = strip(text).replace(/-/g, '');
  if (!/^\d{15}[\dX]$/.test(digits)) return { fault: 'shape' };
  if (orcidCheckDigit(digits.slice(0, 15)) !== digits[15]) return { fault: 'checksum' };
  return { orcid: digits.replace(/^(\d{4})(\d{4})(\d{4})(\d{4}|\d{3}X)$/, '$1-$2-$3-$4') };
}

/** The bare iD of a text, or null when it is not a valid iD (shape or check digit). */
export function bareOrcid(text: string): string | null {
  const read = readOrcid(text);
  return 'orcid' in read ? read.orcid : null;
}

/** The iD's public URL ("https://orcid.org/0000-0002-1825-0097"). */
export const orcidUrl = (orcid: string) => `${ORCID_URL}${orcid}`;
