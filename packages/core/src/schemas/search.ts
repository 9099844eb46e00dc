import { z } from 'zod';
import { SEARCH_MAX_WORDS } from '../limits';
import { NOTICE_KINDS } from '../rules/notices';
import { MAX_ID } from './fields';

/**
 * Searching a journal's published papers (spec 03 "Search page", "Archive search result"; issue 21 §4): the words,
 * the author and facet filters of the query string a search is shared by, and the page of results with its facets.
 */

/** Results a page (spec 03: paging of 10). */
export const SEARCH_PAGE_SIZE = 10;
/**
 * The most papers a search counts and ranks (decision 0034): the commonest words match most of a journal, and
 * ranking and counting all of them costs more than the page. Beyond it the answer says "more than" and its pages
 * stop there; another word or a facet narrows it.
 */
export const SEARCH_MATCH_CAP = 2_000;
/** Values a facet filter takes at once, and keyword facet values shown. */
export const SEARCH_FILTER_VALUES = 20;
export const SEARCH_KEYWORD_FACETS = 30;

/** The words of a search's text as the limit counts them: runs of letters, marks and digits, `or` left out. */
export const searchWordsOf = (text: string) =>
  text.split(/[^\p{L}\p{M}\p{N}]+/u).filter((word) => word !== '' && word.toLowerCase() !== 'or');

const invalid = { error: 'validation.invalid' } as const;

/** A query-string value given once or repeated (`KeyWords=a&KeyWords=b`), as a list. */
const listOf = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z.array(item, invalid).max(SEARCH_FILTER_VALUES, invalid),
  );

const words = (max: number) => z.string(invalid).trim().max(max, { error: 'search.too_long' }).default('');

/** GET journals/{slug}/search: the query-string names are the spec's, so links shared before keep working. */
export const searchQuery = z.object({
  search: words(200).refine((text) => searchWordsOf(text).length <= SEARCH_MAX_WORDS, {
    error: 'search.too_many_words',
  }),
  CorrespondingAuthor: words(100),
  JointAuthors: words(100),
  KeyWords: listOf(z.string(invalid).trim().min(1, invalid).max(100, { error: 'search.too_long' })),
  Specializations: listOf(z.coerce.number(invalid).int(invalid).positive(invalid).max(MAX_ID, invalid)),
  page: z.coerce
    .number(invalid)
    .int(invalid)
    .min(1, invalid)
    .max(SEARCH_MATCH_CAP / SEARCH_PAGE_SIZE, invalid)
    .default(1),
});
export type SearchQuery = z.infer<typeof searchQuery>;

/** Text with the words the search matched marked, in pieces: the page renders each piece as text, never as HTML. */
export const markedText = z.array(z.object({ text: z.string(), match: z.boolean() }));
export type MarkedText = z.infer<typeof markedText>;

export const searchHit = z.object({
  id: z.number(),
  title: markedText,
  titleLanguage: z.enum(['en', 'ar']).describe('The language of the title shown (the page sets lang and dir).'),
  subtitle: markedText,
  excerpt: markedText.describe('Words of the abstract around the first match (its opening without one).'),
  excerptLanguage: z.enum(['en', 'ar']),
  correspondingAuthor: z.string(),
  jointAuthors: z.array(z.string()),
  keywords: z.array(z.string()),
  specializations: z.array(z.object({ id: z.number(), name: z.string() })),
  publishDate: z.string().nullable(),
  downloadLink: z.string().nullable().describe('The final PDF, or null when the paper has none.'),
  membersOnly: z.boolean().describe('True when the journal charges at download: the full text is for its members.'),
  mark: z
    .enum(NOTICE_KINDS)
    .nullable()
    .describe('The gravest notice about the paper (retraction > expressionOfConcern > correction), or null.'),
});
export type SearchHit = z.infer<typeof searchHit>;

export const searchResponse = z.object({
  items: z.array(searchHit),
  total: z.number().describe(`The papers found, counted up to ${SEARCH_MATCH_CAP}.`),
  more: z.boolean().describe(`True when more than ${SEARCH_MATCH_CAP} papers match (total is then the cap).`),
  page: z.number(),
  pageSize: z.number(),
  /** The membership's price when the journal charges at download (a decimal string), else null. */
  downloadPrice: z.string().nullable(),
  facets: z.object({
    specializations: z.array(z.object({ id: z.number(), name: z.string(), count: z.number() })),
    keywords: z.array(z.object({ value: z.string(), count: z.number() })),
  }),
  facetsCountedAmong: z
    .number()
    .nullable()
    .describe(
      `${SEARCH_MATCH_CAP} when a facet's counts were taken over the first ${SEARCH_MATCH_CAP} papers of its set only (more matched); else null.`,
    ),
});
export type SearchResponse = z.infer<typeof searchResponse>;
