import type { Tx } from '../db/client';
import { mailOutbox } from '../db/schema';

export interface OutgoingMail {
  journalId: number | null;
  to: string;
  replyTo?: string | null;
  kind: string;
  subject: string;
  text: string;
  /** The HTML part, when the mail has one (every template mail does). */
  html?: string | null;
  /** A bulk message's one-click unsubscribe address (RFC 8058); workflow mail has none. */
  unsubscribeUrl?: string | null;
}

/**
 * Writes mails into the outbox inside the caller's transaction (DESIGN §7), in one statement however many;
 * delivery happens after commit. Returns their ids in the order given.
 */
export async function queueMail(tx: Tx, ...mails: OutgoingMail[]): Promise<number[]> {
  if (mails.length === 0) return [];
  const rows = await tx
    .insert(mailOutbox)
    .values(
      mails.map((mail) => ({
        journalId: mail.journalId,
        toAddress: mail.to,
        replyTo: mail.replyTo ?? null,
        kind: mail.kind,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? null,
        unsubscribeUrl: mail.unsubscribeUrl ?? null,
      })),
    )
    .returning({ id: mailOutbox.id });
  return rows.map((row) => row.id);
}
