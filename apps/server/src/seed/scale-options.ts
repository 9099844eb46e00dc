/** What a scale load is asked for: the sizes of its journals, people and papers, and their defaults. */

/** Every generated account signs in with this password (one argon2 hash is reused: hashing 100k takes hours). */
export const SCALE_PASSWORD = 'Scale-pass-1';
/** The journal of the editorial desk's size (`desk` papers), loaded after the others. */
export const DESK_SLUG = 'scale-desk';

export interface ScaleOptions {
  journals: number;
  /** Researchers per journal. */
  researchers: number;
  /** Reviewers per journal. */
  reviewers: number;
  /** Reviewers of the first journal's first specialization, on top of `reviewers` (the candidate list's size). */
  specialists: number;
  /** More researchers of the first journal, accounts only (no papers): the size of its user list (issue 22 §1). */
  members: number;
  /** Papers in total (every version is a row), spread over the journals by a Zipf-like law. */
  papers: number;
  /**
   * Published papers of the journals' archives in total, on top of `papers`, spread like them (issue 21 §6): each with
   * bilingual 150–250-word abstracts, keywords, authors, pages, a final PDF's metadata, in monthly issues before the
   * journal's other issues. 0 for none.
   */
  archive: number;
  /** Published issues per journal. */
  issues: number;
  /** Papers of the heavy author in the first journal (capped at half that journal's papers). */
  heavy: number;
  /** Papers of one more journal, scale-desk, on top of `papers`: the editorial desk's size (0: none). */
  desk: number;
  seed: number;
}

export const DEFAULT_SCALE: ScaleOptions = {
  journals: 50,
  researchers: 200,
  reviewers: 20,
  specialists: 5_000,
  members: 0,
  papers: 100_000,
  archive: 0,
  issues: 12,
  heavy: 5_000,
  desk: 100_000,
  seed: 1,
};
