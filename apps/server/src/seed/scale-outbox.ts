import type { Tx } from '../db/client';
import { mailOutbox } from '../db/schema';
import { inBatches } from './scale-batches';
import type { Planned } from './scale-plan';

/**
 * The journal's outbox as its papers left it (issue 22 §3, the outbox screen's bench): for each submitted paper the
 * receipt to its author, the notice to the editor, and a decision or an invitation; sent, a few failed. The bodies
 * are short: the screen never reads them.
 */
export async function writeOutbox(tx: Tx, journalId: number, planned: Planned[], editorEmail: string) {
  const kinds = ['paperReceived', 'newProposal', 'reviewInvitation', 'finalDecision'] as const;
  const rows = planned
    .filter((paper) => paper.submittedAt)
    .flatMap((paper, n) =>
      kinds.slice(0, 3).map((kind, k) => {
        const at = new Date(paper.submittedAt!.getTime() + k * 3_600_000);
        const failed = (n + k) % 97 === 0;
        return {
          journalId,
          toAddress: kind === 'newProposal' ? editorEmail : paper.creator.email,
          kind: k === 2 && paper.status >= 4 ? kinds[3] : kind,
          subject: `${paper.code ?? ''}: ${paper.title[0]}`.slice(0, 200),
          text: 'Scale data.',
          state: failed ? ('failed' as const) : ('sent' as const),
          attempts: failed ? 5 : 1,
          lastError: failed ? 'Error: connect ECONNREFUSED 127.0.0.1:25' : null,
          createdAt: at,
          sentAt: failed ? null : at,
        };
      }),
    );
  await inBatches(rows, (batch) => tx.insert(mailOutbox).values(batch).returning({ id: mailOutbox.id }));
  return rows.length;
}
