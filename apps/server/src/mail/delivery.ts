import { createHmac, randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Readable } from 'node:stream';
import { and, eq, inArray, sql } from 'drizzle-orm';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { journals, mailOutbox } from '../db/schema';

export const MAX_MAIL_ATTEMPTS = 5;
/** The outbox's reason for a message of a switched-off journal. */
export const JOURNAL_OFF = 'Not sent: the journal is switched off.';
/** The outbox's note on a mail whose sender stopped after the mail server had the whole message (decision 0058). */
export const UNCONFIRMED =
  'The mail server had the whole message but did not confirm it before delivery stopped; it is not sent again by itself. If it did not arrive, check the mail server’s log before sending it again.';

/**
 * This process as a holder of outbox rows: its host, its pid, and a mark of this start (a restarted container
 * often gets its predecessor's pid again).
 */
export const MAIL_RUNNER = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

/**
 * A row held `sending` this long by a process this one cannot see (another host) is taken as abandoned. A send
 * ends within the transport's timeouts below, far sooner; a holder that is only slow loses nothing by it, since
 * every write of the attempt checks that it still holds the row.
 */
const ABANDONED_AFTER = '10 minutes';

/** What `beforeFinalDot` in a message's options asks of the transport (see `createTransport`). */
interface HeldMessage {
  beforeFinalDot?: () => Promise<void>;
}

export function createTransport(config: Config): Transporter | null {
  if (!config.SMTP_URL) return null;
  const url = new URL(config.SMTP_URL);
  // A plain local relay (tests, a dev catcher) speaks no TLS; anything else negotiates it as usual.
  const local = ['127.0.0.1', 'localhost', '::1'].includes(url.hostname);
  const transport = nodemailer.createTransport({
    url: config.SMTP_URL,
    ignoreTLS: local && url.protocol === 'smtp:',
    // Every send ends in bounded time (nodemailer waits ten minutes on a silent socket by default).
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  } as never);
  // The message reaches the connection only once the server has taken the envelope (after DATA); it ends — and
  // the connection writes the final dot that hands it over — only after `beforeFinalDot` has recorded so.
  transport.use('stream', (mail, done) => {
    const hook = (mail.data as HeldMessage).beforeFinalDot;
    if (hook) {
      const message = mail.message as unknown as { createReadStream: (...args: unknown[]) => Readable };
      const original = message.createReadStream.bind(message);
      message.createReadStream = (...args) => heldBack(original(...args), hook);
    }
    done();
  });
  return transport;
}

/** `source` with its end held until `beforeEnd` resolves; if it fails, the stream errs and never ends. */
function heldBack(source: Readable, beforeEnd: () => Promise<void>): Readable {
  return Readable.from(
    (async function* () {
      for await (const chunk of source) yield chunk as Buffer;
      await beforeEnd();
    })(),
    { objectMode: false },
  );
}

/**
 * The mail's Message-ID, the same on every attempt: a message sent again is recognisably the same message. The
 * outbox row's id and its creation time (ids start again on a new database) and a mark of the site's secret
 * (two sites on one mail domain) keep it unique.
 */
export function messageIdOf(config: Config, mail: { id: number; createdAt: Date }): string {
  const domain = /@([^\s>]+)>?\s*$/.exec(config.MAIL_FROM)?.[1] ?? new URL(config.PUBLIC_URL).hostname;
  const site = createHmac('sha256', config.SECRET).update('message-id').digest('hex').slice(0, 12);
  return `<outbox.${mail.id}.${mail.createdAt.getTime().toString(36)}.${site}@${domain}>`;
}

/**
 * Sends one outbox row, once (decision 0058). The row is claimed in one statement (`pending` → `sending`), so two
 * workers or two jobs of one row never both send it. Just before the final dot the row is marked handed over: a
 * worker killed before that mark left nothing the mail server may deliver, and the row goes back to `pending`
 * (`recoverInterruptedMail`); one killed after it is taken as sent, never sent again by itself. On a refusal the
 * row goes back to `pending` (or becomes `failed` after the last attempt) and the error is thrown so the job
 * queue retries it.
 */
