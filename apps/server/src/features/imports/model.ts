import type { MessageKey } from '@journals/core/i18n/index';
import type { ImportPlace } from '@journals/core/schemas/import-place';
import type { FetchPolicy } from '../../lib/guarded-fetch';

/**
 * What every import source reads into (issue 45, decision 0076): an OJS Native XML export, a JATS folder, a
 * spreadsheet with its PDFs and an OAI-PMH harvest each become one stream of records in this shape, and one engine
 * (imports.engine.ts) checks them (the dry run) and writes them. A source never writes to the database; the engine
 * never reads a source's format.
 *
 * A reader yields its records one at a time, as it reads (never the whole export in memory): an issue's papers come
 * as papers, each carrying its issue. A record it cannot read is a refusal with its place, and the reader goes on to
 * the next one; a file it cannot read at all (not XML, a bomb, a zip that leaves its folder, a wrong encoding) throws
 * `ImportFileError`.
 */

/** A text in the journal's two languages; `other` keeps any other locale the source had, by its code. */
export interface Localized {
  en: string;
  ar: string;
}

/**
 * Where a record is in its source, shown to the manager beside each line of the report: an element path with its
 * positions (the 2nd issue, its 5th article with its id), a spreadsheet row, a file in a zip, an OAI identifier.
 * Kept as data and worded in the reader's language when shown (core `placeText`, decision 0084).
 */
export type Place = ImportPlace;

export interface ImportedAuthor {
  /** The name as the journal shows it, in each language the source gave (an empty string where it gave none). */
  name: Localized;
  email: string | null;
  affiliation: Localized;
  /** The bare iD ("0000-0002-1825-0097"), checksum valid, or null. */
  orcid: string | null;
  /** The corresponding author (OJS `primary_contact`, JATS `corresp="yes"`); the first author when none is. */
  corresponding: boolean;
}

/**
 * A file of a record (a galley's PDF), already out of its source and on disk in the import's work folder: a reader
 * streams an embedded file (base64 in the XML, an entry of a zip) to `path` as it reads, so no file is ever held in
 * memory whole. The engine moves it to the storage; the work folder is removed when the import ends.
 */
export interface ImportedFile {
  /** The file's name as the source gave it (shown in the report; stored as the paper's final file name). */
  name: string;
  /** The file's type as the source declared it; the engine checks the content itself. */
  mimeType: string;
  path: string;
  bytes: number;
}

/** The issue a paper belongs to, as the source names it; the engine finds or creates ours by volume and number. */
export interface ImportedIssue {
  volume: number;
  /** The issue's number as the source writes it ("3", "1-2", "Special"); the engine maps it to ours. */
  number: string;
  year: number;
  /** 1–12 when the source says, else null (the engine takes the publication date's month, else January). */
  month: number | null;
  /** YYYY-MM-DD, or null. */
  publishDate: string | null;
  title: Localized;
  /** The source's own identifier of the issue (OJS issue id), for the report. */
  sourceId: string | null;
}

export interface ImportedPaper {
  kind: 'paper';
  place: Place;
  /**
   * What identifies the paper in its source, stable from one export to the next ("ojs:<journal path>:<submission
   * id>", "jats:<article-id>", "sheet:<the row's id column>", "oai:<identifier>"). A paper is known again by its
   * DOI, else by this.
   */
  sourceId: string;
  /** The bare DOI ("10.1234/abc"), or null. */
  doi: string | null;
  issue: ImportedIssue;
  /** The section (OJS) or subject (JATS) heading, as the source names it; mapped to a paper type where it can be. */
  section: Localized;
  title: Localized;
  subtitle: Localized;
  /** Plain text or the source's HTML, as given; the engine keeps the HTML the archive allows. */
  abstract: Localized;
  keywords: { en: string[]; ar: string[] };
  /** In the source's order. */
  authors: ImportedAuthor[];
  fromPage: number | null;
  toPage: number | null;
  /** Its place in the issue (1…n) when the source says, else null (the engine puts it after the others). */
  orderInIssue: number | null;
  /** YYYY-MM-DD, or null (the issue's date). */
  publishDate: string | null;
  /** The published PDF, or null (a metadata-only record). */
  galley: ImportedFile | null;
}

/** A person of the journal (OJS Users XML). */
export interface ImportedPerson {
  kind: 'person';
  place: Place;
  sourceId: string;
  email: string;
  username: string;
  givenName: Localized;
  familyName: Localized;
  affiliation: Localized;
  /** ISO 3166 alpha-2, or ''. */
  country: string;
  phone: string;
  orcid: string | null;
  /** The source's role names, as it writes them ("Journal manager", "Reviewer"…); the engine maps them to ours. */
  roles: string[];
  /** Reviewing interests, as keywords. */
  interests: string[];
  /** The source's password hash with its kind, when it gives one the platform can check at a first sign-in. */
  password: { kind: 'bcrypt' | 'sha1' | 'md5'; hash: string } | null;
}

/** A record the reader could not read, with why (a message key of core's catalogue and its values). */
export interface RefusedRecord {
  kind: 'refused';
  place: Place;
  reason: MessageKey;
  values?: Record<string, string | number>;
}

export type ImportedRecord = ImportedPaper | ImportedPerson | RefusedRecord;

/** What a reader is given: the uploaded file (or the harvest's address) and a folder of its own for the files. */
export interface ReaderInput {
  /** The uploaded file on disk (an XML, a zip, a CSV or XLSX), or null for a harvest. */
  file: string | null;
  /** The uploaded file's name as the manager's computer had it. */
  fileName: string;
  /** The address to harvest (OAI-PMH base URL), or null. */
  url: string | null;
  /** A folder of this import's own, empty at first, where the reader puts the files it takes out. */
  workDir: string;
  signal?: AbortSignal;
  /**
   * How a reader that fetches (the OAI-PMH harvest) may reach the network: the operator's settings, as
   * `fetchPolicyOf(config)` makes them. Absent: public addresses only, 30 s and 100 MB a fetch.
   */
  fetchPolicy?: FetchPolicy;
}

export type ImportReader = (input: ReaderInput) => AsyncIterable<ImportedRecord>;

/** A source that cannot be read at all: the whole import is refused with this reason (4xx, translated). */
export class ImportFileError extends Error {
  constructor(
    readonly reason: MessageKey,
    readonly values: Record<string, string | number> = {},
    detail?: string,
  ) {
    super(detail ?? reason);
  }
}
