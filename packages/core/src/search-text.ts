/**
 * How search reads a word (issue 21 §4): Arabic written with or without its short vowels, with tatweel or the
 * different forms of alef, yeh and teh marbuta is one word, so a reader finds a paper however the word was typed.
 * The same rule is the SQL function `search_normalize` (migration 0017), applied to the papers' text when they are
 * indexed and to the query: the two must agree, and a test checks them on one table of pairs.
 *
 * Arabic words are also read without their definite article (migration 0018): ال, and the particles written joined
 * to it (وال, فال, بال, كال, and لل for ل + ال, with و or ف before it), so "المستشفى", "بالمستشفى" and "مستشفى" are one word, as light
 * Arabic stemmers do; the article stays where fewer than two letters would remain.
 *
 * Case and English stemming are the text-search configuration's (`english`), not this rule's.
 */

/** Removed: the harakat and Quranic marks U+064B–U+065F, the superscript (dagger) alef U+0670 and tatweel U+0640. */
export const SEARCH_REMOVED =
  '\u064B\u064C\u064D\u064E\u064F\u0650\u0651\u0652\u0653\u0654\u0655\u0656\u0657\u0658\u0659\u065A\u065B\u065C\u065D\u065E\u065F\u0670\u0640';

/** Replaced, letter for letter: أ إ آ ٱ → ا, ى → ي, ة → ه. */
export const SEARCH_FROM = '\u0623\u0625\u0622\u0671\u0649\u0629';
export const SEARCH_TO = '\u0627\u0627\u0627\u0627\u064A\u0647';

/**
 * The article at a word's start (after the start of the text or any character but an Arabic letter), when two
 * Arabic letters or more follow; replaced by what came before it (`$1`, `\1` in SQL). Written with escapes so the
 * SQL function holds the same pattern.
 */
export const SEARCH_ARTICLE = String.raw`(^|[^\u0621-\u064A])(?:[\u0648\u0641\u0628\u0643]?\u0627\u0644|[\u0648\u0641]?\u0644\u0644)(?=[\u0621-\u064A]{2})`;

const removed = new Set(SEARCH_REMOVED);
const article = new RegExp(SEARCH_ARTICLE, 'g');

/** The text as search reads it (what `search_normalize` returns for it). */
export function normalizeSearchText(text: string): string {
  let out = '';
  for (const char of text) {
    if (removed.has(char)) continue;
    const at = SEARCH_FROM.indexOf(char);
    out += at >= 0 ? SEARCH_TO[at] : char;
  }
  return out.replace(article, '$1');
}
