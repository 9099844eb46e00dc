import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  archivedPapers,
  issues,
  journalImportLines,
  journalImports,
  paperAuthors,
  paperFiles,
  papers,
} from '../../db/schema';
import type { Deps } from '../../lib/deps';
import { AppError, ConflictError } from '../../lib/errors';
import type { Journal } from '../../domain/journal-context';
import { removeStored } from '../../domain/paper-files';
import { importRow } from './imports.service';
import type { Replaced } from './imports.writes';
import { undoPeople } from './imports.undo-people';

/**
 * Undoes a finished import as a whole, in one transaction (decision 0076): the papers it created go (with their
 * files and authors), the papers it updated get back what they had, the issues it created go once empty, and the
 * orders of the issues it touched close up again. Only while nothing else has touched those papers since: an
 * archived paper's modified_at other than the one the import left is a 409 naming the paper, and nothing changes.
 */
export async function undoImport(deps: Pick<Deps, 'db' | 'storage'>, journal: Journal, id: number) {
  const { row } = await importRow(deps.db, journal, id);
  if (row.state !== 'done') throw ConflictError('imports.undo_not_done');
  const removedKeys = await deps.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ state: journalImports.state })
      .from(journalImports)
      .where(eq(journalImports.id, id))
      .for('update');
    if (locked?.state !== 'done') throw ConflictError('imports.undo_not_done');
    const lines = await tx
      .select()
      .from(journalImportLines)
      .where(
        and(
          eq(journalImportLines.importId, id),
          eq(journalImportLines.kind, 'paper'),
          inArray(journalImportLines.action, ['create', 'update']),
        ),
      )
      .orderBy(journalImportLines.position);
    const paperIds = lines.flatMap((line) => (line.paperId ? [line.paperId] : []));
    const current = paperIds.length
      ? await tx
          .select({
            paperId: archivedPapers.paperId,
            modifiedAt: archivedPapers.modifiedAt,
            issueId: archivedPapers.issueId,
          })
          .from(archivedPapers)
          .where(inArray(archivedPapers.paperId, paperIds))
          .orderBy(archivedPapers.paperId)
          .for('update')
      : [];
    const byPaper = new Map(current.map((paper) => [paper.paperId, paper]));
    for (const line of lines) {
      const paper = line.paperId ? byPaper.get(line.paperId) : undefined;
      if (!paper || paper.modifiedAt.getTime() !== line.madeAt?.getTime())
        throw new AppError('conflict', 'imports.undo_touched', undefined, { title: line.title });
    }
    const keys: string[] = [];
    const touchedIssues = new Set(current.map((paper) => paper.issueId));
    for (const line of lines.filter((each) => each.action === 'create')) {
      const files = await tx
        .select({ key: paperFiles.storageKey })
        .from(paperFiles)
        .where(eq(paperFiles.paperId, line.paperId!));
      keys.push(...files.map((file) => file.key));
      await tx.delete(papers).where(eq(papers.id, line.paperId!));
    }
    // Updates are restored last first, so a paper the file updated twice gets what it had before the import.
    for (const line of lines.filter((each) => each.action === 'update').reverse()) {
      const replaced = line.replaced as Replaced;
      const { publishDate, ...archive } = replaced.archive;
      await tx
        .update(archivedPapers)
        .set({ ...archive, publishDate, modifiedAt: new Date(replaced.modifiedAt) })
        .where(eq(archivedPapers.paperId, line.paperId!));
      if (replaced.paper) await tx.update(papers).set(replaced.paper).where(eq(papers.id, line.paperId!));
      await tx.delete(paperAuthors).where(eq(paperAuthors.paperId, line.paperId!));
      if (replaced.authors.length > 0) await tx.insert(paperAuthors).values(replaced.authors);
      if (replaced.newFileId) {
        const [file] = await tx
          .delete(paperFiles)
          .where(eq(paperFiles.id, replaced.newFileId))
          .returning({ key: paperFiles.storageKey });
        if (file) keys.push(file.key);
      }
    }
    for (const issueId of touchedIssues) {
      // The issue's papers numbered 1..n again, in their order.
      await tx.execute(sql`
        update ${archivedPapers} set order_in_issue = ranked.n
        from (select paper_id, row_number() over (order by order_in_issue, paper_id) as n
              from ${archivedPapers} where issue_id = ${issueId}) ranked
        where ${archivedPapers.paperId} = ranked.paper_id and ${archivedPapers.orderInIssue} <> ranked.n`);
    }
    const createdIssues = await tx
      .select({ issueId: journalImportLines.issueId })
      .from(journalImportLines)
      .where(
        and(
          eq(journalImportLines.importId, id),
          eq(journalImportLines.kind, 'issue'),
          eq(journalImportLines.action, 'create'),
        ),
      );
    for (const { issueId } of createdIssues) {
      if (issueId === null) continue;
      await tx.execute(sql`
        delete from ${issues} where ${issues.id} = ${issueId}
          and not exists (select 1 from ${archivedPapers} where issue_id = ${issueId})
          and not exists (select 1 from ${papers} where issue_id = ${issueId})`);
    }
    await undoPeople(tx, journal.id, id);
    await tx.update(journalImports).set({ state: 'undone' }).where(eq(journalImports.id, id));
    return keys;
  });
  for (const key of removedKeys) await removeStored(deps.storage, key).catch(() => undefined);
}
