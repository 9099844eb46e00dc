import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema';
import { MAIL_RUNNER, MAX_MAIL_ATTEMPTS, UNCONFIRMED } from './delivery';

/**
 * What the worker finds again in the outbox (decisions 0058, 0069): rows a stopped holder left `sending`, every
 * pending row a starting worker queues, pending rows whose job was lost, and rows put off while the mail server is
 * down. Delivery itself is `delivery.ts`.
 */

/**
 * A row held `sending` this long by a process this one cannot see (another host) is taken as abandoned. A send
 * ends within the transport's timeouts below, far sooner; a holder that is only slow loses nothing by it, since
 * every write of the attempt checks that it still holds the row.
 */
const ABANDONED_AFTER = '10 minutes';

/**
 * Whether the process that holds a `sending` row is gone: on this host, its pid is not running (or is this
 * process's own pid from an earlier start); on another host, the row has been held too long.
 */
function holderGone(claim: string | null, heldTooLong: boolean, runner: string): boolean {
  if (!claim || heldTooLong) return true;
  const [host, pid, start] = claim.split('/')[0]!.split(':');
  const [ownHost, ownPid, ownStart] = runner.split(':');
  if (host !== ownHost) return false;
  if (pid === ownPid) return start !== ownStart;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * Rows left `sending` by a process that stopped in the middle of a send (a `kill -9`, a crash, a stop past its
 * time): one not yet handed over goes back to `pending` — the server had no complete message — and its id is
 * answered, to be queued again; one handed over becomes `sent` with the note that it was not confirmed.
 */
export async function recoverInterruptedMail(db: Database, log: Logger, runner = MAIL_RUNNER): Promise<number[]> {
  const rows = await db
    .select({
      id: mailOutbox.id,
      claimedBy: mailOutbox.claimedBy,
      handedOver: sql<boolean>`${mailOutbox.handedOverAt} IS NOT NULL`,
      heldTooLong: sql<boolean>`coalesce(${mailOutbox.claimedAt} < now() - interval '${sql.raw(ABANDONED_AFTER)}', true)`,
      attempts: mailOutbox.attempts,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.state, 'sending'));
  const again: number[] = [];
  for (const row of rows) {
    if (!holderGone(row.claimedBy, row.heldTooLong, runner)) continue;
    const stillHeld = and(
      eq(mailOutbox.id, row.id),
      eq(mailOutbox.state, 'sending'),
      row.claimedBy === null ? sql`${mailOutbox.claimedBy} IS NULL` : eq(mailOutbox.claimedBy, row.claimedBy),
    );
    if (row.handedOver) {
      await db
        .update(mailOutbox)
        .set({
          state: 'sent',
          sentAt: sql`${mailOutbox.handedOverAt}`,
          attempts: row.attempts + 1,
          lastError: UNCONFIRMED,
        })
        .where(stillHeld);
      log.warn({ mailId: row.id }, 'mail left handed over by a stopped worker: taken as sent, not sent again');
      continue;
    }
    const reset = await db
      .update(mailOutbox)
      .set({
        // The interrupted attempt counts.
        attempts: row.attempts + 1,
        state: row.attempts + 1 >= MAX_MAIL_ATTEMPTS ? 'failed' : 'pending',
        lastError: 'The worker stopped while sending, before the mail server had the whole message.',
        claimedBy: null,
        claimedAt: null,
      })
      .where(stillHeld)
      .returning({ id: mailOutbox.id, state: mailOutbox.state });
    if (reset[0]?.state === 'pending') again.push(row.id);
    log.warn({ mailId: row.id }, 'mail left unsent by a stopped worker: queued again');
  }
  return again;
}

/** Every pending row with the seconds until it is due (0 when it is): what a starting worker queues. */
export async function pendingMail(db: Database): Promise<{ id: number; dueInSeconds: number }[]> {
  return db
    .select({
      id: mailOutbox.id,
      dueInSeconds: sql<number>`greatest(ceil(extract(epoch from ${mailOutbox.nextAttemptAt} - now())), 0)::int`,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.state, 'pending'));
}

/**
 * Pending rows overdue by more than `graceSeconds` — their job was lost: a batch cut short, a worker killed, a
 * crash between commit and queueing — made due now and answered, to be queued again. A row still waiting in a long
 * queue may be queued twice; the claim sends it once.
 */
export async function overdueMailIds(db: Database, graceSeconds: number): Promise<number[]> {
  const rows = await db
    .update(mailOutbox)
    .set({ nextAttemptAt: sql`now()` })
    .where(
      and(
        eq(mailOutbox.state, 'pending'),
        sql`${mailOutbox.nextAttemptAt} < now() - make_interval(secs => ${graceSeconds})`,
      ),
    )
    .returning({ id: mailOutbox.id });
  return rows.map((row) => row.id);
}

/** A pending row made due in `seconds` without an attempt (the mail server is known to be down). */
export async function postponeMail(db: Database, id: number, seconds: number): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ nextAttemptAt: sql`now() + make_interval(secs => ${seconds})` })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.state, 'pending')));
}
