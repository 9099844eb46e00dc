import { and, eq, inArray } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { journals, mailOutbox } from '../db/schema';

export const MAX_MAIL_ATTEMPTS = 5;
/** The outbox's reason for a message of a switched-off journal. */
export const JOURNAL_OFF = 'Not sent: the journal is switched off.';

export function createTransport(config: Config): Transporter | null {
  if (!config.SMTP_URL) return null;
  const url = new URL(config.SMTP_URL);
  // A plain local relay (tests, a dev catcher) speaks no TLS; anything else negotiates it as usual.
  const local = ['127.0.0.1', 'localhost', '::1'].includes(url.hostname);
  return nodemailer.createTransport({ url: config.SMTP_URL, ignoreTLS: local && url.protocol === 'smtp:' } as never);
}

/**
 * Sends one outbox row. On failure the row keeps `pending` (or becomes `failed` after the last attempt) and the
 * error is thrown so the job queue retries it.
 */
export async function deliverMail(db: Database, config: Config, transport: Transporter, id: number, log: Logger) {
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.state, 'pending')));
  if (!mail) return;
  // A journal the platform administrator switched off sends nothing (decision 0051): the row says why, no retry.
  if (mail.journalId !== null) {
    const [journal] = await db
      .select({ active: journals.active })
      .from(journals)
      .where(eq(journals.id, mail.journalId));
    if (journal && !journal.active) {
      await db.update(mailOutbox).set({ state: 'failed', lastError: JOURNAL_OFF }).where(eq(mailOutbox.id, id));
      return;
    }
  }
  try {
    await transport.sendMail({
      from: config.MAIL_FROM,
      to: mail.toAddress,
      replyTo: mail.replyTo ?? undefined,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? undefined,
      // RFC 8058: mail programs offer the reader a one-click unsubscribe that POSTs to this address.
      ...(mail.unsubscribeUrl
        ? {
            list: { unsubscribe: mail.unsubscribeUrl },
            headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
          }
        : {}),
    });
    await db
      .update(mailOutbox)
      .set({ state: 'sent', sentAt: new Date(), attempts: mail.attempts + 1 })
      .where(eq(mailOutbox.id, id));
  } catch (error) {
    const attempts = mail.attempts + 1;
    await db
      .update(mailOutbox)
      .set({ attempts, lastError: String(error), state: attempts >= MAX_MAIL_ATTEMPTS ? 'failed' : 'pending' })
      .where(eq(mailOutbox.id, id));
    log.warn({ mailId: id, attempts, err: error }, 'mail delivery failed');
    throw error;
  }
}

export async function pendingMailIds(db: Database): Promise<number[]> {
  const rows = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(inArray(mailOutbox.state, ['pending']));
  return rows.map((row) => row.id);
}
