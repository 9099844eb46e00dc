/**
 * What every search engine is (DESIGN §7): PostgreSQL full-text search by default (`./postgres`); a platform that
 * outgrows it (tens of millions of papers, many languages) adds an OpenSearch adapter of this interface, and no route
 * or screen changes. The engine finds and counts; the papers' fields come from the database (the archive feature
 * reads the page's rows by the ids the engine returns), as they would beside any outside engine.
 */
export interface SearchEngine {
  searchPapers(request: PaperSearch): Promise<PaperSearchResult>;
}

/** One journal's published papers that match the words and every filter. */
export interface PaperSearch {
  journalId: number;
  /** The words as the reader typed them: "quoted phrases", `-left out`, `or`; empty for every paper. */
  words: string;
  /** Part of the corresponding author's name, or empty. */
  correspondingAuthor: string;
  /** Part of a joint author's name, or empty. */
  jointAuthors: string;
  /** Papers with any of these keywords (OR within the facet), if any are given. */
  keywords: readonly string[];
  /** Papers of any of these specializations (OR within the facet), if any are given; AND with the keywords. */
  specializationIds: readonly number[];
  offset: number;
  limit: number;
  /** The most papers counted and ranked; beyond it `more` says so. */
  cap: number;
  /** The most keyword facet values returned (the selected ones first, then the commonest). */
  keywordFacets: number;
}

export interface PaperSearchResult {
  /** The page's papers, best first: by the words' weight (title, then keywords and authors, then abstract). */
  paperIds: number[];
  /** The papers found, up to the cap. */
  total: number;
  /** More than the cap matched. */
  more: boolean;
  /**
   * Each facet's values over the papers found with the other facet's filter only (OR within a facet, AND across),
   * so a reader sees what another value of the same facet would add.
   */
  facets: {
    specializations: { id: number; count: number }[];
    keywords: { value: string; count: number }[];
  };
  /** A facet's counts were taken over the first `cap` papers of its set only (more of them matched). */
  facetsCapped: boolean;
  /** The words matched as the engine reads them (normalised, stemmed), for marking them in the shown rows. */
  terms: string[];
}
