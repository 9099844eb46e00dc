import { isArabicText } from '@journals/core/rules/issues';
import { bareOrcid } from '@journals/core/rules/orcid';
import { SHEET_AUTHOR_SEPARATORS } from '@journals/core/schemas/import-sheet';
import type { ImportedAuthor, Localized } from './model';
import { RowFault, westernDigits } from './sheet-values';

/**
 * The authors' cell (decision 0080): one author a line or separated by ;, each `Name <e-mail> (affiliation)
 * [ORCID iD]` with only the name needed, and a name or an affiliation in both languages written `English | Arabic`.
 * One cell, not columns author_1_name…author_n_orcid: a paper's authors are a list people already keep as one
 * (the way a paper's first page prints them), a sheet of 20 authors would need 80 columns, and each part has its
 * own bracket so nothing is guessed from commas.
 */

const EMAIL_SHAPE = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

/** "English | Arabic" (either order), or one text, each put in the side of its script; a second of one script is dropped. */
export function bothLanguages(text: string): Localized {
  const parts = text
    .split('|')
    .map((part) => part.trim().replace(/\s+/g, ' '))
    .filter((part) => part !== '');
  const result: Localized = { en: '', ar: '' };
  for (const part of parts.slice(0, 2)) {
    const side = isArabicText(part) ? 'ar' : 'en';
    if (result[side] === '') result[side] = part;
  }
  return result;
}

/** The bare iD when `text` is one (with or without https://orcid.org/, dashes or spaces) and its check digit agrees. */
export function orcidId(text: string): string | null {
  return bareOrcid(text.replace(/\s/g, ''));
}

function readAuthor(text: string, number: number): ImportedAuthor {
  let rest = text;
  const take = (pattern: RegExp) => {
    const found = pattern.exec(rest);
    if (!found) return null;
    rest = rest.slice(0, found.index) + ' ' + rest.slice(found.index + found[0].length);
    return (found[1] ?? '').trim();
  };
  const email = take(/<([^>]*)>/);
  const orcid = take(/\[([^\]]*)\]/);
  const affiliation = take(/\((.*)\)/);
  const name = bothLanguages(rest);
  if (name.en === '' && name.ar === '') throw new RowFault('authors', 'importSheet.author_no_name', { number });
  if (email !== null && email !== '' && !EMAIL_SHAPE.test(email))
    throw new RowFault('authors', 'importSheet.author_email', { number, value: email });
  const iD = orcid ? orcidId(westernDigits(orcid)) : null;
  if (orcid && iD === null) throw new RowFault('authors', 'importSheet.author_orcid', { number, value: orcid });
  return {
    name,
    email: email ? email.toLowerCase() : null,
    affiliation: bothLanguages(affiliation ?? ''),
    orcid: iD,
    corresponding: false,
  };
}

/** The authors in their order, the corresponding one marked (empty `corresponding`: the first). */
export function readAuthors(authorsText: string, correspondingText: string): ImportedAuthor[] {
  const authors = authorsText
    .split(SHEET_AUTHOR_SEPARATORS)
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part, index) => readAuthor(part, index + 1));
  if (authors.length === 0) throw new RowFault('authors', 'importSheet.required');
  const wanted = westernDigits(correspondingText.trim()).toLowerCase().replace(/\s+/g, ' ');
  const index =
    wanted === ''
      ? 0
      : /^\d{1,3}$/.test(wanted)
        ? Number(wanted) - 1
        : authors.findIndex(
            (author) => author.email === wanted || author.name.en.toLowerCase() === wanted || author.name.ar === wanted,
          );
  const corresponding = authors[index];
  if (!corresponding)
    throw new RowFault('corresponding_author', 'importSheet.corresponding_unknown', {
      value: correspondingText.trim(),
    });
  corresponding.corresponding = true;
  return authors;
}
