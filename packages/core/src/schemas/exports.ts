import { z } from 'zod';

/**
 * Leaving (issue 45 "And leaving", decision 0082): the journal's whole archive exported in the formats the import
 * reads — OJS Native XML (every issue with its papers, the PDFs embedded) or JATS with the PDFs beside (a zip, one
 * article a file). An export is made in the background; the manager follows its progress and downloads its file.
 */

export const EXPORT_FORMATS = ['ojs', 'jats'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** An export's life: `queued` → `running` → `done`, or `failed` (its error says why). */
export const EXPORT_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type ExportState = (typeof EXPORT_STATES)[number];
/** The states in which the export's job works on it. */
export const EXPORT_BUSY_STATES: readonly ExportState[] = ['queued', 'running'];

export const EXPORT_LIMITS = {
  /** The exports the screen lists, newest first. */
  listSize: 20,
  /** A finished export's file is kept this many days, then housekeeping removes the export. */
  keepDays: 7,
  /** The papers exported without their PDF that an export names (it counts them all). */
  missingListed: 20,
} as const;

export const exportParams = z.object({ slug: z.string().min(1).max(60), id: z.coerce.number().int().min(1) });
export const exportListParams = z.object({ slug: z.string().min(1).max(60) });

export const createExportRequest = z.object({ format: z.enum(EXPORT_FORMATS) });
export type CreateExportRequest = z.infer<typeof createExportRequest>;

export const exportView = z.object({
  id: z.number(),
  format: z.enum(EXPORT_FORMATS),
  state: z.enum(EXPORT_STATES),
  createdAt: z.string(),
  createdBy: z.object({ id: z.number(), fullName: z.string() }).nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** The papers of the archive (known once the export starts) and those written so far. */
  progress: z.object({ papers: z.number(), papersDone: z.number() }),
  /** The file to download once done: its name and size in bytes. */
  fileName: z.string().nullable(),
  bytes: z.number().nullable(),
  /** Why it failed, translated (state `failed`). */
  error: z.object({ key: z.string(), message: z.string() }).nullable(),
  /**
   * A done export whose papers' PDFs the storage no longer had: those papers are in the file without their PDF
   * (decision 0084). What the manager is told (translated), how many, and the first EXPORT_LIMITS.missingListed
   * titles in the reader's language.
   */
  missingFiles: z.object({ count: z.number(), message: z.string(), titles: z.array(z.string()) }).nullable(),
});
export type ExportView = z.infer<typeof exportView>;

export const exportResponse = z.object({ export: exportView });
export const exportListResponse = z.object({ items: z.array(exportView) });
export type ExportListResponse = z.infer<typeof exportListResponse>;