/**
 * What one delivery did (the metrics count them; a failure throws): sent; handed over without the server's answer
 * (not sent again); not sent because the journal is off; or not this attempt's to send (taken, or not pending).
 */
export type DeliveryOutcome = 'sent' | 'unconfirmed' | 'journalOff' | 'notMine';

export async function deliverMail(
  db: Database,
  config: Config,
  transport: Transporter,
  id: number,
  log: Logger,
  runner = MAIL_RUNNER,
): Promise<DeliveryOutcome> {
  const claim = `${runner}/${randomBytes(4).toString('hex')}`;
  const [mail] = await db
    .update(mailOutbox)
    .set({
      state: 'sending',
      claimedBy: claim,
      claimedAt: sql`now()`,
      handedOverAt: null,
    })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.state, 'pending')))
    .returning();
  if (!mail) return 'notMine';
  // Every later write of this attempt: only while this attempt still holds the row.
  const held = and(eq(mailOutbox.id, id), eq(mailOutbox.state, 'sending'), eq(mailOutbox.claimedBy, claim));
  // A journal the platform administrator switched off sends nothing (decision 0051): the row says why, no retry.
  if (mail.journalId !== null) {
    const [journal] = await db
      .select({ active: journals.active })
      .from(journals)
      .where(eq(journals.id, mail.journalId));
    if (journal && !journal.active) {
      await db.update(mailOutbox).set({ state: 'failed', lastError: JOURNAL_OFF }).where(held);
      return 'journalOff';
    }
  }
  let handedOver = false;
  let lost = false;
  try {
    const message: SendMailOptions & HeldMessage = {
      from: config.MAIL_FROM,
      to: mail.toAddress,
      replyTo: mail.replyTo ?? undefined,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? undefined,
      messageId: messageIdOf(config, mail),
      // RFC 8058: mail programs offer the reader a one-click unsubscribe that POSTs to this address.
      ...(mail.unsubscribeUrl
        ? {
            list: { unsubscribe: mail.unsubscribeUrl },
            headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
          }
        : {}),
      beforeFinalDot: async () => {
        const marked = await db
          .update(mailOutbox)
          .set({ handedOverAt: sql`now()` })
          .where(held)
          .returning({ id: mailOutbox.id });
        // Taken over as abandoned meanwhile: the message ends here, unfinished, and the server drops it.
        if (marked.length === 0) {
          lost = true;
          throw new Error('the outbox row is no longer held by this attempt');
        }
        handedOver = true;
      },
    };
    await transport.sendMail(message);
    await db
      .update(mailOutbox)
      .set({ state: 'sent', sentAt: new Date(), attempts: mail.attempts + 1 })
      .where(held);
    return 'sent';
  } catch (error) {
    if (lost) {
      log.warn({ mailId: id }, 'mail delivery given up: another worker took the row over');
      return 'notMine';
    }
    // The whole message went and the server said nothing (the connection broke or timed out while it decided):
    // it may well hold the message, so sending it again could deliver it twice.
    if (handedOver && (error as { responseCode?: number }).responseCode === undefined) {
      await db
        .update(mailOutbox)
        .set({
          state: 'sent',
          sentAt: sql`${mailOutbox.handedOverAt}`,
          attempts: mail.attempts + 1,
          lastError: UNCONFIRMED,
        })
        .where(held);
      log.warn({ mailId: id, err: error }, 'mail handed over without confirmation; not sent again');
      return 'unconfirmed';
    }
    const attempts = mail.attempts + 1;
    await db
      .update(mailOutbox)
      .set({
        attempts,
        lastError: String(error),
        state: attempts >= MAX_MAIL_ATTEMPTS ? 'failed' : 'pending',
        claimedBy: null,
        claimedAt: null,
        handedOverAt: null,
      })
      .where(held);
    log.warn({ mailId: id, attempts, err: error }, 'mail delivery failed');
    throw error;
  }
}

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

export async function pendingMailIds(db: Database): Promise<number[]> {
  const rows = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(inArray(mailOutbox.state, ['pending']));
  return rows.map((row) => row.id);
}
