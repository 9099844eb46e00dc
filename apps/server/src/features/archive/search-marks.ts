import type { MarkedText } from '@journals/core/schemas/search';
import { normalizeSearchText } from '@journals/core/search-text';

/**
 * Marks the words a search matched in the text of the rows shown (ten at most), in pieces the page renders as text:
 * no HTML travels, so nothing of a paper's text can become markup. A word matches a term (a lexeme of the query:
 * normalised, lowercased, stemmed) when its own normalised, lowercased form is the term or starts with it — what
 * English stemming removes is an ending — or does once a final y is read as the stemmer's i ("study", "studi").
 */

const WORD = /[\p{L}\p{M}\p{N}]+/gu;

function matches(word: string, terms: readonly string[]) {
  const read = normalizeSearchText(word).toLowerCase();
  const yAsI = read.replace(/y$/, 'i');
  return terms.some((term) => read === term || (term.length >= 3 && (read.startsWith(term) || yAsI === term)));
}

export function markText(text: string, terms: readonly string[]): MarkedText {
  if (!text) return [];
  if (!terms.length) return [{ text, match: false }];
  const pieces: MarkedText = [];
  const add = (part: string, match: boolean) => {
    if (!part) return;
    const last = pieces.at(-1);
    if (last && last.match === match) last.text += part;
    else pieces.push({ text: part, match });
  };
  let at = 0;
  for (const found of text.matchAll(WORD)) {
    add(text.slice(at, found.index), false);
    add(found[0], matches(found[0], terms));
    at = found.index + found[0].length;
  }
  add(text.slice(at), false);
  return pieces;
}

/** Some forty words of an abstract around its first match (its opening without one), marked. */
export function excerptOf(text: string, terms: readonly string[], words = 40): MarkedText {
  const all = [...text.matchAll(/\S+/g)];
  if (!all.length) return [];
  const first = all.findIndex((found) => (found[0].match(WORD) ?? []).some((word) => matches(word, terms)));
  const from = Math.max(0, first - 10);
  const to = Math.min(all.length, from + words);
  const start = all[from]!.index;
  const last = all[to - 1]!;
  const cut = text.slice(start, last.index + last[0].length);
  return markText(`${from > 0 ? '… ' : ''}${cut}${to < all.length ? ' …' : ''}`, terms);
}

/** Whether any word of the text matches: which abstract (English or Arabic) to show a reader. */
export function hasMatch(text: string, terms: readonly string[]) {
  return terms.length > 0 && (text.match(WORD) ?? []).some((word) => matches(word, terms));
}
