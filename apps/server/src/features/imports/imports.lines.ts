import { IMPORT_LIMITS, type ImportAction, type ImportKind } from '@journals/core/schemas/imports';
import type { MessageKey } from '@journals/core/i18n/index';
import { importPlace, keptPlace, type ImportPlace } from '@journals/core/schemas/import-place';
import type { Tx } from '../../db/client';
import { journalImportLines } from '../../db/schema';

/** Why a record is skipped or refused: a message key of core's catalogue and its values. */
export interface Refusal {
  reason: MessageKey;
  values?: Record<string, string | number>;
}

/** A line of the report as a pass makes it, before its position. */
export interface LineDraft {
  kind: ImportKind;
  action: ImportAction;
  place: ImportPlace;
  title: string;
  sourceId?: string | null;
  refusal?: Refusal;
  paperId?: number;
  issueId?: number;
  userId?: number;
  createdIssue?: boolean;
  replaced?: unknown;
  madeAt?: Date;
}

export const refusedLine = (kind: ImportKind, place: ImportPlace, title: string, refusal: Refusal): LineDraft => ({
  kind,
  action: 'refuse',
  place,
  title,
  refusal,
});

/**
 * A line's place as the report keeps it: its parts as JSON in the `place` column (decision 0084), worded in the
 * reader's language when shown. A line written before then holds the English text it was shown with, kept as is.
 */
export function placeOfLine(stored: string): ImportPlace | string {
  if (!stored.startsWith('[')) return stored;
  try {
    const parsed = importPlace.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : stored;
  } catch {
    return stored;
  }
}

/** Writes a record's lines from `position` on; answers the next position. */
export async function writeLines(tx: Tx, importId: number, position: number, lines: LineDraft[]) {
  if (lines.length === 0) return position;
  await tx.insert(journalImportLines).values(
    lines.map((line, index) => ({
      importId,
      position: position + index,
      place: JSON.stringify(keptPlace(line.place)),
      kind: line.kind,
      action: line.action,
      sourceId: line.sourceId ?? null,
      title: line.title.slice(0, IMPORT_LIMITS.titleLength),
      reasonKey: line.refusal?.reason ?? null,
      reasonValues: line.refusal?.values ?? null,
      paperId: line.paperId ?? null,
      issueId: line.issueId ?? null,
      userId: line.userId ?? null,
      createdIssue: line.createdIssue ? 1 : 0,
      replaced: line.replaced ?? null,
      madeAt: line.madeAt ?? null,
    })),
  );
  return position + lines.length;
}

/** How many lines of each action a record's lines add to the import's counts. */
export function countsOf(lines: LineDraft[]) {
  const counts = { create: 0, update: 0, skip: 0, refuse: 0 };
  for (const line of lines) counts[line.action] += 1;
  return counts;
}
