import { createHmac, randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
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
 * What one delivery did (the metrics count them; nothing throws): sent; handed over without the server's answer
 * (not sent again); not sent because the journal is off; not this attempt's to send (taken, or not pending);
 * refused by the mail server (`retry`: pending again, its attempt counted, due after `retryAfterSeconds`;
 * `failed`: its last attempt); or the mail server could not be talked to at all (`unreachable`: pending, no
 * attempt counted — an outage is the platform's, not the message's — and tried again when the outage's next probe
 * is due).
 */
export type DeliveryOutcome =
  | { outcome: 'sent' | 'unconfirmed' | 'journalOff' | 'notMine' | 'failed' }
  | { outcome: 'retry' | 'unreachable'; retryAfterSeconds: number };

/** The longest wait between two tries while the mail server cannot be reached. */
export const MAX_OUTAGE_RETRY_SECONDS = 300;

/**
 * Seconds before the next attempt of a mail refused `attempts` times: the configured delay, doubling (5, 10, 20,
 * 40 s by default).
 */
export function retryDelaySeconds(config: Config, attempts: number): number {
  return config.MAIL_RETRY_DELAY_SECONDS * 2 ** Math.max(attempts - 1, 0);
}

/**
 * Whether a failed send means the mail server could not be talked to (no connection, a timeout, a broken socket,
 * its "service not available", a refused login) rather than a refusal of this message.
 */
export function serverUnreachable(error: unknown): boolean {
  const { code, responseCode } = error as { code?: string; responseCode?: number };
  return responseCode === undefined || responseCode === 421 || code === 'EAUTH';
}

/**
 * Sends one outbox row, once (decision 0058). The row is claimed in one statement (`pending` → `sending`), so two
 * workers or two jobs of one row never both send it. Just before the final dot the row is marked handed over: a
 * worker killed before that mark left nothing the mail server may deliver, and the row goes back to `pending`
 * (`outbox-recovery.ts`); one killed after it is taken as sent, never sent again by itself. A refusal or an
 * outage leaves the row `pending` with its next attempt's time (or `failed` after the last attempt), and answers
 * when to try again; it never throws, so one mail's failure never touches another's (decision 0069).
 */
export async function deliverMail(
  db: Database,
  config: Config,
  transport: Transporter,
  id: number,
  log: Logger,
  runner = MAIL_RUNNER,
  outage: MailOutage = new MailOutage(config),
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
  if (!mail) return { outcome: 'notMine' };
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
      return { outcome: 'journalOff' };
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
    outage.ended();
    return { outcome: 'sent' };
  } catch (error) {
    if (lost) {
      log.warn({ mailId: id }, 'mail delivery given up: another worker took the row over');
      return { outcome: 'notMine' };
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
      return { outcome: 'unconfirmed' };
    }
    const released = { claimedBy: null, claimedAt: null, handedOverAt: null, state: 'pending' as const };
    if (serverUnreachable(error)) {
      const retryAfterSeconds = outage.began();
      await db
        .update(mailOutbox)
        .set({
          ...released,
          lastError: `${UNREACHABLE} ${String(error)}`,
          nextAttemptAt: sql`now() + make_interval(secs => ${retryAfterSeconds})`,
        })
        .where(held);
      log.warn({ mailId: id, retryAfterSeconds, err: error }, 'mail server unreachable; the mail waits');
      return { outcome: 'unreachable', retryAfterSeconds };
    }
    outage.ended();
    const attempts = mail.attempts + 1;
    const last = attempts >= MAX_MAIL_ATTEMPTS;
    const retryAfterSeconds = retryDelaySeconds(config, attempts);
    await db
      .update(mailOutbox)
      .set({
        ...released,
        attempts,
        lastError: String(error),
        state: last ? 'failed' : 'pending',
        nextAttemptAt: sql`now() + make_interval(secs => ${retryAfterSeconds})`,
      })
      .where(held);
    log.warn({ mailId: id, attempts, err: error }, 'mail delivery failed');
    return last ? { outcome: 'failed' } : { outcome: 'retry', retryAfterSeconds };
  }
}

/** The outbox's note on a mail that waits because the mail server could not be reached (no attempt counted). */
export const UNREACHABLE = 'The mail server could not be reached; the mail waits and is tried again.';

/**
 * One process's view of a mail server outage: while the server cannot be reached, the next try waits the
 * configured delay, then twice as long each time, up to five minutes; the first delivery that reaches the server
 * ends it. While one is on, `waitSeconds` tells a mail how long to wait without trying (no storm of connections
 * with a full outbox).
 */
export class MailOutage {
  private delaySeconds = 0;
  private retryAt = 0;
  constructor(private readonly config: Config) {}

  /** A delivery could not reach the server: answers the seconds until the next try. */
  began(): number {
    this.delaySeconds = Math.min(
      this.delaySeconds === 0 ? Math.max(this.config.MAIL_RETRY_DELAY_SECONDS, 1) : this.delaySeconds * 2,
      MAX_OUTAGE_RETRY_SECONDS,
    );
    this.retryAt = Date.now() + this.delaySeconds * 1000;
    return this.delaySeconds;
  }

  ended(): void {
    this.delaySeconds = 0;
    this.retryAt = 0;
  }

  /** Seconds a mail should wait before trying, 0 when it may try now. */
  waitSeconds(): number {
    return Math.max(Math.ceil((this.retryAt - Date.now()) / 1000), 0);
  }
}
