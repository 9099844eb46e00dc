import { z } from 'zod';
import { MB } from '../files';

/**
 * Moving in (issue 45, decision 0076): a journal's past brought in from an OJS export, a JATS folder, a spreadsheet
 * with its PDFs or an OAI-PMH harvest. An import is first checked (the dry run: what would be created, updated,
 * skipped and refused, record by record), then run in the background, and can be undone as a whole while nothing
 * else has touched what it wrote. The Import screen and the server read these.
 */

export const IMPORT_SOURCES = ['ojs', 'ojsUsers', 'jats', 'spreadsheet', 'oai'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/**
 * An import's life: `checking` (its dry run in the background) → `checked` (the report waits for the manager) →
 * `queued` → `running` → `done` (→ `undone`); `failed` when its file could not be read at all.
 */
export const IMPORT_STATES = ['checking', 'checked', 'queued', 'running', 'done', 'failed', 'undone'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];
/** The states in which the import's job works on it: it is not discarded then. */
export const IMPORT_BUSY_STATES: readonly ImportState[] = ['checking', 'queued', 'running'];

export const IMPORT_ACTIONS = ['create', 'update', 'skip', 'refuse'] as const;
export type ImportAction = (typeof IMPORT_ACTIONS)[number];

export const IMPORT_KINDS = ['issue', 'paper', 'person'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** When the dry run refused records: import the others (`skip`), or write nothing at all (`nothing`). */
export const IMPORT_ON_REFUSAL = ['skip', 'nothing'] as const;
export type ImportOnRefusal = (typeof IMPORT_ON_REFUSAL)[number];

export const IMPORT_LIMITS = {
  /** The uploaded file (an XML with its PDFs inside, a zip, a spreadsheet): past this, 413. */
  fileBytes: 1024 * MB,
  /** The harvest's base URL. */
  urlLength: 2000,
  /** The imports the screen lists, newest first. */
  listSize: 20,
  /** Report lines a page. */
  linesPageSize: 20,
  /** A line's title as kept in the report. */
  titleLength: 500,
  /** What the source names in a line's place (a file's path, an id, a column's header), as kept (import-place.ts). */
  placeNameLength: 100,
} as const;

export const importParams = z.object({ slug: z.string().min(1).max(60), id: z.coerce.number().int().min(1) });
export const importListParams = z.object({ slug: z.string().min(1).max(60) });

export const importProgress = z.object({
  records: z.number(),
  recordsDone: z.number(),
  files: z.number(),
  filesDone: z.number(),
  /** From the pace so far; null until there is one. */
  secondsLeft: z.number().nullable(),
});

export const importSummary = z.object({ create: z.number(), update: z.number(), skip: z.number(), refuse: z.number() });
export type ImportSummary = z.infer<typeof importSummary>;

export const importView = z.object({
  id: z.number(),
  source: z.enum(IMPORT_SOURCES),
  fileName: z.string().nullable(),
  url: z.string().nullable(),
  state: z.enum(IMPORT_STATES),
  onRefusal: z.enum(IMPORT_ON_REFUSAL).nullable(),
  createdAt: z.string(),
  createdBy: z.object({ id: z.number(), fullName: z.string() }).nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  progress: importProgress,
  /** Of the dry run while `checked`; of the real import once it runs. */
  summary: importSummary,
  /** A file that could not be read at all (state `failed`), translated. */
  error: z.object({ key: z.string(), message: z.string() }).nullable(),
  undoable: z.boolean(),
});
export type ImportView = z.infer<typeof importView>;

export const importResponse = z.object({ import: importView });
export const importListResponse = z.object({ items: z.array(importView) });
export type ImportListResponse = z.infer<typeof importListResponse>;

export const importLinesQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  action: z.enum(IMPORT_ACTIONS).optional(),
});

export const importLine = z.object({
  position: z.number(),
  /** Where the record is in its source (an element path, a row, a file in a zip), worded in the reader's language. */
  place: z.string(),
  kind: z.enum(IMPORT_KINDS),
  action: z.enum(IMPORT_ACTIONS),
  title: z.string(),
  /** Why it is skipped or refused, translated; null when created or updated. */
  reason: z.string().nullable(),
});
export type ImportLine = z.infer<typeof importLine>;

export const importLinesResponse = z.object({
  items: z.array(importLine),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type ImportLinesResponse = z.infer<typeof importLinesResponse>;

export const runImportRequest = z.object({ onRefusal: z.enum(IMPORT_ON_REFUSAL) });
export type RunImportRequest = z.infer<typeof runImportRequest>;
