import type { Language } from '@journals/core/enums';
import {
  SEARCH_KEYWORD_FACETS,
  SEARCH_MATCH_CAP,
  SEARCH_PAGE_SIZE,
  type SearchHit,
  type SearchQuery,
  type SearchResponse,
} from '@journals/core/schemas/search';
import { and, eq, inArray } from 'drizzle-orm';
import type { Journal } from '../../domain/journal-context';
import { noticeMarkColumn } from '../../domain/notice-marks';
import { paperMetadataColumns } from '../../domain/published-papers';
import { archivedPapers, journalPaymentSettings, specializations } from '../../db/schema';
import type { Deps } from '../../lib/deps';
import { excerptOf, hasMatch, markText } from './search-marks';

/**
 * Searching a journal's published papers (issue 21 §4): the search engine (deps.search, PostgreSQL by default)
 * finds, ranks and counts; then the page's rows, the journal's specializations and its download fee are read side by
 * side, each in one statement, and the words found are marked in the shown rows only.
 */
export async function searchPapers(
  { db, search }: Pick<Deps, 'db' | 'search'>,
  journal: Journal,
  query: SearchQuery,
  language: Language,
): Promise<SearchResponse> {
  // The engine first: a search told it is busy (or too broad) costs the database nothing more (decision 0074).
  const found = await search.searchPapers({
    journalId: journal.id,
    words: query.search,
    correspondingAuthor: query.CorrespondingAuthor,
    jointAuthors: query.JointAuthors,
    keywords: query.KeyWords,
    specializationIds: query.Specializations,
    offset: (query.page - 1) * SEARCH_PAGE_SIZE,
    limit: SEARCH_PAGE_SIZE,
    cap: SEARCH_MATCH_CAP,
    keywordFacets: SEARCH_KEYWORD_FACETS,
  });
  const [names, fee, rows] = await Promise.all([
    specializationNames(db, journal.id, language),
    db
      .select({ atDownload: journalPaymentSettings.atDownload, price: journalPaymentSettings.atDownloadPrice })
      .from(journalPaymentSettings)
      .where(eq(journalPaymentSettings.journalId, journal.id))
      .then(([row]) => row),
    found.paperIds.length
      ? db
          .select({
            id: archivedPapers.paperId,
            ...paperMetadataColumns,
            specializationIds: archivedPapers.specializationIds,
            publishDate: archivedPapers.publishDate,
            finalFileId: archivedPapers.finalFileId,
            // The gravest notice, read in this statement (decision 0089).
            mark: noticeMarkColumn(),
          })
          .from(archivedPapers)
          .where(
            and(
              inArray(archivedPapers.paperId, found.paperIds),
              eq(archivedPapers.journalId, journal.id),
              eq(archivedPapers.published, true),
            ),
          )
      : [],
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const membersOnly = Boolean(fee?.atDownload);
  const terms = found.terms;
  const items = found.paperIds.flatMap((id): SearchHit[] => {
    const row = byId.get(id);
    if (!row) return []; // unpublished between the search and this read
    const titleLanguage = pick(language, row.titleEn, row.titleAr);
    const abstractLanguage =
      hasMatch(row.abstractEn, terms) !== hasMatch(row.abstractAr, terms)
        ? hasMatch(row.abstractEn, terms)
          ? 'en'
          : 'ar'
        : pick(language, row.abstractEn, row.abstractAr);
    return [
      {
        id,
        title: markText(titleLanguage === 'en' ? row.titleEn : row.titleAr, terms),
        titleLanguage,
        subtitle: markText(row.subtitle, terms),
        excerpt: excerptOf(abstractLanguage === 'en' ? row.abstractEn : row.abstractAr, terms),
        excerptLanguage: abstractLanguage,
        correspondingAuthor: row.correspondingAuthor,
        jointAuthors: row.jointAuthors,
        keywords: row.keywords,
        specializations: row.specializationIds.flatMap((sid) => {
          const name = names.get(sid);
          return name ? [{ id: sid, name }] : [];
        }),
        publishDate: row.publishDate,
        downloadLink:
          row.finalFileId === null
            ? null
            : `/api/journals/${encodeURIComponent(journal.slug)}/archive/papers/${id}/pdf`,
        membersOnly,
        mark: row.mark,
      },
    ];
  });
  return {
    items,
    total: found.total,
    more: found.more,
    facetsCountedAmong: found.facetsCapped ? SEARCH_MATCH_CAP : null,
    page: query.page,
    pageSize: SEARCH_PAGE_SIZE,
    downloadPrice: membersOnly ? (fee?.price ?? null) : null,
    facets: {
      specializations: found.facets.specializations.flatMap(({ id, count }) => {
        const name = names.get(id);
        return name ? [{ id, name, count }] : [];
      }),
      keywords: found.facets.keywords,
    },
  };
}

/** The text of the page's language when the paper has it, else the other. */
function pick(language: Language, en: string, ar: string): Language {
  if (language === 'ar') return ar ? 'ar' : 'en';
  return en || !ar ? 'en' : 'ar';
}

/** The journal's specializations in the page's language (deleted ones too: a published paper keeps its own). */
async function specializationNames(db: Deps['db'], journalId: number, language: Language) {
  const rows = await db
    .select({ id: specializations.id, nameEn: specializations.nameEn, nameAr: specializations.nameAr })
    .from(specializations)
    .where(eq(specializations.journalId, journalId));
  return new Map(rows.map((row) => [row.id, (language === 'ar' ? row.nameAr : row.nameEn) || row.nameEn]));
}
