import { hasEditorPanel } from '@journals/core/rules/permissions';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client';
import { issues } from '../../db/schema';
import type { Deps } from '../../lib/deps';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { signedInCaller } from '../../domain/journal-context';

/**
 * Who manages issues (spec 03 §6, issue 21 §1): the journal's editors with the editor panel (core `hasEditorPanel`);
 * anyone else signed in gets 403. An issue of another journal, or one deleted, is "not found, it may be deleted".
 */
export async function issueEditor(deps: Pick<Deps, 'db' | 'cache'>, request: FastifyRequest, slug: string) {
  const { journal, user, caller } = await signedInCaller(deps, request, slug);
  if (!hasEditorPanel(caller.actor)) throw ForbiddenError();
  return { journal, user };
}

export type IssueRow = typeof issues.$inferSelect;

export const issueNotFound = () => NotFoundError('issues.not_found');

/** Locks and reads an issue of the journal for a change: every change to an issue or its papers starts here. */
export async function lockIssue(tx: Tx, journalId: number, issueId: number): Promise<IssueRow> {
  const [row] = await tx
    .select()
    .from(issues)
    .where(and(eq(issues.id, issueId), eq(issues.journalId, journalId)))
    .for('update');
  if (!row) throw issueNotFound();
  return row;
}
